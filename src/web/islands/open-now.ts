import { centerStatus, type WeeklyHours } from '../../shared/content/hours';
import { telHref } from '../../shared/text';

/**
 * A center page's "Open now" / "Closed now · emergency line open" and the number its Call button
 * dials, worked out again from the hours in the page whenever the page is read: a copy replayed
 * by the server's cache or kept by the service worker may have been rendered hours ago
 * (docs/decisions/098). The server's words stay for a visitor without JavaScript.
 */
export function bindOpenNow(page: HTMLElement) {
  const {
    hours,
    timeZone,
    utcOffset,
    offsetFrom,
    offsetUntil,
    phone = '',
    emergencyPhone = '',
  } = page.dataset;
  if (!hours || !timeZone) return;
  const week = JSON.parse(hours) as WeeklyHours;
  const show = () => {
    const now = Date.now();
    // The zone's offset while it holds (the server says until when); the zone itself, through
    // Intl, for a copy of the page kept past a change of summer time.
    const zone = utcOffset && Number(offsetFrom) <= now && now < Number(offsetUntil) ? utcOffset : timeZone;
    const status = centerStatus({ hours: week, phone, emergencyPhone }, new Date(now), zone);
    if (!status) return;
    const line = page.querySelector<HTMLElement>('[data-open-now]');
    if (line) {
      line.dataset.state = status.state;
      setText(line, '[data-status-label]', status.label);
      const call = line.querySelector<HTMLElement>('[data-status-call]');
      if (call) call.hidden = status.state === 'closed';
      const link = line.querySelector<HTMLAnchorElement>('[data-status-phone]');
      if (link) {
        link.href = telHref(status.callPhone);
        link.textContent = status.callPhone;
      }
    }
    const button = page.querySelector<HTMLAnchorElement>('[data-call-button]');
    if (button) {
      button.href = telHref(status.callPhone);
      // A button may say its own words for either number (the hero's "Call now", the bar's "Emergency line").
      const label =
        (status.state === 'emergency' ? button.dataset.emergencyLabel : button.dataset.openLabel) ??
        status.callLabel;
      setText(button, '[data-call-label]', label);
      setText(button, '[data-call-number]', status.callPhone);
    }
  };
  show();
  // A tab left open across closing time says it when the visitor comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') show();
  });
}

function setText(root: HTMLElement, selector: string, text: string) {
  const element = root.querySelector(selector);
  if (element && element.textContent !== text) element.textContent = text;
}
