import { data } from 'react-router';
import { formatTime } from '../../../shared/clock';
import type { ContactStage } from '../../../shared/constants';
import type { TrackedRequest } from '../../../shared/site-data';
import { stageWords } from '../../../shared/stage-words';
import { telHref } from '../../../shared/text';
import { whatsappHref } from '../../../shared/whatsapp';
import { NotFoundContent } from '../../components/page-error';
import { useSiteSettings } from '../../lib/site';
import type { Route } from './+types/track';

/**
 * A contact request's private status page, behind the unguessable link its sender was given.
 * Only the request's reference, service, date and stage are shown: never the sender's details,
 * staff notes or anything of other requests. An unknown token gets the site's plain 404, the
 * same bytes as any missing page. The server answers every /track/ URL `private, no-store` and
 * `noindex, nofollow` (plugins/security-headers.ts) and logs it without the token.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const request = await context.site.trackRequest(params.token ?? '');
  if (!request) return data({ request: null }, { status: 404 });
  return { request };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded?.request ? `Request ${loaded.request.reference}` : 'Page not found' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

// Dates as the company's visitors read them; the company works in Pakistan's time.

type StepState = 'done' | 'current' | 'upcoming';

/** The stages in the order a request goes through them, in the visitor's words. */
function stepsOf(request: TrackedRequest, zone: string): { label: string; state: StepState }[] {
  if (request.stage === 'lost')
    return [
      { label: stageWords('new'), state: 'done' },
      { label: stageWords('lost'), state: 'current' },
    ];
  const order: ContactStage[] = ['new', 'contacted', 'scheduled', 'done'];
  const reached = order.indexOf(request.stage);
  return order.map((stage, index) => ({
    label: stageWords(stage, request.scheduledAt, 'long', zone),
    state: index < reached || request.stage === 'done' ? 'done' : index === reached ? 'current' : 'upcoming',
  }));
}

export default function Track({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { request } = loaderData;
  if (!request) return <NotFoundContent />;
  const steps = stepsOf(request, settings.timeZone);
  return (
    <section className="section" aria-labelledby="track-title">
      <div className="container narrow track-page">
        <p className="eyebrow">Your request</p>
        <h1 id="track-title">Request {request.reference}</h1>
        <dl className="track-facts">
          <div>
            <dt>Received</dt>
            <dd>{formatTime(request.receivedAt, settings.timeZone)}</dd>
          </div>
          {request.service ? (
            <div>
              <dt>Service</dt>
              <dd>{request.service}</dd>
            </div>
          ) : null}
        </dl>
        <h2 className="track-heading">Where it stands</h2>
        <ol className="track-steps">
          {steps.map((step) => (
            <li
              key={step.label}
              className={`track-step is-${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              {step.label}
            </li>
          ))}
        </ol>
        <p className="track-help">
          Need us sooner? Call <a href={telHref(settings.phone)}>{settings.phone}</a>, 24/7, or{' '}
          <a href={whatsappHref(settings.chatNumber)} target="_blank" rel="noopener noreferrer">
            WhatsApp us<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          and give your reference, <span className="nowrap">{request.reference}</span>.
        </p>
      </div>
    </section>
  );
}
