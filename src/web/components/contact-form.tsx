import { VISITOR_PHOTO_TYPES, VISITOR_PHOTOS_TEXT } from '../../shared/constants';
import type { FieldMessages, FormNotice } from '../lib/form-state';
import { CONTACT_FIELDS, CONTACT_HONEYPOT, CONTACT_PHOTOS, PLACEHOLDERS } from '../lib/public-forms';

export type ContactNotice = FormNotice | null;

/** Presentation the declaration does not carry: where a field sits. */
const WIDE = new Set(['message', 'urgent']);
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
export function ContactForm({
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
          const props = {
            id: inputId,
            name,
            defaultValue: initialValues[name] ?? '',
            required: field.required,
            maxLength: field.maxLength,
            autoComplete: field.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : undefined,
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

/** What a sent request is known by: told once, on the thank-you page or under the form. */
export interface ContactReceipt {
  reference: string;
  trackUrl: string;
}

/** The reference and the link to the request's private status page (the island draws the same). */
export function ContactReceiptLine({ receipt }: { receipt: ContactReceipt }) {
  return (
    <p className="form-receipt" data-receipt>
      Your reference is <strong>{receipt.reference}</strong>.{' '}
      <a href={receipt.trackUrl} rel="nofollow">
        Follow your request
      </a>
    </p>
  );
}
