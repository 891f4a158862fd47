import { telHref } from '../../../shared/text';
import { whatsappHref } from '../../../shared/whatsapp';
import { Icon } from '../../components/icons';
import { pageMeta } from '../../lib/seo';
import { SERVER_DOWN_MESSAGE } from '../../lib/server-status';
import type { PageHandle } from '../../root';
import type { Route } from './+types/offline';
import offlineStyles from './offline.css?inline';

export const handle: PageHandle = { styles: [offlineStyles] };

/**
 * What the service worker shows for a page it has no copy of while the server cannot be reached
 * (docs/decisions/066): the reason, and the ways to reach the company that need no server.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.site.settings();
  return { phone: settings.phone, chatNumber: settings.chatNumber };
}

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: 'Offline',
      description:
        'The website cannot be reached right now. You can still call us or chat with us on WhatsApp.',
    }).filter((tag) => !('tagName' in tag)),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Offline({ loaderData }: Route.ComponentProps) {
  const { phone, chatNumber } = loaderData;
  return (
    <section className="section offline-page" aria-labelledby="offline-title">
      <div className="container narrow">
        <p className="eyebrow">Offline</p>
        <h1 id="offline-title">This page is not available right now</h1>
        <p className="lead">{SERVER_DOWN_MESSAGE}</p>
        <p>You can still reach us:</p>
        <p className="offline-actions">
          <a className="btn btn-primary" href={telHref(phone)}>
            <Icon name="phone" /> Call {phone}
          </a>
          <a className="btn btn-chat" href={whatsappHref(chatNumber)} target="_blank" rel="noopener">
            <Icon name="chat" /> WhatsApp {chatNumber}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        <p>
          <a href="/home">Back to the home page</a>
        </p>
      </div>
    </section>
  );
}
