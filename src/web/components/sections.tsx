import { Link } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';
import { servicePath } from '../../shared/seo/public-pages';
import { mailtoHref, telHref, whatsappHref } from '../../shared/text';
import type { ClientCardData, ServiceSummary } from '../lib/view-models';
import { CardGrid } from './card-grid';
import { Icon } from './icons';

/** "Read More" for people who see it next to a title; the full name for screen readers and crawlers. */
export function ReadMore({
  to,
  what,
  className = 'btn btn-outline',
}: {
  to: string;
  what: string;
  className?: string;
}) {
  return (
    <Link to={to} className={className}>
      Read More<span className="visually-hidden"> about {what}</span>
    </Link>
  );
}

export function ServiceGrid({
  services,
  priorityFirst = false,
}: {
  services: ServiceSummary[];
  priorityFirst?: boolean;
}) {
  if (services.length === 0) return <p className="empty">Our services will be listed here soon.</p>;
  return (
    <CardGrid
      items={services}
      className="service-grid"
      cardClassName="service-tile"
      image={{
        src: (service) => service.image,
        sizes: '(min-width: 1200px) 270px, (min-width: 768px) 45vw, 112px',
        className: 'tile-image',
      }}
      priorityFirst={priorityFirst}
    >
      {(service) => (
        <div className="tile-body">
          <p className="chip chip-static">{service.categoryLabel}</p>
          <h3>{service.title}</h3>
          <ReadMore
            to={servicePath(service.slug)}
            what={service.title}
            className="btn btn-outline btn-small-on-phone"
          />
        </div>
      )}
    </CardGrid>
  );
}

export function ClientGrid({ clients }: { clients: ClientCardData[] }) {
  if (clients.length === 0) return <p className="empty">Our client list will appear here soon.</p>;
  return (
    <ul className="client-grid">
      {clients.map((client) => (
        <li key={client.id} className="client-card" data-reveal>
          <span className="client-initial" aria-hidden="true">
            {client.name.trim().charAt(0).toUpperCase()}
          </span>
          <div>
            <h3>{client.name}</h3>
            <p>
              <Icon name="phone" className="icon icon-sm" />
              <a href={telHref(client.phone)}>{client.phone}</a>
            </p>
            <p>
              <Icon name="pin" className="icon icon-sm" />
              <span>{client.address}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ContactDetails({ settings }: { settings: SiteSettings }) {
  return (
    <ul className="contact-details">
      <li>
        <Icon name="pin" />
        <div>
          <strong>Visit us</strong>
          <span>{settings.address}</span>
        </div>
      </li>
      <li>
        <Icon name="phone" />
        <div>
          <strong>Call us, 24/7</strong>
          <a href={telHref(settings.phone)}>{settings.phone}</a>
        </div>
      </li>
      <li>
        <Icon name="mail" />
        <div>
          <strong>Email</strong>
          <a href={mailtoHref(settings.email)}>{settings.email}</a>
        </div>
      </li>
      <li>
        <Icon name="chat" />
        <div>
          <strong>Chat</strong>
          <a href={whatsappHref(settings.chatNumber)} target="_blank" rel="noopener">
            WhatsApp us<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      </li>
    </ul>
  );
}

/** A place's phone (a call link) and address, each on its own line with its icon, when set. */
export function PlaceLines({ phone, address }: { phone: string; address: string }) {
  return (
    <>
      {phone ? (
        <p className="icon-line">
          <Icon name="phone" className="icon icon-sm" />
          <a href={telHref(phone)}>{phone}</a>
        </p>
      ) : null}
      {address ? (
        <p className="icon-line">
          <Icon name="pin" className="icon icon-sm" />
          <span>{address}</span>
        </p>
      ) : null}
    </>
  );
}
