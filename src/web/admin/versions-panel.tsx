import { useEffect, useId, useState } from 'react';
import type { ContentTypeDef } from '../../shared/content/define';
import { ApiError, api } from '../lib/api';
import { draftValueLabel } from './address-field';
import { differences, differenceView, type FieldDifference, picturesOf } from './drafts';
import { Modal, Spinner, useFeedback } from './feedback';
import { formatWhen } from './format';
import { type AdminRecord, Thumbnail } from './record-view';
import { ValueLine } from './value-words';
import { wordDiff } from './word-diff';

interface VersionSummary {
  n: number;
  publishedAt: string;
  publishedBy: string | null;
  fields: string[];
}

interface KeptVersion {
  n: number;
  publishedAt: string;
  publishedBy: string | null;
  values: Record<string, unknown>;
}

/** The versions a record keeps: the newest page of them (a type keeps 50 unless it says otherwise). */
const VERSIONS_SHOWN = 50;

type Loaded<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: T };

const failure = (error: unknown): { kind: 'failed'; message: string } => ({
  kind: 'failed',
  message: error instanceof ApiError ? error.message : 'Something went wrong!',
});

/**
 * A record's published versions, newest first, and for a chosen one what differs from the record
 * as it is now (the form's values): long texts word by word, pictures side by side, the rest as
 * before → after. Restoring a version makes it the draft; it is never published from here.
 */
export function VersionsPanel({
  open,
  def,
  id,
  address,
  title,
  current,
  isDirty,
  onClose,
  onRestored,
}: {
  open: boolean;
  def: ContentTypeDef;
  id: string;
  /** The one record's API address (the site's words); a type's records are at `/api/<type>/<id>`. */
  address?: string;
  title: string;
  /** The values now: the form's, over the record's. */
  current: () => Record<string, unknown>;
  /** Whether the form holds changes not saved yet (a restore replaces them). */
  isDirty: () => boolean;
  onClose: () => void;
  /** Version `n` is the draft now (`record`, the draft's view). */
  onRestored: (record: AdminRecord, n: number) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title={`Versions of “${title}”`}
      className="versions-dialog"
    >
      {open && (
        <Versions
          def={def}
          base={`${address ?? `/api/${def.name}/${encodeURIComponent(id)}`}/versions`}
          current={current}
          isDirty={isDirty}
          onRestored={onRestored}
        />
      )}
    </Modal>
  );
}

