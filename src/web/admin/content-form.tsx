import { useEffect, useId, useMemo, useState } from 'react';
import type { Field } from '../../shared/content/fields';
import { ApiError } from '../lib/api';
import { FieldControl } from './field-control';
import { type FieldEntry, type FormValues, initialValues, payloadFor, validateValues } from './form-model';

export const INVALID_FORM = 'Please fill all fields correctly.';
export const STALE_EDIT = 'This record was changed by someone else. Reload to see their change.';

export interface SaveOutcome {
  record: Record<string, unknown>;
}

/**
 * The one form every declared type and the site settings are edited with. Messages come from the
 * shared schemas once a field is touched; the server's field errors land on their fields; a stale
 * edit (409) says so and offers the newer version instead of overwriting it.
 */
export function DeclaredForm({
  entries,
  record,
  submitLabel,
  onSubmit,
  onCancel,
  groups,
  footerClassName = 'modal-footer',
  bodyClassName = 'modal-body',
  onDirtyChange,
  readOnly = false,
}: {
  entries: FieldEntry[];
  record?: Record<string, unknown> | null;
  submitLabel: string;
  /** Send the values; `version` is the one the form was filled from. */
  onSubmit: (values: FormValues, version: number | undefined) => Promise<void>;
  onCancel?: () => void;
  groups?: { title: string; fields: string[] }[];
  footerClassName?: string;
  bodyClassName?: string;
  /** Told whether the values differ from what the form started with (to warn before discarding). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Show the values without letting them be changed (someone without the right to save). */
  readOnly?: boolean;
}) {
  const idPrefix = useId();
  const [start] = useState(() => JSON.stringify(initialValues(entries, record)));
  const [values, setValues] = useState<FormValues>(() => initialValues(entries, record));
  const dirty = JSON.stringify(values) !== start;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [version, setVersion] = useState(record?.version as number | undefined);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [newer, setNewer] = useState<Record<string, unknown> | null>(null);
  const [uploading, setUploading] = useState<Record<string, number>>({});
  const [saving, setSaving] = useState(false);

  const errors = useMemo(() => validateValues(entries, values), [entries, values]);
  const busyUploading = Object.values(uploading).some((n) => n > 0);
  const invalid = Object.keys(errors).length > 0 || busyUploading;
  const messageFor = (name: string) => serverErrors[name] ?? (touched.has(name) ? errors[name] : undefined);
  const touch = (name: string) => setTouched((set) => (set.has(name) ? set : new Set(set).add(name)));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (invalid) {
      setTouched(new Set(entries.map(([name]) => name)));
      setFormError(busyUploading ? 'Wait until the images have finished uploading.' : INVALID_FORM);
      return;
    }
    setSaving(true);
    setFormError(null);
    setSessionEnded(false);
    try {
      await onSubmit(payloadFor(entries, values), version);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // What was typed stays here: log in in another tab, then save again.
        setSessionEnded(true);
        setFormError('Your session has ended. Log in again in another tab, then save.');
      } else if (error instanceof ApiError && error.status === 409) {
        setFormError(STALE_EDIT);
        setNewer((error.current as Record<string, unknown>) ?? null);
      } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setServerErrors(error.fields);
        setTouched(new Set(entries.map(([name]) => name)));
        setFormError(INVALID_FORM);
      } else {
        setFormError(error instanceof Error ? error.message : 'Something went wrong!');
      }
    } finally {
      setSaving(false);
    }
  }

  function takeNewer() {
    if (!newer) return;
    setValues(initialValues(entries, newer));
    setVersion(newer.version as number | undefined);
    setNewer(null);
    setFormError(null);
    setServerErrors({});
  }

  const control = ([name, field]: FieldEntry, index: number) => (
    <FieldControl
      key={name}
      name={name}
      field={field as Field}
      value={values[name]}
      error={messageFor(name)}
      idPrefix={idPrefix}
      autoFocus={index === 0}
      onBlur={() => touch(name)}
      onUploading={(count) => setUploading((map) => ({ ...map, [name]: count }))}
      onChange={(update) => {
        setValues((current) => ({ ...current, [name]: update(current[name]) }));
        if (serverErrors[name]) setServerErrors(({ [name]: _dropped, ...rest }) => rest);
      }}
    />
  );

  const byName = new Map(entries.map((entry) => [entry[0], entry]));
  return (
    <form className="declared-form" noValidate onSubmit={submit}>
      <fieldset className={bodyClassName} disabled={readOnly}>
        {groups ? (
          groups.map((group) => (
            <fieldset key={group.title} className="form-group">
              <legend>{group.title}</legend>
              <div className="form-grid">
                {group.fields.map((name) => {
                  const entry = byName.get(name);
                  return entry ? control(entry, -1) : null;
                })}
              </div>
            </fieldset>
          ))
        ) : (
          <div className="form-grid">{entries.map(control)}</div>
        )}
      </fieldset>
      <div className={footerClassName}>
        <div className="form-message" role="alert">
          {formError && <p className="form-error">{formError}</p>}
          {newer && (
            <button type="button" className="btn btn-small btn-light" onClick={takeNewer}>
              Reload
            </button>
          )}
          {sessionEnded && (
            <a className="btn btn-small btn-light" href="/login" target="_blank" rel="noopener">
              Log in
            </a>
          )}
        </div>
        {onCancel && (
          <button type="button" className="btn btn-light" onClick={onCancel}>
            Cancel
          </button>
        )}
        {!readOnly && (
          <button type="submit" className="btn btn-primary" aria-disabled={invalid || saving}>
            {saving ? 'Saving…' : submitLabel}
          </button>
        )}
      </div>
    </form>
  );
}
