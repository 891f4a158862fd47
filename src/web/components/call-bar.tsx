import type { SiteSettings } from '../../shared/content/settings';
import { telHref } from '../../shared/text';
import { whatsappHref } from '../../shared/whatsapp';
import type { CompanyCall } from '../lib/centers';
import { openNowAttributes } from './centers';
import { Icon } from './icons';
import { BUTTON_WORDS } from './words';

/**
 * Call and WhatsApp, pinned to the bottom of a phone's screen: on a phone the header's call
 * button is hidden and the hero's scrolls away. Call rings the emergency line while the office is
 * closed (`companyCall`) and then says "Emergency line"; the open-now island corrects a copy kept
 * from another hour. Plain links and CSS (public.css shows it below the tablet breakpoint and pads
 * the page so nothing ends up under it).
 */
export function CallBar({ settings, call }: { settings: SiteSettings; call: CompanyCall | null }) {
  const emergency = call?.status.state === 'emergency';
  const phone = call?.status.callPhone ?? settings.phone;
  return (
    <nav
      className="call-bar"
      aria-label="Call or message us"
      {...(call ? openNowAttributes(call, call.timeZone) : {})}
    >
      <a
        className="btn btn-accent call-bar-link"
        href={telHref(phone)}
        data-call-button
        data-open-label={BUTTON_WORDS.callNow}
        data-emergency-label={BUTTON_WORDS.emergencyLine}
      >
        <Icon name="phone" />
        <span data-call-label>{emergency ? BUTTON_WORDS.emergencyLine : BUTTON_WORDS.callNow}</span>
        <span className="visually-hidden">
          {' '}
          <span data-call-number>{phone}</span>
        </span>
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
