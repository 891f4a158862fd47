import { type ChangeEvent, useCallback } from 'react';
import type { z } from 'zod';
import { messages } from '../../shared/content/field-checks';
import { fieldErrors } from '../../shared/content/schema';
import { api } from '../lib/api';
import { useForm } from '../lib/use-form';
import { PasswordInput } from './password-input';

export interface SchemaFormField {
  name: string;
  label: string;
  type: 'text' | 'password' | 'email';
  autoComplete: string;
  /** Not required (the sign-up's e-mail address). */
  optional?: boolean;
  /** `numeric` brings up the digit keyboard on a phone (authentication codes). */
  inputMode?: 'numeric';
}

/**
 * A short form checked by one shared zod schema (sign-up, password change): messages once a field
 * is touched, the server's field messages on their fields, and a submit that explains itself.
 */
export function SchemaForm<T extends Record<string, string>>({
  schema,
  fields,
  idPrefix,
  submitLabel,
  busyLabel,
  endpoint,
  method = 'POST',
  extra,
  initial,
  body = (values) => values,
  onDone,
}: {
  schema: z.ZodType<T>;
  fields: readonly SchemaFormField[];
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  endpoint: string;
  method?: 'POST' | 'PUT';
  /** Sent with the fields but not shown as one (the setup code from the claim link). */
  extra?: Record<string, string>;
  /** Values the boxes start with (an invitee's name, as the admin gave it). */
  initial?: Partial<T>;
  /** What is sent, when it is not the values themselves (a token beside them, a repeat left out). */
  body?: (values: T) => unknown;
  onDone: (answer: unknown) => void;
}) {
  const empty = () =>
    Object.fromEntries(fields.map((field) => [field.name, initial?.[field.name] ?? ''])) as T;
  const check = useCallback(
    (values: T) => {
      const parsed = schema.safeParse(values);
      return parsed.success ? {} : fieldErrors(parsed.error);
    },
    [schema],
  );
  const form = useForm<T>({
    values: empty(),
    check,
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      const answer = await api(endpoint, {
        method,
        body: extra ? { ...(body(values) as object), ...extra } : body(values),
      });
      onDone(answer);
      // Passwords do not stay on the screen once they have done their work.
      return { values: empty() };
    },
  });

  return (
    <form method="post" noValidate className="auth-form" onSubmit={(event) => void form.submit(event)}>
      {fields.map(({ name, label, type, autoComplete, optional, inputMode }) => {
        const id = `${idPrefix}-${name}`;
        const message = form.errors[name];
        const input = {
          name,
          autoComplete,
          inputMode,
          required: !optional,
          value: form.values[name],
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? `${id}-error` : undefined,
          onChange: (e: ChangeEvent<HTMLInputElement>) => {
            const next = e.target.value;
            form.setValue(name, () => next);
          },
          onBlur: () => form.touch(name),
        };
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{label}</label>
            {type === 'password' ? (
              <PasswordInput id={id} {...input} autoCapitalize="none" />
            ) : (
              <input
                id={id}
                type={type}
                {...input}
                autoCapitalize={name === 'username' ? 'none' : undefined}
              />
            )}
            {message && (
              <p id={`${id}-error`} className="field-error">
                {message}
              </p>
            )}
          </div>
        );
      })}
      <div role="alert" className="form-message">
        {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        aria-disabled={form.invalid || form.submitting}
      >
        {form.submitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
