import { data, Link } from 'react-router';
import { siteTimeZone } from '../../../shared/clock';
import { centerPath } from '../../../shared/seo/public-pages';
import { CenterSummary, CentersMap, openNowAttributes } from '../../components/centers';
import centersStyles from '../../components/centers.css?inline';
import { ContactForm, ContactThanks } from '../../components/contact-form';
import { SectionHeading } from '../../components/section-heading';
import { ContactDetails } from '../../components/sections';
import { type CenterView, toCenterView } from '../../lib/centers';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT,
  CONTACT_MESSAGES,
  CONTACT_PHOTOS,
  contactInput,
} from '../../lib/public-forms';
import { pageMeta } from '../../lib/seo';
import { useSiteSettings } from '../../lib/site';
import type { PageHandle } from '../../root';
import type { Route } from './+types/contact';

export const handle: PageHandle = { styles: [centersStyles] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const [settings, services, centers] = await Promise.all([
    context.site.settings(),
    context.site.list('service'),
    context.site.list('servicecenter'),
  ]);
  const timeZone = siteTimeZone(settings.timeZone);
  const at = context.now();
  const options = services.map(({ slug, title }) => ({ slug, title }));
  // "Request a visit" on a service or project links here with ?service=<slug>: that service starts selected. An
  // unknown slug selects nothing (the page still works; a forged post gets the server's 400).
  const asked = new URL(request.url).searchParams.get('service');
  const service = options.some((option) => option.slug === asked) ? asked : null;
  return {
    city: settings.city,
    services: options,
    service,
    centers: centers.map((record) => toCenterView(record, at, timeZone)),
    timeZone,
  };
}

/**
 * The contact form posted without JavaScript: the same checks as the API, answered with a page.
 * Posted as multipart/form-data, its photos were checked and stored by the server before this
 * runs (`context.uploads`); photos stored by an earlier, refused post come back as tokens.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(CONTACT_FIELDS.map(({ name }) => [name, String(form.get(name) ?? '')]));
  const trap = String(form.get(CONTACT_HONEYPOT) ?? '');
  const kept = form.getAll(CONTACT_PHOTOS).map(String).filter(Boolean);
  const photos = [...kept, ...(context.uploads?.photos ?? [])];
  const refuse = (status: number, message: string, fields: Record<string, string>) =>
    data({ ok: false as const, message, fields, values, photos }, { status });
  const refused = context.uploads?.error;
  if (refused)
    return refuse(
      refused.status,
      refused.status === 400 || refused.status === 413 ? CONTACT_MESSAGES.invalid : refused.message,
      {
        [CONTACT_PHOTOS]: refused.message,
      },
    );
  const input: Record<string, unknown> = contactInput(values);
  if (trap) input[CONTACT_HONEYPOT] = trap;
  if (photos.length > 0) input[CONTACT_PHOTOS] = photos;
  const result = await context.site.submitForm('contactus', input, { ip: context.clientIp });
  if (result.ok)
    return {
      ok: true as const,
      receipt: result.receipt
        ? {
            reference: result.receipt.reference,
            trackUrl: result.receipt.trackUrl,
            trackLink: `${context.origin}${result.receipt.trackUrl}`,
            urgent: input.urgent === true,
            // As they typed it: the WhatsApp link reads it through the same rule the server does.
            phone: values.phone ?? '',
          }
        : null,
    };
  const message =
    result.status === 400
      ? CONTACT_MESSAGES.invalid
      : result.status === 429
        ? result.error
        : CONTACT_MESSAGES.failed;
  // Photos the server refused are chosen again; the others stay attached to the next try.
  const fields = result.fields ?? {};
  return data(
    { ok: false as const, message, fields, values, photos: fields[CONTACT_PHOTOS] ? [] : photos },
    { status: result.status },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Contact us',
    description: `Call, e-mail or message us${args.data?.city ? ` in ${args.data.city}` : ''}. Our technicians are available 24/7 for installation, maintenance and emergency repairs.`,
  });
}

export default function Contact({ actionData, loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  if (actionData?.ok) {
    const { receipt } = actionData;
    return (
      <section className="section" aria-labelledby="contact-thanks-title">
        <div className="container narrow">
          <div className="card card-pad">
            {receipt ? (
              <ContactThanks {...receipt} company={settings.companyName} headingLevel={1} />
            ) : (
              <>
                <p className="form-notice is-success" role="status">
                  {CONTACT_MESSAGES.sent}
                </p>
                <h1 id="contact-thanks-title">Thank you for contacting us</h1>
              </>
            )}
          </div>
        </div>
      </section>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <section className="page-header">
        <div className="container">
          <SectionHeading level={1} eyebrow="Get in touch" title="Contact us">
            Tell us what needs fixing. We answer every message, and our phone line is open 24/7.
          </SectionHeading>
        </div>
      </section>
      <section className="section" aria-label="Contact details and form">
        <div className="container contact-layout">
          <ContactDetails settings={settings} />
          <div className="card card-pad">
            <h2>Send us a message</h2>
            <ContactForm
              key={failed ? 'failed' : 'fresh'}
              services={loaderData.services}
              initialValues={
                failed?.values ?? (loaderData.service ? { service: loaderData.service } : undefined)
              }
              initialErrors={failed?.fields}
              attachedPhotos={failed?.photos}
              initialNotice={failed ? { kind: 'error', text: failed.message } : null}
            />
          </div>
        </div>
      </section>
      {loaderData.centers.length > 0 ? (
        <CentersSection centers={loaderData.centers} timeZone={loaderData.timeZone} />
      ) : null}
    </>
  );
}

/** Every center: where it is, its hours, whether it is open now and the way there, beside the map. */
function CentersSection({ centers, timeZone }: { centers: CenterView[]; timeZone: string }) {
  return (
    <section className="section section-tint" aria-labelledby="contact-centers">
      <div className="container">
        <h2 id="contact-centers">Our service centers</h2>
        <div className="contact-centers">
          <CentersMap centers={centers} />
          <ul className="center-list">
            {centers.map((center) => (
              <li key={center.id} className="card card-pad" {...openNowAttributes(center, timeZone)}>
                <h3>
                  <Link to={centerPath(center.slug)}>{center.name}</Link>
                </h3>
                <CenterSummary center={center} />
                {center.areas.length > 0 ? (
                  <p className="center-areas">Serving {center.areas.join(', ')}</p>
                ) : null}
                {center.directions ? (
                  <p>
                    <a className="text-link" href={center.directions} target="_blank" rel="noopener">
                      Directions
                      <span className="visually-hidden"> to {center.name} (opens in a new tab)</span>
                    </a>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
