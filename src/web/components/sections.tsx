import { Link } from 'react-router';
import type { SiteSettings } from '../../shared/content/settings';
import { mailtoHref, telHref } from '../../shared/text';
import { whatsappHref } from '../../shared/whatsapp';
import type { ClientCardData } from '../lib/view-models';
import { Icon } from './icons';
import { Picture } from './picture';

export function ClientGrid({ clients }: { clients: ClientCardData[] }) {
  if (clients.length === 0) return <p className="empty">Our client list will appear here soon.</p>;
  return (
    <ul className="client-grid">
      {clients.map((client) => (
        <li key={client.id} className="client-card" data-reveal>
          {client.logo ? (
            <Picture src={client.logo} alt="" sizes="56px" width={56} height={56} className="client-logo" />
          ) : (
            <span className="client-initial" aria-hidden="true">
              {client.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <h3>{client.name}</h3>
            {client.work ? <p>{client.work}</p> : null}
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
