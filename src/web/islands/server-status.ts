import { watchServer } from '../lib/server-status';

/**
 * The server-down banner (ServerDownNotice in the page): shown while the server cannot be
 * reached, with the company's phone, and gone once it answers again.
 */
export function bindServerStatus(banner: HTMLElement) {
  const text = banner.querySelector<HTMLElement>('[data-server-banner-text]');
  const message = text?.textContent ?? '';
  watchServer((down) => {
    const root = document.documentElement;
    if (down === 'serverDown' in root.dataset) return;
    if (down) root.dataset.serverDown = '';
    else delete root.dataset.serverDown;
    // Put the words in again as the banner appears (a new text node), so that screen readers
    // announce the alert.
    if (down && text) text.textContent = message;
  });
}
