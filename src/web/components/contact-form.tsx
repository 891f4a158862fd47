import { type FocusEvent, useId, useRef } from 'react';
import { PHONE_FORMAT_HINT } from '../../shared/constants';
import { checkPlainFields, type PlainField, plainFormFields } from '../../shared/content/field-checks';
import { contactus } from '../../shared/content/types';
import { ApiError, api } from '../lib/api';
import type { FieldMessages, FormNotice } from '../lib/form-state';
import { useForm } from '../lib/use-form';

export const CONTACT_MESSAGES = {
  invalid: 'Please fill out all required fields correctly.',
  sent: 'Message sent successfully!',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The form's fields, as the message declaration names them: the page's no-JavaScript post reads the same. */
export const CONTACT_FIELDS: readonly PlainField[] = plainFormFields(contactus.fields);
/** The spam trap's field name, as the declaration names it. */
export const CONTACT_HONEYPOT = contactus.intake!.honeypot!.field;
const HONEYPOT = CONTACT_HONEYPOT;

type Values = Record<string, string>;
const empty = (): Values => Object.fromEntries(CONTACT_FIELDS.map(({ name }) => [name, '']));
const check = (values: Values) => checkPlainFields(CONTACT_FIELDS, values);

/** Presentation the declaration does not carry: where a field sits and a hint of its format. */
const WIDE = new Set(['message']);
const PLACEHOLDERS: Record<string, string> = { phone: PHONE_FORMAT_HINT };

export type ContactNotice = FormNotice | null;

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
  initialValues?: Values;
  initialErrors?: FieldMessages;
  initialNotice?: ContactNotice;
}

/**
 * The contact form, built from the message declaration. With JavaScript it checks the fields with
 * the declaration's plain rules (no zod reaches the visitor) and sends to POST /api/contactus;
 * without, it is a plain form the /contact page's action answers. The server decides either way.
 */
export function ContactForm({
  services,
  initialValues,
  initialErrors = {},
  initialNotice = null,
}: ContactFormProps) {
  const id = useId();
  const noticeRef = useRef<HTMLDivElement>(null);
  const trapRef = useRef<HTMLInputElement>(null);
  const form = useForm<Values>({
    values: { ...empty(), ...initialValues },
    answered: { serverErrors: initialErrors, notice: initialNotice },
    check,
    invalidMessage: CONTACT_MESSAGES.invalid,
    send: async (values) => {
      const trap = trapRef.current?.value ?? '';
      await api('/api/contactus', { method: 'POST', body: trap ? { ...values, [HONEYPOT]: trap } : values });
      return { values: empty(), message: CONTACT_MESSAGES.sent };
    },
    describeFailure: (error) => {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0)
        return undefined;
      return error instanceof ApiError && error.status === 429 ? error.message : CONTACT_MESSAGES.failed;
    },
  });

  async function submit(event: React.FormEvent) {
    const outcome = await form.submit(event);
    if (outcome === 'refused') {
      const first = CONTACT_FIELDS.find(({ name }) => check(form.values)[name]);
      if (first) document.getElementById(`${id}-${first.name}`)?.focus();
    } else if (outcome !== 'busy') noticeRef.current?.focus();
  }

  function blur(name: string, event: FocusEvent) {
    // Leaving a field for the Submit button: submitting checks everything, and showing an error
    // now would move the button away from under the pointer before the click lands.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === 'submit') return;
    form.touch(name);
  }

  const { notice } = form;
  return (
    <form className="contact-form" method="post" action="/contact" noValidate onSubmit={submit}>
      <div ref={noticeRef} tabIndex={-1} className="form-notice-slot">
        {notice ? (
          <p className={`form-notice is-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <div className="form-grid">
        {CONTACT_FIELDS.map((field) => {
          const { name, label, control } = field;
          const error = form.errors[name];
          const inputId = `${id}-${name}`;
          const props = {
            id: inputId,
            name,
            value: form.values[name],
            required: field.required,
            maxLength: field.maxLength,
            autoComplete: field.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : undefined,
            onBlur: (event: FocusEvent) => blur(name, event),
            onChange: (
              event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
            ) => {
              const next = event.target.value;
              form.setValue(name, () => next);
            },
          };
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
      </div>
      {/* Spam trap: people never see or fill it; bots that fill every field are flagged for staff. */}
      <div className="trap">
        <label htmlFor={`${id}-${HONEYPOT}`}>Website (leave this empty)</label>
        <input
          id={`${id}-${HONEYPOT}`}
          name={HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          ref={trapRef}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {form.submitting ? 'Sending…' : 'Submit'}
      </button>
    </form>
  );
}
