import { OFFLINE_CONTACT_PATH } from '../../shared/offline-contact';
import { telHref } from '../../shared/text';
import { whatsappHref } from '../../shared/whatsapp';
import { watchServer } from '../lib/server-status';

/**
 * The server-down banner (ServerDownNotice in the page): shown while the server cannot be
 * reached, with the company's phone, and gone once it answers again. While it shows, the page's
 * numbers are those of the settings now (the service worker's kept file), not the ones this copy
 * was rendered with.
 */
export function bindServerStatus(banner: HTMLElement) {
  const text = banner.querySelector<HTMLElement>('[data-server-banner-text]');
  const message = text?.textContent ?? '';
  let numbersChecked = false;
  watchServer((down) => {
    // Before anything else: a page the worker served offline is already marked down.
    if (down && !numbersChecked) {
      numbersChecked = true;
      void showCurrentNumbers(banner);
    }
    const root = document.documentElement;
    if (down === 'serverDown' in root.dataset) return;
    if (down) root.dataset.serverDown = '';
    else delete root.dataset.serverDown;
    // Put the words in again as the banner appears (a new text node), so that screen readers
    // announce the alert.
    if (down && text) text.textContent = message;
  });
}

/**
 * Every link of this page to the company's phone or chat, turned to the numbers the settings
 * say now. The banner's own links name the numbers the page was rendered with.
 */
async function showCurrentNumbers(banner: HTMLElement) {
  const phoneLink = banner.querySelector<HTMLAnchorElement>('a[data-site-phone]');
  const chatLink = banner.querySelector<HTMLAnchorElement>('a[data-site-chat]');
  if (!phoneLink || !chatLink) return;
  const current = await fetch(OFFLINE_CONTACT_PATH)
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  if (typeof current?.phone !== 'string' || typeof current?.chatNumber !== 'string') return;
  const oldPhone = phoneLink.textContent?.trim() ?? '';
  const oldChatHref = chatLink.getAttribute('href') ?? '';
  const oldChat = oldChatHref.replace(/\D/g, '');
  renumber(phoneLink.getAttribute('href') ?? '', telHref(current.phone), oldPhone, current.phone);
  renumber(oldChatHref, whatsappHref(current.chatNumber), oldChat, current.chatNumber);
}

function renumber(oldHref: string, newHref: string, oldNumber: string, newNumber: string) {
  if (!oldHref || oldHref === newHref) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[href="${CSS.escape(oldHref)}"]`)) {
    link.href = newHref;
    if (!oldNumber) continue;
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.nodeValue?.includes(oldNumber))
        node.nodeValue = node.nodeValue.replaceAll(oldNumber, newNumber);
  }
}
