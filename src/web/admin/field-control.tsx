import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { StaffMember } from '../../shared/auth';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_IMAGES_TEXT } from '../../shared/constants';
import type { Field, ListField, ReferenceField } from '../../shared/content/fields';
import {
  ALL_DAY,
  type DayHours,
  isAllDay,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type WeeklyHours,
} from '../../shared/content/hours';
import { contentTypesByName } from '../../shared/content/types';
import { ApiError, api, uploadImage } from '../lib/api';
import { srcSetFor } from '../lib/images';
import { fromLocalInput, toLocalInput } from './date-time-input';
import { emptyValue } from './form-model';

type Updater = (value: unknown) => unknown;

export interface FieldControlProps {
  name: string;
  field: Field;
  value: unknown;
  /** The message to show (already filtered by "touched"). */
  error?: string;
  onChange: (update: Updater) => void;
  onBlur: () => void;
  /** Uploads under way in this field (the form waits for them). */
  onUploading?: (count: number) => void;
  autoFocus?: boolean;
  idPrefix: string;
}

/** One declared field as a labelled control with its help and message, chosen by the field's kind. */
export function FieldControl(props: FieldControlProps) {
  const { name, field, value, error, onChange, onBlur, idPrefix, autoFocus } = props;
  const id = `${idPrefix}-${name}`;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
    'data-autofocus': autoFocus || undefined,
    onBlur,
  };
  const set = (next: unknown) => onChange(() => next);
  // The required mark sits outside the <label>, so a field's accessible name is exactly its label.
  const mark = field.required ? (
    <span className="required" aria-hidden="true">
      *
    </span>
  ) : null;

  let control: React.ReactNode;
  switch (field.kind) {
    case 'longText':
      control = (
        <textarea {...common} rows={4} value={String(value ?? '')} onChange={(e) => set(e.target.value)} />
      );
      break;
    case 'emailList':
      // The lines as typed (blank ones too, so the caret stays put); the schema drops blanks.
      control = (
        <textarea
          {...common}
          rows={4}
          spellCheck={false}
          autoCapitalize="off"
          placeholder="one address per line"
          value={Array.isArray(value) ? value.join('\n') : String(value ?? '')}
          onChange={(e) => set(e.target.value.split('\n'))}
        />
      );
      break;
    case 'select':
      control = (
        <select {...common} value={String(value ?? '')} onChange={(e) => set(e.target.value)}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      );
      break;
    case 'rating':
      control = (
        <select {...common} value={String(value ?? 5)} onChange={(e) => set(Number(e.target.value))}>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {`${stars} star${stars === 1 ? '' : 's'}`}
            </option>
          ))}
        </select>
      );
      break;
    case 'dateTime':
      // The browser's zone on screen, the instant in UTC on the wire (date-time-input.ts).
      control = (
        <input
          {...common}
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => set(fromLocalInput(e.target.value))}
        />
      );
      break;
    case 'user':
      control = <StaffSelect common={common} value={value} onChange={set} />;
      break;
    case 'reference':
      control = <ReferenceSelect common={common} field={field} value={value} onChange={set} />;
      break;
    case 'date':
      control = (
        <input
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value)}
        />
      );
      break;
    case 'number':
      // Kept as typed until it is a number; an empty box is "none".
      control = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          step={1}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => set(e.target.value === '' ? '' : Number(e.target.value))}
        />
      );
      break;
    case 'list':
      return (
        <fieldset className="field field-list" aria-describedby={describedBy}>
          <legend>
            {field.label}
            {mark}
          </legend>
          <ListInput {...props} field={field} id={id} />
          <FieldNotes helpId={helpId} help={field.help} errorId={errorId} error={error} />
        </fieldset>
      );
    case 'weeklyHours':
      return (
        <fieldset className="field field-weeklyHours" aria-describedby={describedBy}>
          <legend>
            {field.label}
            {mark}
          </legend>
          <WeeklyHoursInput id={id} value={value} onChange={set} onBlur={onBlur} invalid={Boolean(error)} />
          <FieldNotes helpId={helpId} help={field.help} errorId={errorId} error={error} />
        </fieldset>
      );
    case 'boolean':
      return (
        <div className="field field-check">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => set(e.target.checked)}
          />
          <label htmlFor={id}>{field.label}</label>
          {errorId && (
            <p id={errorId} className="field-error">
              {error}
            </p>
          )}
        </div>
      );
    case 'images':
    case 'image':
      return (
        <fieldset
          className="field field-images"
          aria-describedby={[`${id}-accepted`, describedBy].filter(Boolean).join(' ')}
        >
          <legend>
            {field.label}
            {mark}
          </legend>
          <ImagesInput {...props} id={id} />
          {/* The same words the server's refusals use, so the promise and the refusal agree. */}
          <p id={`${id}-accepted`} className="field-help">
            Accepted: {ACCEPTED_IMAGES_TEXT}.
          </p>
          <FieldNotes helpId={helpId} help={field.help} errorId={errorId} error={error} />
        </fieldset>
      );
    default: {
      const type = { email: 'email', phone: 'tel', url: 'url' }[field.kind as string] ?? 'text';
      control = (
        <input
          {...common}
          type={type}
          inputMode={field.kind === 'phone' ? 'tel' : undefined}
          autoComplete="off"
          value={String(value ?? '')}
          onChange={(e) => set(e.target.value)}
        />
      );
    }
  }
  return (
    <div className={`field field-${field.kind}`}>
      <div className="field-label">
        <label htmlFor={id}>{field.label}</label>
        {mark}
      </div>
      {control}
      <FieldNotes helpId={helpId} help={field.help} errorId={errorId} error={error} />
    </div>
  );
}

