import { useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_IMAGES_TEXT } from '../../../shared/constants';
import type { ImagesField, TextField } from '../../../shared/content/fields';
import { ApiError, uploadImage } from '../../lib/api';
import { srcSetFor } from '../../lib/images';
import { FieldGroup, type KindControl, type KindControlProps } from './control';

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
function ImagesInput({ field, value, onChange, onBlur, onUploading, id }: KindControlProps<ImageKinds>) {
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

type ImageKinds = ImagesField | TextField;

/** Uploads with previews, and the kinds of file the server accepts said beside them. */
export const ImagesControl: KindControl<ImageKinds> = (props) => (
  <FieldGroup
    {...props}
    className="field field-images"
    describedBy={[`${props.id}-accepted`, props.describedBy].filter(Boolean).join(' ')}
  >
    <ImagesInput {...props} />
    {/* The same words the server's refusals use, so the promise and the refusal agree. */}
    <p id={`${props.id}-accepted`} className="field-help">
      Accepted: {ACCEPTED_IMAGES_TEXT}.
    </p>
  </FieldGroup>
);
