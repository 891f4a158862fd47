import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError, api } from '../lib/api';
import type { FieldErrors } from '../lib/forms';

export const CONTACT_MESSAGES = {
  invalid: 'Please fill out all required fields correctly.',
  sent: 'Message sent successfully!',
  failed: 'Something went wrong. Please try again.',
} as const;

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

export type ContactNotice = { kind: 'success' | 'error'; text: string } | null;

interface ContactFormProps {
  /** Values and errors of a form posted without JavaScript and refused by the server. */
  initialValues?: Partial<Values>;
  initialErrors?: FieldErrors;
  initialNotice?: ContactNotice;
}

const loadValidator = () => import('../lib/forms').then((m) => m.validateContact);

/**
 * The contact form. With JavaScript it validates with the shared schema (loaded on first use) and
 * sends to POST /api/contactus; without, it is a plain form the /contact page's action answers.
 */
export function ContactForm({ initialValues, initialErrors = {}, initialNotice = null }: ContactFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>({ ...EMPTY, ...initialValues });
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>(
    Object.fromEntries(Object.keys(initialErrors).map((key) => [key, true])),
  );
  const [notice, setNotice] = useState<ContactNotice>(initialNotice);
  const [sending, setSending] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const trapRef = useRef<HTMLInputElement>(null);

  async function revalidate(next: Values) {
    const validate = await loadValidator();
    setErrors(validate(next));
  }

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field]) void revalidate(next);
  }

  function blur(field: Field, next: EventTarget | null) {
    // Leaving a field for the Submit button: submitting checks everything, and showing an error
    // now would move the button away from under the pointer before the click lands.
    if (next instanceof HTMLButtonElement && next.type === 'submit') return;
    setTouched((t) => ({ ...t, [field]: true }));
    void revalidate(values);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const validate = await loadValidator();
    const found = validate(values);
    setErrors(found);
    setTouched({ name: true, email: true, phone: true, message: true });
    if (Object.keys(found).length > 0) {
      setNotice({ kind: 'error', text: CONTACT_MESSAGES.invalid });
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      const trap = trapRef.current?.value ?? '';
      await api('/api/contactus', { method: 'POST', body: trap ? { ...values, website: trap } : values });
      setValues(EMPTY);
      setTouched({});
      setErrors({});
      setNotice({ kind: 'success', text: CONTACT_MESSAGES.sent });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        setNotice({ kind: 'error', text: CONTACT_MESSAGES.invalid });
      } else if (error instanceof ApiError && error.status === 429) {
        setNotice({ kind: 'error', text: error.message });
      } else {
        setNotice({ kind: 'error', text: CONTACT_MESSAGES.failed });
      }
    } finally {
      setSending(false);
      noticeRef.current?.focus();
    }
  }

  const field = (name: Field, label: string, input: (props: Record<string, unknown>) => React.ReactNode) => {
    const error = touched[name] ? errors[name] : undefined;
    const inputId = `${id}-${name}`;
    return (
      <div className={`form-field${name === 'message' ? ' form-field-wide' : ''}`}>
        <label htmlFor={inputId}>
          {label} <span aria-hidden="true">*</span>
        </label>
        {input({
          id: inputId,
          name,
          value: values[name],
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
          onBlur: (event: React.FocusEvent) => blur(name, event.relatedTarget),
        })}
        {error ? (
          <p className="field-error" id={`${inputId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

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
        {field('name', 'Name', (p) => (
          <input {...p} type="text" autoComplete="name" onChange={(e) => change('name', e.target.value)} />
        ))}
        {field('email', 'Email', (p) => (
          <input {...p} type="email" autoComplete="email" onChange={(e) => change('email', e.target.value)} />
        ))}
        {field('phone', 'Phone', (p) => (
          <input
            {...p}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="03001234567"
            onChange={(e) => change('phone', e.target.value)}
          />
        ))}
        {field('message', 'Message', (p) => (
          <textarea {...p} rows={5} onChange={(e) => change('message', e.target.value)} />
        ))}
      </div>
      {/* Spam trap: people never see or fill it; bots that fill every field are flagged for staff. */}
      <div className="trap">
        <label htmlFor={`${id}-website`}>Website (leave this empty)</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          ref={trapRef}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? 'Sending…' : 'Submit'}
      </button>
    </form>
  );
}
