import { useEffect, useRef, useState } from 'react';
import type { StaffMember } from '../../shared/auth';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_IMAGES_TEXT } from '../../shared/constants';
import type { Field } from '../../shared/content/fields';
import { ApiError, api, uploadImage } from '../lib/api';
import { srcSetFor } from '../lib/images';
import { fromLocalInput, toLocalInput } from './date-time-input';

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
