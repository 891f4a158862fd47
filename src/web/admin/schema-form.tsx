import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/content/schema';
import { ApiError, api } from '../lib/api';

export interface SchemaFormField {
  name: string;
  label: string;
  type: 'text' | 'password';
  autoComplete: string;
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
  onDone,
}: {
  schema: z.ZodType<T>;
  fields: readonly SchemaFormField[];
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  endpoint: string;
  method?: 'POST' | 'PUT';
  onDone: (answer: unknown) => void;
}) {
  const empty = () => Object.fromEntries(fields.map((field) => [field.name, ''])) as T;
  const [values, setValues] = useState<T>(empty);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useMemo(() => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  }, [schema, values]);
  const invalid = Object.keys(errors).length > 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (invalid) {
      setTouched(Object.fromEntries(fields.map((field) => [field.name, true])));
      setError('Please fill all fields correctly.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api(endpoint, { method, body: values });
      setValues(empty());
      setTouched({});
      onDone(answer);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setServerFields(failure.fields);
        setError(Object.keys(failure.fields).length ? 'Please fill all fields correctly.' : failure.message);
      } else setError('Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" noValidate className="auth-form" onSubmit={submit}>
      {fields.map(({ name, label, type, autoComplete }) => {
        const id = `${idPrefix}-${name}`;
        const message = serverFields[name] ?? (touched[name] ? errors[name] : undefined);
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              name={name}
              type={type}
              autoComplete={autoComplete}
              autoCapitalize={type === 'password' || name === 'username' ? 'none' : undefined}
              required
              value={values[name]}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={(e) => {
                setValues((v) => ({ ...v, [name]: e.target.value }));
                setServerFields(({ [name]: _gone, ...rest }) => rest);
              }}
              onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
            />
            {message && (
              <p id={`${id}-error`} className="field-error">
                {message}
              </p>
            )}
          </div>
        );
      })}
      <div role="alert" className="form-message">
        {error && <p className="form-error">{error}</p>}
      </div>
      <button type="submit" className="btn btn-primary btn-block" aria-disabled={invalid || busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