/** Approved staff, fetched once per page load: the options of every user field. */
let staffMembers: Promise<StaffMember[]> | null = null;

/** A choice of one approved staff member by name, or nobody. */
export function StaffSelect(props: {
  common: React.SelectHTMLAttributes<HTMLSelectElement> & Record<string, unknown>;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  useEffect(() => {
    let live = true;
    staffMembers ??= api<StaffMember[]>('/api/users/staff').catch((error: unknown) => {
      staffMembers = null;
      throw error;
    });
    staffMembers.then((list) => live && setStaff(list)).catch(() => live && setStaff([]));
    return () => {
      live = false;
    };
  }, []);
  const chosen = typeof props.value === 'string' ? props.value : '';
  const known = staff === null || chosen === '' || staff.some((member) => member._id === chosen);
  return (
    <select {...props.common} value={chosen} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">Nobody</option>
      {!known && <option value={chosen}>A former staff member</option>}
      {staff === null && chosen !== '' && <option value={chosen}>Loading…</option>}
      {staff?.map((member) => (
        <option key={member._id} value={member._id}>
          {member.name}
        </option>
      ))}
    </select>
  );
}

interface ReferenceOption {
  value: string;
  label: string;
}

/** The records a reference may name, per type, fetched again once they are a little old. */
const referenceOptions = new Map<string, { at: number; options: Promise<ReferenceOption[]> }>();
const OPTIONS_FRESH_MS = 30_000;

/** The live records of `field.to`, by title, valued by id or slug as the field stores them. */
function loadReferenceOptions(field: ReferenceField): Promise<ReferenceOption[]> {
  const key = `${field.to}:${field.by}`;
  const cached = referenceOptions.get(key);
  if (cached && Date.now() - cached.at < OPTIONS_FRESH_MS) return cached.options;
  const def = contentTypesByName.get(field.to);
  const options = api<Record<string, unknown>[] | { data: Record<string, unknown>[] }>(
    `/api/${field.to}`,
  ).then((answer) =>
    (Array.isArray(answer) ? answer : answer.data).map((record) => ({
      value: String(field.by === 'id' ? record._id : record.slug),
      label: String((def && record[def.titleField]) || record.slug || record._id),
    })),
  );
  options.catch(() => referenceOptions.delete(key));
  referenceOptions.set(key, { at: Date.now(), options });
  return options;
}

/** The options of a reference field, or null while they load. */
export function useReferenceOptions(field: ReferenceField): ReferenceOption[] | null {
  const [options, setOptions] = useState<ReferenceOption[] | null>(null);
  useEffect(() => {
    let live = true;
    loadReferenceOptions(field)
      .then((list) => live && setOptions(list))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [field]);
  return options;
}

/** A record a reference names, by its title (a list cell, the audit log). */
export function ReferenceName({ field, value }: { field: ReferenceField; value: unknown }) {
  const options = useReferenceOptions(field);
  if (typeof value !== 'string' || value === '') return <span className="muted">—</span>;
  const chosen = options?.find((option) => option.value === value);
  return <>{chosen?.label ?? (options === null ? '…' : field.by === 'id' ? 'A removed record' : value)}</>;
}

/**
 * The id of the record the form edits, if it is saved already: a reference by id never offers it,
 * so a service cannot be listed among its own related services (the server refuses it too).
 */
export const EditedRecordId = createContext<string | undefined>(undefined);

/** A choice of one live record of another type by its title, or none. */
function ReferenceSelect(props: {
  common: React.SelectHTMLAttributes<HTMLSelectElement> & Record<string, unknown>;
  field: ReferenceField;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const self = useContext(EditedRecordId);
  const all = useReferenceOptions(props.field);
  const options = all && props.field.by === 'id' ? all.filter((option) => option.value !== self) : all;
  const chosen = typeof props.value === 'string' ? props.value : '';
  const known = options === null || chosen === '' || options.some((option) => option.value === chosen);
  return (
    <select {...props.common} value={chosen} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">{props.field.required ? 'Choose…' : 'None'}</option>
      {/* A record trashed since it was chosen stays chosen until someone picks another. */}
      {!known && <option value={chosen}>A removed record</option>}
      {options === null && chosen !== '' && <option value={chosen}>Loading…</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

type Row = Record<string, unknown>;

/**
 * Rows of sub-fields (FAQs, steps): each row a group of the sub-fields' own controls, with buttons
 * to move it up or down and remove it, and one to add a row. Every button says which row it acts
 * on, so a screen reader user hears "Remove row 2 of FAQs", not "Remove".
 */
function ListInput(props: FieldControlProps & { field: ListField; id: string }) {
  const { field, value, onChange, onBlur, onUploading, idPrefix, name } = props;
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  // Stable keys, so moving a row moves its inputs (and their focus) with it.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(1);
  while (keys.current.length < rows.length) keys.current.push(nextKey.current++);
  if (keys.current.length > rows.length) keys.current.length = rows.length;
  const uploads = useRef<Record<string, number>>({});
  const subFields = Object.entries(field.fields);

  const update = (change: (list: Row[], keyList: number[]) => void) => {
    onChange((current) => {
      const list = Array.isArray(current) ? [...(current as Row[])] : [];
      change(list, keys.current);
      return list;
    });
  };
  const emptyRow = () => Object.fromEntries(subFields.map(([key, sub]) => [key, emptyValue(sub)]));
  const move = (index: number, by: -1 | 1) =>
    update((list, keyList) => {
      const target = index + by;
      if (target < 0 || target >= list.length) return;
      [list[index], list[target]] = [list[target] as Row, list[index] as Row];
      [keyList[index], keyList[target]] = [keyList[target] as number, keyList[index] as number];
    });
  const of = `of ${field.label}`;

  return (
    <div className="list-input">
      {rows.length > 0 && (
        <ol className="list-rows">
          {rows.map((row, index) => {
            const rowName = `${name}-${keys.current[index]}`;
            return (
              <li key={keys.current[index]} className="list-row">
                <fieldset className="list-row-fields">
                  <legend className="list-row-title">
                    <span className="visually-hidden">{field.label}, </span>
                    Row {index + 1}
                  </legend>
                  {subFields.map(([key, sub]) => (
                    <FieldControl
                      key={key}
                      name={`${rowName}-${key}`}
                      field={sub}
                      value={row[key]}
                      idPrefix={idPrefix}
                      onBlur={onBlur}
                      onUploading={(count) => {
                        uploads.current[`${rowName}-${key}`] = count;
                        onUploading?.(Object.values(uploads.current).reduce((sum, n) => sum + n, 0));
                      }}
                      onChange={(change) =>
                        update((list) => {
                          const current = list[index] ?? {};
                          list[index] = { ...current, [key]: change(current[key]) };
                        })
                      }
                    />
                  ))}
                  <div className="list-row-actions">
                    <button
                      type="button"
                      className="btn btn-light"
                      aria-label={`Move row ${index + 1} ${of} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-light"
                      aria-label={`Move row ${index + 1} ${of} down`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="btn btn-light list-row-remove"
                      onClick={() => {
                        update((list, keyList) => {
                          list.splice(index, 1);
                          keyList.splice(index, 1);
                        });
                        onBlur();
                      }}
                    >
                      Remove<span className="visually-hidden">{` row ${index + 1} ${of}`}</span>
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {rows.length < field.maxItems ? (
        <button
          type="button"
          className="btn btn-light list-add"
          onClick={() => {
            keys.current.push(nextKey.current++);
            onChange((current) => [...(Array.isArray(current) ? (current as Row[]) : []), emptyRow()]);
          }}
        >
          Add row<span className="visually-hidden">{` to ${field.label}`}</span>
        </button>
      ) : (
        <p className="field-help">{`At most ${field.maxItems} rows.`}</p>
      )}
    </div>
  );
}

/** The hours a day gets when it is opened: a working day. */
const WORKING_DAY: DayHours = { opens: '09:00', closes: '18:00' };

/**
 * The week as seven rows: each day closed, open all day, or open from one time to another. A
 * day's controls are a group named by the day, so each reads "Monday, Opens" and so on.
 */
function WeeklyHoursInput(props: {
  id: string;
  value: unknown;
  onChange: (value: WeeklyHours) => void;
  onBlur: () => void;
  invalid: boolean;
}) {
  const week: WeeklyHours =
    typeof props.value === 'object' && props.value !== null ? (props.value as WeeklyHours) : {};
  const setDay = (day: (typeof WEEKDAYS)[number], hours: DayHours | undefined) => {
    const next: WeeklyHours = {};
    for (const other of WEEKDAYS) {
      const kept = other === day ? hours : week[other];
      if (kept) next[other] = kept;
    }
    props.onChange(next);
  };
  return (
    <div className="hours-input">
      {WEEKDAYS.map((day) => {
        const hours = week[day];
        const id = `${props.id}-${day}`;
        const allDay = hours ? isAllDay(hours) : false;
        return (
          <fieldset key={day} className="hours-day">
            <legend className="hours-day-name">{WEEKDAY_LABELS[day]}</legend>
            <label className="hours-check" htmlFor={`${id}-closed`}>
              <input
                id={`${id}-closed`}
                type="checkbox"
                checked={!hours}
                onChange={(e) => setDay(day, e.target.checked ? undefined : WORKING_DAY)}
                onBlur={props.onBlur}
              />
              Closed
            </label>
            <label className="hours-check" htmlFor={`${id}-all-day`}>
              <input
                id={`${id}-all-day`}
                type="checkbox"
                checked={allDay}
                onChange={(e) => setDay(day, e.target.checked ? ALL_DAY : WORKING_DAY)}
                onBlur={props.onBlur}
              />
              Open 24 hours
            </label>
            {hours && !allDay && (
              <span className="hours-times">
                {(['opens', 'closes'] as const).map((end) => (
                  <span key={end} className="hours-time">
                    <label htmlFor={`${id}-${end}`}>{end === 'opens' ? 'Opens' : 'Closes'}</label>
                    <input
                      id={`${id}-${end}`}
                      type="time"
                      value={hours[end]}
                      aria-invalid={props.invalid || undefined}
                      onChange={(e) => setDay(day, { ...hours, [end]: e.target.value })}
                      onBlur={props.onBlur}
                    />
                  </span>
                ))}
              </span>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

/** A field's help text and its message, each with the id its control points to. */
function FieldNotes(props: { helpId?: string; help?: string; errorId?: string; error?: string }) {
  return (
    <>
      {props.helpId && (
        <p id={props.helpId} className="field-help">
          {props.help}
        </p>
      )}
      {props.errorId && (
        <p id={props.errorId} className="field-error">
          {props.error}
        </p>
      )}
    </>
  );
}

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

/**
 * Several image files at once (or one, for a single-image field): each uploads with a progress
 * bar, then shows as a 150×100 preview that can be removed before the record is saved.
 */
function ImagesInput({
  field,
  value,
  onChange,
  onBlur,
  onUploading,
  id,
}: FieldControlProps & { id: string }) {
  const multiple = field.kind === 'images';
  const urls: string[] = multiple
    ? Array.isArray(value)
      ? (value as string[])
      : []
    : typeof value === 'string' && value
      ? [value]
      : [];
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(1);
  const pending = useRef(0);
  const max = field.kind === 'images' ? field.maxItems : 1;

  const track = (delta: number) => {
    pending.current += delta;
    onUploading?.(pending.current);
  };

  const setUrls = (update: (list: string[]) => string[]) =>
    onChange((current) => {
      const list = multiple
        ? Array.isArray(current)
          ? (current as string[])
          : []
        : typeof current === 'string' && current
          ? [current]
          : [];
      const next = update(list);
      return multiple ? next : (next[next.length - 1] ?? '');
    });

  const start = (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files).slice(0, multiple ? max : 1)) {
      const key = nextKey.current++;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      track(1);
      uploadImage(file, (fraction) =>
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress: fraction } : u))),
      )
        .then((url) => {
          setUploads((list) => list.filter((u) => u.key !== key));
          setUrls((list) => (multiple ? [...list, url].slice(0, max) : [url]));
        })
        .catch((error: unknown) => {
          const message = error instanceof ApiError ? error.message : 'The upload failed.';
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, error: message } : u)));
        })
        .finally(() => {
          track(-1);
          onBlur();
        });
    }
  };

  return (
    <div className="images-input">
      {urls.length > 0 && (
        <ul className="previews">
          {urls.map((url, index) => (
            <li key={url} className="preview">
              <img
                src={url}
                srcSet={srcSetFor(url)}
                sizes="150px"
                width={150}
                height={100}
                alt={`${field.label} ${index + 1}`}
              />
              <button
                type="button"
                className="preview-remove"
                aria-label={`Remove ${field.label.toLowerCase()} ${index + 1}`}
                onClick={() => {
                  setUrls((list) => list.filter((u) => u !== url));
                  onBlur();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className={upload.error ? 'upload upload-failed' : 'upload'}>
              <span className="upload-name">{upload.name}</span>
              {upload.error ? (
                <>
                  <span role="alert" className="field-error">
                    {upload.error}
                  </span>
                  <button
                    type="button"
                    className="btn btn-small btn-light"
                    onClick={() => setUploads((list) => list.filter((u) => u.key !== upload.key))}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <progress value={upload.progress} max={1} aria-label={`Uploading ${upload.name}`} />
              )}
            </li>
          ))}
        </ul>
      )}
      {urls.length < max && (
        <label className="upload-pick">
          <span>{multiple ? 'Choose images' : 'Choose an image'}</span>
          <input
            id={id}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            multiple={multiple}
            onChange={(event) => {
              start(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}
