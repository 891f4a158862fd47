import { VISITOR_PHOTO_TYPES, VISITOR_PHOTOS_TEXT } from '../../shared/constants';
import { keepLinkHref, whatHappensNext } from '../../shared/request-receipt';
import type { FieldMessages, FormNotice } from '../lib/form-state';
import {
  CONTACT_FIELDS,
  CONTACT_HINTS,
  CONTACT_HONEYPOT,
  CONTACT_MESSAGES,
  CONTACT_PHOTOS,
  PLACEHOLDERS,
} from '../lib/public-forms';
import { useSiteSettings } from '../lib/site';

export type ContactNotice = FormNotice | null;

/** Presentation the declaration does not carry: where a field sits. */
const WIDE = new Set(['message', 'urgent', 'address', 'location']);
/** One contact form per page: its controls' ids are fixed, and the island finds them by them. */
const idOf = (name: string) => `contact-${name}`;

/** A select takes a text control's props but has no length of its own. */
const selectProps = ({ maxLength: _length, ...rest }: { maxLength?: number } & Record<string, unknown>) =>
  rest;

/** A choice for a reference field (the Service select): a live record's slug and title. */
export interface ContactOption {
  slug: string;
  title: string;
}

interface ContactFormProps {
  /** The published services, the Service field's choices. */
  services: readonly ContactOption[];
  /** Values and errors of a form posted without JavaScript and refused by the server. */
  initialValues?: Record<string, string>;
  initialErrors?: FieldMessages;
  initialNotice?: ContactNotice;
  /** Tokens of photos a refused post without JavaScript already sent: they go with the next try. */
  attachedPhotos?: readonly string[];
}

/**
 * The contact form, built from the message declaration, as HTML: without JavaScript it posts to
 * the /contact page's action. The contact-form island (src/web/islands/contact-form.ts) checks
 * the fields with the declaration's plain rules and sends to POST /api/contactus instead. The
 * server decides either way.
 */
