/**
 * The one script a public page loads (docs/decisions/067). Pages are React rendered on the
 * server and never hydrate; each piece that needs script is bound here to the HTML that already
 * works without it. Module scripts run once the document is parsed.
 */

import { registerServiceWorker } from '../service-worker/register';
import { bindCarousel } from './carousel';
import { bindCompare } from './compare';
import { bindContactForm } from './contact-form';
import { bindCopyLink } from './copy-link';
import { bindDisclosure } from './disclosure';
import { bindLightbox } from './lightbox';
import { bindLogout } from './logout';
import { bindOpenNow } from './open-now';
import { revealOnScroll } from './scroll-reveal';
import { bindServerStatus } from './server-status';
import { bindSubscribeForm } from './subscribe-form';
import { countTaps } from './taps';
import { loadTypefaceAfterPaint } from './typeface';

const islands: Record<string, (element: never) => void> = {
  carousel: bindCarousel,
  compare: bindCompare,
  'contact-form': bindContactForm,
  'copy-link': bindCopyLink,
  disclosure: bindDisclosure,
  lightbox: bindLightbox,
  logout: bindLogout,
  'open-now': bindOpenNow,
  subscribe: bindSubscribeForm,
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const bind = islands[element.dataset.island ?? ''];
  if (bind) (bind as (element: HTMLElement) => void)(element);
}
const banner = document.querySelector<HTMLElement>('[data-server-banner]');
if (banner) bindServerStatus(banner);
revealOnScroll();
countTaps();
loadTypefaceAfterPaint();
// Keeps the public pages a visitor has seen readable when the server is down (docs/decisions/066).
registerServiceWorker();
// Every island is bound: the page is ready for a visitor (and for the journeys that wait on it).
document.documentElement.dataset.ready = 'true';
