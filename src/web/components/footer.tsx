import { useId } from 'react';
import { Link } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';
import { PUBLIC_PAGES, servicePath } from '../../shared/seo/public-pages';
import { isSiteLink, mailtoHref, telHref } from '../../shared/text';
import { trustSignals } from '../../shared/trust-signals';
import { whatsappHref } from '../../shared/whatsapp';
import { SUBSCRIBE_EMAIL } from '../lib/public-forms';
import { Icon } from './icons';
import { TrustLine } from './trust-signals';

export interface FooterService {
  title: string;
  slug: string;
}

/**
 * The subscribe box, as HTML: without JavaScript it posts to /subscription/subscribe, which
 * answers with a page; the subscribe island answers in place through POST /api/subscribers.
 */
export function SubscribeForm({ refused, email = '' }: { refused?: string; email?: string }) {
  const id = useId();
  return (
    <form
      className="subscribe"
      method="post"
      action="/subscription/subscribe"
      noValidate
      data-island="subscribe"
    >
      <label htmlFor={`${id}-email`}>Get maintenance tips and offers</label>
      <div className="subscribe-row">
        <input
          id={`${id}-email`}
          type={SUBSCRIBE_EMAIL.control}
          name={SUBSCRIBE_EMAIL.name}
          autoComplete={SUBSCRIBE_EMAIL.autoComplete}
          maxLength={SUBSCRIBE_EMAIL.maxLength}
          placeholder="you@example.com"
          defaultValue={email}
          aria-invalid={refused ? true : undefined}
          aria-describedby={`${id}-status`}
          required={SUBSCRIBE_EMAIL.required}
        />
        <button type="submit" className="btn btn-accent">
          Subscribe
        </button>
      </div>
      <p id={`${id}-status`} className={`subscribe-status is-${refused ? 'invalid' : 'idle'}`} role="status">
        {refused ?? ''}
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
        <div className="container footer-bottom-inner">
          <span>
            © {new Date().getFullYear()} {settings.companyName}. Technicians available 24/7.
          </span>
          <TrustLine signals={trustSignals(settings, new Date())} />
        </div>
      </div>
    </footer>
  );
}