function Versions({
  def,
  base,
  current,
  isDirty,
  onRestored,
}: {
  def: ContentTypeDef;
  /** Where the record's versions are read. */
  base: string;
  current: () => Record<string, unknown>;
  isDirty: () => boolean;
  onRestored: (record: AdminRecord, n: number) => void;
}) {
  const feedback = useFeedback();
  const [list, setList] = useState<Loaded<{ data: VersionSummary[]; totalCount: number }>>({
    kind: 'loading',
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [version, setVersion] = useState<Loaded<KeptVersion> | null>(null);
  // The values the versions are compared with, as they were when the panel opened.
  const [now] = useState(current);
  const [restoring, setRestoring] = useState(false);
  // Said here, not in a notification: those sit under an open dialog.
  const [refused, setRefused] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    api<{ data: VersionSummary[]; totalCount: number }>(`${base}?page=1&pageSize=${VERSIONS_SHOWN}`)
      .then((answer) => {
        if (!live) return;
        setList({ kind: 'ready', data: answer });
        if (answer.data[0]) setChosen(answer.data[0].n);
      })
      .catch((error: unknown) => live && setList(failure(error)));
    return () => {
      live = false;
    };
  }, [base]);

  useEffect(() => {
    if (chosen === null) return;
    let live = true;
    setVersion({ kind: 'loading' });
    setRefused(null);
    api<KeptVersion>(`${base}/${chosen}`)
      .then((answer) => live && setVersion({ kind: 'ready', data: answer }))
      .catch((error: unknown) => live && setVersion(failure(error)));
    return () => {
      live = false;
    };
  }, [base, chosen]);

  async function restore(n: number) {
    const ok = await feedback.confirm({
      message: `Make version ${n} the draft? It replaces the current draft${
        isDirty() ? ' and the changes not saved yet' : ''
      }. The site does not change until the draft is published.`,
      confirmLabel: 'Restore',
    });
    if (!ok) return;
    setRestoring(true);
    setRefused(null);
    try {
      onRestored(await api<AdminRecord>(`${base}/${n}/restore`, { method: 'POST', body: {} }), n);
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : 'Something went wrong!');
    } finally {
      setRestoring(false);
    }
  }

  if (list.kind === 'loading') return <Spinner label="Loading versions…" />;
  if (list.kind === 'failed')
    return (
      <div className="modal-body">
        <p className="form-error" role="alert">
          {list.message}
        </p>
      </div>
    );
  const { data, totalCount } = list.data;
  if (data.length === 0)
    return (
      <div className="modal-body">
        <p className="empty">
          No versions yet: each publish keeps one. This record has not been published since versions began to
          be kept.
        </p>
      </div>
    );

  return (
    <div className="modal-body versions">
      <nav className="versions-list" aria-label="Versions">
        {totalCount > data.length && (
          <p className="muted">
            The newest {data.length} of {totalCount}.
          </p>
        )}
        <ol>
          {data.map((item) => (
            <li key={item.n}>
              <button
                type="button"
                className="version-pick"
                aria-current={item.n === chosen ? 'true' : undefined}
                onClick={() => setChosen(item.n)}
              >
                <span className="version-name">Version {item.n}</span>
                <span className="version-meta">
                  <time dateTime={item.publishedAt}>{formatWhen(item.publishedAt)}</time>
                  {item.publishedBy ? ` by ${item.publishedBy}` : ''}
                </span>
                <span className="version-fields">
                  {item.fields.length
                    ? item.fields.map((name) => draftValueLabel(def, name)).join(', ')
                    : 'First kept version'}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="version-detail" aria-labelledby={headingId} aria-live="polite">
        {version?.kind === 'loading' && <Spinner label="Loading the version…" />}
        {version?.kind === 'failed' && (
          <p className="form-error" role="alert">
            {version.message}
          </p>
        )}
        {version?.kind === 'ready' && (
          <>
            <div className="version-detail-header">
              <h3 id={headingId}>Version {version.data.n} against now</h3>
              <button
                type="button"
                className="btn btn-primary btn-small"
                aria-disabled={restoring}
                onClick={() => {
                  if (!restoring) void restore(version.data.n);
                }}
              >
                Restore this version
              </button>
            </div>
            {refused && (
              <p className="form-error" role="alert">
                {refused}
              </p>
            )}
            <VersionChanges n={version.data.n} changes={differences(def, version.data.values, now)} />
          </>
        )}
      </section>
    </div>
  );
}

function VersionChanges({ n, changes }: { n: number; changes: FieldDifference[] }) {
  if (changes.length === 0)
    return <p className="empty">Version {n} has the same values as now: restoring it changes nothing.</p>;
  return (
    <>
      <p className="muted version-key">
        <del>Struck through</del>: in version {n}, not now. <ins>Marked</ins>: now, not in version {n}.
      </p>
      <dl className="version-changes">
        {changes.map((change) => (
          <div key={change.name} className="version-change">
            <dt>{change.label}</dt>
            <dd>
              <ChangeView n={n} change={change} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function ChangeView({ n, change }: { n: number; change: FieldDifference }) {
  const { field, before, after } = change;
  switch (differenceView(field)) {
    case 'words': {
      const diff = wordDiff(String(before ?? ''), String(after ?? ''));
      if (diff.kind === 'whole')
        return (
          <div className="word-diff-whole">
            <p className="muted word-diff-note">
              Too long to compare word by word: the whole text, then and now.
            </p>
            <p className="word-diff">
              <del>
                <span className="visually-hidden">Version {n}: </span>
                {diff.before}
              </del>
            </p>
            <p className="word-diff">
              <ins>
                <span className="visually-hidden">Now: </span>
                {diff.after}
              </ins>
            </p>
          </div>
        );
      return (
        <p className="word-diff">
          {diff.parts.map((part, index) =>
            part.kind === 'same' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence, drawn once.
              <span key={index}>{part.text}</span>
            ) : part.kind === 'removed' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <del key={index}>
                <span className="visually-hidden">removed: </span>
                {part.text}
              </del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <ins key={index}>
                <span className="visually-hidden">added: </span>
                {part.text}
              </ins>
            ),
          )}
        </p>
      );
    }
    case 'pictures': {
      const side = (label: string, urls: string[]) => (
        <div className="picture-side">
          <span className="picture-side-label">{label}</span>
          {urls.length ? (
            <span className="thumbs">
              {urls.map((url, index) => (
                <Thumbnail
                  key={url}
                  url={url}
                  alt={`${change.label} ${index + 1}, ${label.toLowerCase()}`}
                  size={64}
                />
              ))}
            </span>
          ) : (
            <span className="muted">No picture</span>
          )}
        </div>
      );
      return (
        <div className="picture-change">
          {side(`Version ${n}`, picturesOf(before))}
          <span aria-hidden="true" className="change-arrow">
            →
          </span>
          {side('Now', picturesOf(after))}
        </div>
      );
    }
    default:
      return (
        <p className="line-change">
          <del>
            <span className="visually-hidden">Version {n}: </span>
            <ValueLine value={before} field={field} />
          </del>
          <span aria-hidden="true" className="change-arrow">
            {' → '}
          </span>
          <ins>
            <span className="visually-hidden">Now: </span>
            <ValueLine value={after} field={field} />
          </ins>
        </p>
      );
  }
}
