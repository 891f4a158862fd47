import { useId } from 'react';
import { Link } from 'react-router';
import {
  checkPlainFields,
  messages,
  type PlainField,
  plainFormFields,
} from '../../shared/content/field-checks';
import type { SiteSettings } from '../../shared/content/settings';
import { subscriber } from '../../shared/content/types';
import { PUBLIC_PAGES, servicePath } from '../../shared/seo/public-pages';
import { isSiteLink, mailtoHref, telHref, whatsappHref } from '../../shared/text';
import { ApiError, api } from '../lib/api';
import { useForm } from '../lib/use-form';
import { Icon } from './icons';

export interface FooterService {
  title: string;
  slug: string;
}

/** The subscribe box's one field, built from the subscriber declaration like the contact form's. */
const SUBSCRIBE_FIELDS = plainFormFields(subscriber.fields);
const [EMAIL_FIELD] = SUBSCRIBE_FIELDS as [PlainField];
const checkSubscriber = (values: { email: string }) => checkPlainFields(SUBSCRIBE_FIELDS, values);

const STATUS_CLASS = {
  invalid: 'invalid',
  sending: 'sending',
  idle: 'idle',
  success: 'done',
  error: 'failed',
};

function SubscribeForm() {
  const id = useId();
  const form = useForm<{ email: string }>({
    values: { email: '' },
    check: checkSubscriber,
    // Not shown: a refused address always has its own message, which the status line shows first.
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      // The same answer for a new and a known address: the next step is in the visitor's inbox.
      const answer = await api<{ message?: string }>('/api/subscribers', { method: 'POST', body: values });
      return { values: { email: '' }, message: answer?.message ?? 'Thank you! Please check your inbox.' };
    },
    describeFailure: (error) =>
      error instanceof ApiError && (error.status === 400 || error.status === 429)
        ? undefined
        : 'Something went wrong. Please try again.',
  });
  // One line under the box: the address's problem, else how the last send went.
  const problem = form.errors.email;
  const status = problem ?? form.notice?.text ?? '';
  const kind = problem ? 'invalid' : form.submitting ? 'sending' : (form.notice?.kind ?? 'idle');

  return (
    <form className="subscribe" onSubmit={(event) => void form.submit(event)} noValidate>
      <label htmlFor={`${id}-email`}>Get maintenance tips and offers</label>
      <div className="subscribe-row">
        <input
          id={`${id}-email`}
          type={EMAIL_FIELD.control}
          name={EMAIL_FIELD.name}
          autoComplete={EMAIL_FIELD.autoComplete}
          maxLength={EMAIL_FIELD.maxLength}
          placeholder="you@example.com"
          value={form.values.email}
          onChange={(event) => {
            const next = event.target.value;
            form.setValue('email', () => next);
          }}
          onBlur={() => form.touch('email')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-status`}
          required={EMAIL_FIELD.required}
        />
        <button type="submit" className="btn btn-accent" disabled={form.submitting}>
          Subscribe
        </button>
      </div>
      <p id={`${id}-status`} className={`subscribe-status is-${STATUS_CLASS[kind]}`} role="status">
        {status}
      </p>
    </form>
  );
}

export function SiteFooter({ settings, services }: { settings: SiteSettings; services: FooterService[] }) {
  const social = [
    { name: 'facebook', label: 'Facebook', url: settings.facebookUrl },
    { name: 'instagram', label: 'Instagram', url: settings.instagramUrl },
    { name: 'linkedin', label: 'LinkedIn', url: settings.linkedinUrl },
    { name: 'youtube', label: 'YouTube', url: settings.youtubeUrl },
  ] as const;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-brand">
            {settings.companyName}
          </h2>
          <p>{settings.tagline}</p>
          <ul className="footer-contact">
            <li>
              <Icon name="phone" />
              <a href={telHref(settings.phone)}>{settings.phone}</a>
            </li>
            <li>
              <Icon name="mail" />
              <a href={mailtoHref(settings.email)}>{settings.email}</a>
            </li>
            <li>
              <Icon name="pin" />
              <span>{settings.address}</span>
            </li>
          </ul>
          <ul className="social">
            {social
              // A link saved before the rule was tightened is left out, not followed.
              .filter((s) => s.url && isSiteLink(s.url))
              .map((s) => (
                <li key={s.name}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={`${s.label} (opens in a new tab)`}
                  >
                    <Icon name={s.name} />
                  </a>
                </li>
              ))}
          </ul>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul className="footer-links">
            {services.map((service) => (
              <li key={service.slug}>
                <Link to={servicePath(service.slug)}>{service.title}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-pages">
          <h2 id="footer-pages">Company</h2>
          <ul className="footer-links">
            {PUBLIC_PAGES.filter((page) => page.path !== '/home').map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-subscribe">
          <h2 id="footer-subscribe">Stay in touch</h2>
          <SubscribeForm />
          <a className="btn btn-chat" href={whatsappHref(settings.chatNumber)} target="_blank" rel="noopener">
            <Icon name="chat" /> Chat with us on WhatsApp
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container">
          © {new Date().getFullYear()} {settings.companyName}. Technicians available 24/7.
        </div>
      </div>
    </footer>
  );
}
