import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../shared/content/field-checks';
import type { Field } from '../../shared/content/fields';
import { ApiError } from '../lib/api';
import { type SubmitOutcome, useForm } from '../lib/use-form';
import { EditedRecordId, FieldControl } from './field-control';
import { type FieldEntry, type FormValues, initialValues, payloadFor, validateValues } from './form-model';

export const INVALID_FORM = messages.formInvalid;
const UPLOADING = 'Wait until the images have finished uploading.';
export const STALE_EDIT = 'This record was changed by someone else. Reload to see their change.';

/** What a save that keeps the form open answers: the version the next save must name. */
export interface KeptOpen {
  version: number;
}

/** The form as its own buttons see it, for a caller that brings other buttons (drafts.tsx). */
export interface DeclaredFormHandle {
  values: FormValues;
  /** The values differ from those the form started with or last saved. */
  dirty: boolean;
  /** The browser's checks refuse the values, or an upload is under way. */
  invalid: boolean;
  submitting: boolean;
  /** Send the values as the submit button does, telling `onSubmit` why (`intent`). */
  submit: (intent: string) => Promise<SubmitOutcome>;
  /** The version the next save names: the one the form was filled from, or its last save made. */
  version: () => number | undefined;
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
  actions,
  reload,
}: {
  entries: FieldEntry[];
  record?: Record<string, unknown> | null;
  submitLabel: string;
  /**
   * Send the values; `version` is the one the form was filled from or last saved as. Answering
   * `KeptOpen` keeps the form as it is, with those values as its new starting point.
   */
  onSubmit: (
    values: FormValues,
    version: number | undefined,
    intent?: string,
  ) => Promise<void> | Promise<KeptOpen | undefined>;
  onCancel?: () => void;
  groups?: { title: string; fields: string[] }[];
  footerClassName?: string;
  bodyClassName?: string;
  /** Told whether the values differ from what the form started with (to warn before discarding). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Show the values without letting them be changed (someone without the right to save). */
  readOnly?: boolean;
  /** The form's buttons in place of Cancel and the submit button. */
  actions?: (form: DeclaredFormHandle) => ReactNode;
  /** After a stale edit, fetch the newer values (instead of taking the ones the 409 carried). */
  reload?: () => void;
}) {
  const idPrefix = useId();
  const [start, setStart] = useState(() => JSON.stringify(initialValues(entries, record)));
  // A ref, not state: a save that follows another at once must name the version the first one
  // made, before the form has drawn again.
  const version = useRef(record?.version as number | undefined);
  const intent = useRef<string | undefined>(undefined);
  const [sessionEnded, setSessionEnded] = useState(false);
  // After a 409: the record as it is now, when the refusal carried it.
  const [newer, setNewer] = useState<{ record: Record<string, unknown> | null } | null>(null);
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
      const kept = (await onSubmit(payloadFor(entries, values), version.current, intent.current)) as
        | KeptOpen
        | undefined;
      if (kept) {
        version.current = kept.version;
        setStart(JSON.stringify(values));
      }
      return undefined;
    },
    describeFailure: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        // What was typed stays here: log in in another tab, then save again.
        setSessionEnded(true);
        return 'Your session has ended. Log in again in another tab, then save.';
      }
      if (error instanceof ApiError && error.status === 409) {
        setNewer({ record: (error.current as Record<string, unknown> | undefined) ?? null });
        return STALE_EDIT;
      }
      return error instanceof ApiError || !(error instanceof Error) ? undefined : error.message;
    },
  });
  const { values, errors, invalid, submitting } = form;
  const dirty = JSON.stringify(values) !== start;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  function takeNewer() {
    if (!newer?.record) return;
    form.reset(initialValues(entries, newer.record));
    version.current = newer.record.version as number | undefined;
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
      <form
        className="declared-form"
        noValidate
        onSubmit={(event) => {
          intent.current = undefined;
          void form.submit(event);
        }}
      >
        {/* The box scrolls and the fieldset inside it disables: a fieldset that scrolls itself
            does not in Chrome once it is a flex item, and the dialog around it scrolled instead. */}
        <div className={bodyClassName}>
          <fieldset className="form-fields" disabled={readOnly}>
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
        </div>
        <div className={footerClassName}>
          <div className="form-message" role="alert">
            {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
            {newer && (reload || newer.record) && (
              <button type="button" className="btn btn-small btn-light" onClick={reload ?? takeNewer}>
                Reload
              </button>
            )}
            {sessionEnded && (
              <a className="btn btn-small btn-light" href="/login" target="_blank" rel="noopener">
                Log in
              </a>
            )}
          </div>
          {actions ? (
            actions({
              values,
              dirty,
              invalid,
              submitting,
              submit: (why) => {
                intent.current = why;
                return form.submit();
              },
              version: () => version.current,
            })
          ) : (
            <>
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
            </>
          )}
        </div>
      </form>
    </EditedRecordId.Provider>
  );
}