function ContactFormFields({
  services,
  initialValues = {},
  initialErrors = {},
  initialNotice = null,
  attachedPhotos = [],
}: ContactFormProps) {
  const photosId = idOf(CONTACT_PHOTOS);
  const photosError = initialErrors[CONTACT_PHOTOS];
  return (
    <form
      className="contact-form"
      method="post"
      action="/contact"
      encType="multipart/form-data"
      noValidate
      data-island="contact-form"
    >
      <div tabIndex={-1} className="form-notice-slot" data-form-notice>
        {initialNotice ? (
          <p
            className={`form-notice is-${initialNotice.kind}`}
            role={initialNotice.kind === 'error' ? 'alert' : 'status'}
          >
            {initialNotice.text}
          </p>
        ) : null}
      </div>
      <div className="form-grid">
        {CONTACT_FIELDS.map((field) => {
          const { name, label, control } = field;
          const error = initialErrors[name];
          const inputId = idOf(name);
          const hint = CONTACT_HINTS[name];
          const props = {
            id: inputId,
            name,
            defaultValue: initialValues[name] ?? '',
            required: field.required,
            maxLength: field.maxLength,
            autoComplete: field.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
          };
          if (control === 'checkbox')
            return (
              <div key={name} className="form-field form-field-wide form-check">
                <input
                  id={inputId}
                  name={name}
                  type="checkbox"
                  value="true"
                  defaultChecked={initialValues[name] === 'true'}
                />
                <label htmlFor={inputId}>{label}</label>
              </div>
            );
          return (
            <div key={name} className={`form-field${WIDE.has(name) ? ' form-field-wide' : ''}`}>
              <label htmlFor={inputId}>
                {label} {field.required ? <span aria-hidden="true">*</span> : null}
              </label>
              {control === 'textarea' ? (
                <textarea {...props} rows={5} />
              ) : control === 'select' ? (
                <select {...selectProps(props)}>
                  <option value="">{field.required ? 'Choose one' : 'Not sure / other'}</option>
                  {services.map((option) => (
                    <option key={option.slug} value={option.slug}>
                      {option.title}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...props}
                  type={control}
                  inputMode={field.inputMode}
                  placeholder={PLACEHOLDERS[name]}
                />
              )}
              {hint ? (
                <p className="field-hint" id={`${inputId}-hint`}>
                  {hint}
                </p>
              ) : null}
              {error ? (
                <p className="field-error" id={`${inputId}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="form-field form-field-wide">
          <label htmlFor={photosId}>Photos of the fault (optional)</label>
          <input
            id={photosId}
            name={CONTACT_PHOTOS}
            type="file"
            accept={VISITOR_PHOTO_TYPES}
            multiple
            className="form-file"
            aria-invalid={photosError ? true : undefined}
            aria-describedby={photosError ? `${photosId}-error` : `${photosId}-hint`}
          />
          <p className="field-hint" id={`${photosId}-hint`}>
            {VISITOR_PHOTOS_TEXT}
            {attachedPhotos.length > 0
              ? ` ${attachedPhotos.length === 1 ? 'One photo is' : `${attachedPhotos.length} photos are`} already attached and will be sent with your message.`
              : ''}
          </p>
          {attachedPhotos.map((token) => (
            <input key={token} type="hidden" name={CONTACT_PHOTOS} value={token} />
          ))}
          {photosError ? (
            <p className="field-error" id={`${photosId}-error`}>
              {photosError}
            </p>
          ) : null}
        </div>
      </div>
      {/* Spam trap: people never see or fill it; bots that fill every field are flagged for staff. */}
      <div className="trap">
        <label htmlFor={idOf(CONTACT_HONEYPOT)}>Website (leave this empty)</label>
        <input
          id={idOf(CONTACT_HONEYPOT)}
          name={CONTACT_HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Submit
      </button>
    </form>
  );
}

/**
 * The form, and the thank-you the island puts in its place once the request is in (a template:
 * nothing shows, nothing is announced, until it is filled).
 */
export function ContactForm(props: ContactFormProps) {
  const settings = useSiteSettings();
  return (
    <>
      <ContactFormFields {...props} />
      <template data-contact-thanks>
        <ContactThanks
          reference=""
          trackUrl=""
          trackLink=""
          urgent={false}
          phone=""
          company={settings.companyName}
          headingLevel={2}
        />
      </template>
    </>
  );
}

/** What a sent request is known by: told once, on the thank-you that replaces the form. */
export interface ContactReceipt {
  reference: string;
  trackUrl: string;
}

interface ContactThanksProps {
  /** Empty in the island's template, which fills each `data-thanks-*` part. */
  reference: string;
  /** The private track page on this site, the thank-you's own link to it. */
  trackUrl: string;
  /** The same as a full link: it is sent to WhatsApp and copied. */
  trackLink: string;
  urgent: boolean;
  phone: string;
  company: string;
  /** A page of its own (the answer to a post without JavaScript) or a part of one. */
  headingLevel: 1 | 2;
}

/**
 * The thank-you that takes the form's place: the reference, what happens next in the customer's
 * words, and ways to keep the private link (their own WhatsApp, a copy, the link shown to select).
 * The page after a post without JavaScript draws it; the contact-form island fills the copy in
 * the form's template with the API's answer, so both say the same.
 */
export function ContactThanks({
  reference,
  trackUrl,
  trackLink,
  urgent,
  phone,
  company,
  headingLevel,
}: ContactThanksProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const receipt = { company, reference, trackLink };
  return (
    <div className="contact-thanks" data-island="copy-link" data-company={company}>
      <p className="form-notice is-success" role="status">
        {CONTACT_MESSAGES.sent}
      </p>
      <Heading id="contact-thanks-title" tabIndex={-1}>
        Thank you for contacting us
      </Heading>
      <p className="form-receipt">
        Your reference is <strong data-thanks-reference>{reference}</strong>.{' '}
        <a href={trackUrl} rel="nofollow" data-thanks-track>
          Follow your request
        </a>
      </p>
      <h3 className="thanks-subhead">What happens next</h3>
      <p className="lead" data-thanks-next>
        {whatHappensNext({ urgent, phone })}
      </p>
      <h3 className="thanks-subhead">Keep your link</h3>
      <p>It is private and shown only here: keep it to see where your request stands.</p>
      <label className="visually-hidden" htmlFor="contact-thanks-link">
        Your request&apos;s private link
      </label>
      <input
        id="contact-thanks-link"
        className="thanks-link"
        type="url"
        readOnly
        value={trackLink}
        data-thanks-link
      />
      <p className="cta-row thanks-actions">
        <a
          className="btn btn-chat"
          href={keepLinkHref(phone, receipt)}
          target="_blank"
          rel="noopener noreferrer"
          data-thanks-whatsapp
        >
          Send this link to my WhatsApp
        </a>
        {/* Copying needs script: the island shows the button; without it the link above is selectable. */}
        <button type="button" className="btn btn-outline" data-copy-link hidden>
          Copy link
        </button>
        <span className="thanks-copied" aria-live="polite" data-copy-status />
      </p>
    </div>
  );
}
