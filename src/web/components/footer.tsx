import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';
import { PUBLIC_PAGES, servicePath } from '../../shared/seo/public-pages';
import { isSiteLink, mailtoHref, telHref } from '../../shared/text';
import { ApiError, api } from '../lib/api';
import { Icon } from './icons';

export interface FooterService {
  title: string;
  slug: string;
}

type SubscribeState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

function SubscribeForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SubscribeState>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { validateSubscriber } = await import('../lib/forms');
    const errors = validateSubscriber({ email });
    if (errors.email) {
      setState({ kind: 'invalid', message: errors.email });
      return;
    }
    setState({ kind: 'sending' });
    try {
      // The same answer for a new and a known address: the next step is in the visitor's inbox.
      const answer = await api<{ message?: string }>('/api/subscribers', { method: 'POST', body: { email } });
      setEmail('');
      setState({ kind: 'done', message: answer?.message ?? 'Thank you! Please check your inbox.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setState({ kind: 'invalid', message: error.fields.email ?? error.message });
      else if (error instanceof ApiError && error.status === 429)
        setState({ kind: 'failed', message: error.message });
      else setState({ kind: 'failed', message: 'Something went wrong. Please try again.' });
    }
  }

  const invalid = state.kind === 'invalid';
  return (
    <form className="subscribe" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`}>Get maintenance tips and offers</label>
      <div className="subscribe-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (state.kind !== 'sending') setState({ kind: 'idle' });
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-status`}
          required
        />
        <button type="submit" className="btn btn-accent" disabled={state.kind === 'sending'}>
          Subscribe
        </button>
      </div>
      <p id={`${id}-status`} className={`subscribe-status is-${state.kind}`} role="status">
        {'message' in state ? state.message : ''}
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
          <a
            className="btn btn-chat"
            href={`https://wa.me/${settings.chatNumber.replace(/\D/g, '')}`}
            target="_blank"
            rel="noopener"
          >
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
