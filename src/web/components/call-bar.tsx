import type { SiteSettings } from '../../shared/content/settings';
import { telHref } from '../../shared/text';
import { whatsappHref } from '../../shared/whatsapp';
import { Icon } from './icons';
import { BUTTON_WORDS } from './words';

/**
 * Call and WhatsApp, pinned to the bottom of a phone's screen: on a phone the header's call
 * button is hidden and the hero's scrolls away. Plain links and CSS only (public.css shows it
 * below the tablet breakpoint and pads the page so nothing ends up under it).
 */
export function CallBar({ settings }: { settings: SiteSettings }) {
  return (
    <nav className="call-bar" aria-label="Call or message us">
      <a className="btn btn-accent call-bar-link" href={telHref(settings.phone)}>
        <Icon name="phone" />
        <span>{BUTTON_WORDS.callNow}</span>
        <span className="visually-hidden"> {settings.phone}</span>
      </a>
      <a
        className="btn btn-chat call-bar-link"
        href={whatsappHref(settings.chatNumber)}
        target="_blank"
        rel="noopener"
      >
        <Icon name="chat" />
        <span>WhatsApp</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </nav>
  );
}
