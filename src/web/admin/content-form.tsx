import { useCallback, useEffect, useId, useState } from 'react';
import { messages } from '../../shared/content/field-checks';
import type { Field } from '../../shared/content/fields';
import { ApiError } from '../lib/api';
import { useForm } from '../lib/use-form';
import { EditedRecordId, FieldControl } from './field-control';
import { type FieldEntry, type FormValues, initialValues, payloadFor, validateValues } from './form-model';

export const INVALID_FORM = messages.formInvalid;
const UPLOADING = 'Wait until the images have finished uploading.';
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
  const [version, setVersion] = useState(record?.version as number | undefined);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [newer, setNewer] = useState<Record<string, unknown> | null>(null);
  const [uploading, setUploading] = useState<Record<string, number>>({});
  const busyUploading = Object.values(uploading).some((n) => n > 0);
  const check = useCallback(
    (values: FormValues) =>
      // An upload under way holds the save back like a wrong field does, with its own words.
      busyUploading
        ? { ...validateValues(entries, values), _uploads: UPLOADING }
        : validateValues(entries, values),
    [entries, busyUploading],
  );
  const form = useForm<FormValues>({
    values: initialValues(entries, record),
    check,
    invalidMessage: busyUploading ? UPLOADING : INVALID_FORM,
    send: async (values) => {
      setSessionEnded(false);
      await onSubmit(payloadFor(entries, values), version);
      return undefined;
    },
    describeFailure: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        // What was typed stays here: log in in another tab, then save again.
        setSessionEnded(true);
        return 'Your session has ended. Log in again in another tab, then save.';
      }
      if (error instanceof ApiError && error.status === 409) {
        setNewer((error.current as Record<string, unknown>) ?? null);
        return STALE_EDIT;
      }
      return error instanceof ApiError || !(error instanceof Error) ? undefined : error.message;
    },
  });
  const { values, errors, invalid, submitting } = form;
  const dirty = JSON.stringify(values) !== start;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  function takeNewer() {
    if (!newer) return;
    form.reset(initialValues(entries, newer));
    setVersion(newer.version as number | undefined);
    setNewer(null);
  }

  const control = ([name, field]: FieldEntry, index: number) => (
    <FieldControl
      key={name}
      name={name}
      field={field as Field}
      value={values[name]}
      error={errors[name]}
      idPrefix={idPrefix}
      autoFocus={index === 0}
      onBlur={() => form.touch(name)}
      onUploading={(count) => setUploading((map) => ({ ...map, [name]: count }))}
      onChange={(update) => form.setValue(name, update)}
    />
  );

  const byName = new Map(entries.map((entry) => [entry[0], entry]));
  return (
    <EditedRecordId.Provider value={typeof record?._id === 'string' ? record._id : undefined}>
      <form className="declared-form" noValidate onSubmit={(event) => void form.submit(event)}>
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
            {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
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
            <button type="submit" className="btn btn-primary" aria-disabled={invalid || submitting}>
              {submitting ? 'Saving…' : submitLabel}
            </button>
          )}
        </div>
      </form>
    </EditedRecordId.Provider>
  );
}
