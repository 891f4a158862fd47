import { TAP_EVENTS_PATH, type TapType } from '../../shared/taps';

/** The kind of tap a link is, or undefined for every other link. */
function tapTypeOf(link: HTMLAnchorElement): TapType | undefined {
  const href = link.getAttribute('href') ?? '';
  if (href.startsWith('tel:')) return 'call';
  if (href.startsWith('https://wa.me/')) return 'whatsapp';
  return undefined;
}

/**
 * Counts taps on every Call and WhatsApp link of the page (header, hero, call bar, footer, ...),
 * with one listener on the document, so links added later count too. The link itself is left
 * alone: the beacon goes out beside it, survives the page being left, and a page without script
 * still calls and chats. Only the kind of tap is sent (docs/decisions/070); a string beacon goes as
 * text/plain, which needs no permission from the server first.
 */
export function countTaps() {
  if (typeof navigator.sendBeacon !== 'function') return;
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const type = tapTypeOf(link);
      if (type) navigator.sendBeacon(TAP_EVENTS_PATH, JSON.stringify({ type }));
    },
    { capture: true },
  );
}
