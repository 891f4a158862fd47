import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PublicUser } from '../../shared/auth';
import type { ContentTypeDef, PublicationMeta } from '../../shared/content/define';
import { ApiError, api } from '../lib/api';
import type { SubmitOutcome } from '../lib/use-form';
import { DeclaredForm, type DeclaredFormHandle, type KeptOpen } from './content-form';
import { fromLocalInput, toLocalInput } from './date-time-input';
import {
  AUTOSAVE_DELAY_MS,
  autosaveDecision,
  type DraftSave,
  draftSaveLine,
  hasUnpublished,
  mayPublish,
  publicationOf,
  publishersLine,
  publishRule,
  standingLine,
  statusWords,
} from './drafts';
import { Spinner, useFeedback } from './feedback';
import { type FormValues, recordFormFields } from './form-model';
import { formatWhen, readingZone } from './format';
import type { AdminRecord } from './record-view';
import { VersionsPanel } from './versions-panel';
import './drafts.css';

/** Where a record stands, as text (never colour alone): a scheduled one says when, unless told not to. */
export function PublicationStatus({
  meta,
  withTime = true,
}: {
  meta: Pick<PublicationMeta, 'status' | 'publishAt'>;
  withTime?: boolean;
}) {
  const { label, when } = statusWords(meta);
  return (
    <span className="publication">
      <span className={`publication-status publication-${meta.status}`}>{label}</span>
      {when && withTime && (
        <time className="publication-when" dateTime={meta.publishAt ?? undefined}>
          <span className="visually-hidden">for </span>
          {when}
        </time>
      )}
    </span>
  );
}

/** An API refusal in a sentence: the first field message (an address taken), else the reason. */
function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong!';
  return Object.values(error.fields)[0] ?? error.message;
}

/**
 * The edit dialog's content for a type with drafts: the record's standing, the one declared form,
 * and buttons that save a draft (also by themselves, a few seconds after typing stops), preview it,
 * publish it now or at a time, take the record off the site, and go back to a kept version.
 */
export function DraftEditor({
  def,
  row,
  address,
  groups,
  user,
  onFinished,
  onStored,
  onChanged,
  onDirtyChange,
}: {
  def: ContentTypeDef;
  /** The list's row (its staff read), or null for a new record. */
  row: AdminRecord | null;
  /**
   * The one record's API address, for the site's words (`/api/settings`, decision 110); a type's
   * records are at `/api/<type>/<id>`. The one record is never taken off the site.
   */
  address?: string;
  /** The form's groups, as the declaration orders them. */
  groups?: { title: string; fields: string[] }[];
  user: PublicUser | undefined;
  /** The edit is over (published, scheduled): close with this message. */
  onFinished: (message: string) => void;
  /** A new record was stored, as a draft: it is edited from now on. */
  onStored: (record: AdminRecord) => void;
  /** Where a record stands changed: the list behind should show it. */
  onChanged: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const feedback = useFeedback();
  const canPublish = mayPublish(user?.role, def);
  // The draft's values, when it has one, are what the form edits.
  const [opened, setOpened] = useState<{ record: AdminRecord | null; key: number } | null>(
    row?.draft ? null : { record: row, key: 0 },
  );
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [meta, setMeta] = useState(() => publicationOf(row));
  const recordId = useRef<string | null>(row?._id ?? null);
  const [stored, setStored] = useState(row !== null);
  const [save, setSave] = useState<DraftSave>({ kind: 'idle' });
  const [stopped, setStopped] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  // What the last action on the record came to. Said in the dialog: notifications sit under it.
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const handle = useRef<DeclaredFormHandle | null>(null);
  const wasNew = row === null;
  const pathOf = (id: string) => address ?? `/api/${def.name}/${encodeURIComponent(id)}`;

  async function load(nextKey: number) {
    const id = recordId.current;
    if (!id) return;
    setLoadFailed(null);
    try {
      const record = await api<AdminRecord>(`${pathOf(id)}?draft=1`);
      setMeta((known) => publicationOf(record) ?? known);
      setOpened({ record, key: nextKey });
      setStopped(false);
      setSave({ kind: 'idle' });
    } catch (error) {
      setLoadFailed(refusal(error));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is read once, when the dialog opens.
  useEffect(() => {
    if (row?.draft) void load(1);
  }, []);

  const entries = useMemo(() => recordFormFields(def, opened?.record ? 'update' : 'create'), [def, opened]);
  const title = () => {
    const value = handle.current?.values[def.titleField] ?? opened?.record?.[def.titleField];
    return String(value ?? '') || def.label;
  };

  function took(record: AdminRecord) {
    const next = publicationOf(record);
    if (next?.status !== meta?.status) onChanged();
    if (next) setMeta(next);
  }

  /** The form's one send: a draft (typed, pressed or before another action), or a new record published. */
  async function send(
    values: FormValues,
    version: number | undefined,
    intent?: string,
  ): Promise<KeptOpen | undefined> {
    const id = recordId.current;
    if (!id && intent === 'publish') {
      await api(`/api/${def.name}`, { method: 'POST', body: values });
      return undefined;
    }
    setSave({ kind: 'saving' });
    try {
      const answer = id
        ? await api<AdminRecord>(pathOf(id), {
            method: 'PUT',
            body: { ...values, version, publish: false },
          })
        : await api<AdminRecord>(`/api/${def.name}`, { method: 'POST', body: { ...values, publish: false } });
      if (!id) {
        recordId.current = answer._id;
        setStored(true);
        onStored(answer);
      }
      took(answer);
      const draft = publicationOf(answer)?.draft;
      setSave({ kind: 'saved', at: draft?.updatedAt ?? new Date().toISOString() });
      setStopped(false);
      return { version: draft?.version ?? answer.version };
    } catch (error) {
      setSave({ kind: 'failed' });
      // Saving again by itself would meet the same refusal: the person reloads or logs in first.
      if (error instanceof ApiError && (error.status === 409 || error.status === 401)) setStopped(true);
      throw error;
    }
  }

  async function unpublish() {
    const id = recordId.current;
    const name = title();
    const ok = await feedback.confirm({
      message: `Take “${name}” off the site? It stays here with its draft, and can be published again.`,
      confirmLabel: 'Unpublish',
    });
    if (!ok || !id) return;
    try {
      took(
        await api<AdminRecord>(`${pathOf(id)}/unpublish`, {
          method: 'POST',
          body: {},
        }),
      );
      setSaid({ text: `“${name}” is off the site. Publish puts it back.`, problem: false });
    } catch (error) {
      setSaid({ text: refusal(error), problem: true });
    }
  }

  async function cancelSchedule() {
    const id = recordId.current;
    if (!id) return;
    try {
      took(await api<AdminRecord>(`${pathOf(id)}/publish`, { method: 'DELETE' }));
      setSaid({ text: 'Schedule cancelled. The draft stays as it is.', problem: false });
    } catch (error) {
      setSaid({ text: refusal(error), problem: true });
    }
  }

  if (loadFailed)
    return (
      <div className="modal-body">
        <p className="form-error" role="alert">
          {loadFailed}
        </p>
        <button type="button" className="btn btn-light" onClick={() => void load(1)}>
          Try again
        </button>
      </div>
    );
  if (!opened) return <Spinner label="Opening the draft…" />;

  const rule = publishRule(def);
  const draftBy = meta?.draft?.updatedBy && meta.draft.updatedBy === user?._id ? ' by you' : '';
  return (
    <>
      <div className="draft-standing">
        <div className="draft-standing-text">
          {meta ? (
            // The line beside it says when a scheduled draft goes on the site.
            <PublicationStatus meta={meta} withTime={false} />
          ) : (
            <span className="publication">
              <span className="publication-status publication-draft">New</span>
            </span>
          )}
          <p>
            {meta ? standingLine(meta) : 'Not on the site until it is published.'}
            {meta?.draft &&
              save.kind === 'idle' &&
              ` Draft saved ${formatWhen(meta.draft.updatedAt)}${draftBy}.`}
          </p>
          {/* Announced as it changes; the page's one status region stays the notifications'. */}
          <p className="draft-said" aria-live="polite" aria-atomic="true">
            {said && !said.problem ? said.text : ''}
          </p>
          {said?.problem && (
            <p className="form-error draft-said" role="alert">
              {said.text}
            </p>
          )}
          {meta?.draft?.stale && (
            <p className="draft-stale" role="note">
              This draft began before the last publish and does not have its changes. Compare under Versions
              before publishing.
            </p>
          )}
        </div>
        {stored && (
          <div className="draft-standing-actions">
            <button type="button" className="btn btn-small btn-light" onClick={() => setVersionsOpen(true)}>
              Versions
            </button>
            {canPublish && meta?.status === 'scheduled' && (
              <button type="button" className="btn btn-small btn-light" onClick={() => void cancelSchedule()}>
                Cancel schedule
              </button>
            )}
            {canPublish && meta?.publishedAt && !address && (
              <button type="button" className="btn btn-small btn-danger" onClick={() => void unpublish()}>
                Unpublish
              </button>
            )}
          </div>
        )}
      </div>
      <DeclaredForm
        key={opened.key}
        entries={entries}
        record={opened.record}
        groups={groups}
        submitLabel="Save draft"
        onSubmit={send}
        onDirtyChange={onDirtyChange}
        reload={() => void load(opened.key + 1)}
        actions={(form) => (
          <DraftActions
            form={form}
            handle={handle}
            recordId={recordId}
            path={() => pathOf(recordId.current ?? '')}
            meta={meta}
            stored={stored}
            stopped={stopped}
            save={save}
            canPublish={canPublish}
            publishers={rule && !canPublish ? publishersLine(rule) : null}
            title={title}
            onPublished={() =>
              onFinished(wasNew ? 'Data Created Successfully!' : 'Data Updated Successfully!')
            }
            onScheduled={(at) => onFinished(`Scheduled “${title()}” to go on the site ${formatWhen(at)}.`)}
          />
        )}
      />
      {stored && recordId.current && (
        <VersionsPanel
          open={versionsOpen}
          def={def}
          id={recordId.current}
          address={address}
          title={title()}
          current={() => ({ ...(opened.record ?? {}), ...(handle.current?.values ?? {}) })}
          isDirty={() => handle.current?.dirty ?? false}
          onClose={() => setVersionsOpen(false)}
          onRestored={(record, n) => {
            setVersionsOpen(false);
            setSaid({
              text: `Version ${n} is the draft now. Publish it to put it on the site.`,
              problem: false,
            });
            took(record);
            setSave({ kind: 'idle' });
            setStopped(false);
            setOpened({ record, key: opened.key + 1 });
          }}
        />
      )}
    </>
  );
}

/**
 * The form's buttons. Every action that needs the draft on the server saves it first; saves run
 * one after another, never two at once, the self-saving ones included.
 */
function DraftActions({
  form,
  handle,
  recordId,
  path,
  meta,
  stored,
  stopped,
  save,
  canPublish,
  publishers,
  title,
  onPublished,
  onScheduled,
}: {
  form: DeclaredFormHandle;
  handle: React.RefObject<DeclaredFormHandle | null>;
  recordId: React.RefObject<string | null>;
  /** The record's API address. */
  path: () => string;
  meta: PublicationMeta | null;
  stored: boolean;
  stopped: boolean;
  save: DraftSave;
  canPublish: boolean;
  publishers: string | null;
  title: () => string;
  onPublished: () => void;
  onScheduled: (at: string) => void;
}) {
  handle.current = form;
  // The action under way (one at a time): its button says so, the others wait.
  const [busy, setBusy] = useState<'publish' | 'preview' | 'schedule' | 'draft' | null>(null);
  const [failedSnapshot, setFailedSnapshot] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  // Why the last action was refused, beside its buttons (a notification would sit under the dialog).
  const [problem, setProblem] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** Send the form after any save still under way (the latest drawn form sends the latest values). */
  function submit(intent: string): Promise<SubmitOutcome> {
    const next = queue.current.then(() => handle.current!.submit(intent));
    queue.current = next.catch(() => undefined);
    return next;
  }

  /** The draft on the server as the form has it: saved now unless nothing changed since. */
  async function saveFirst(): Promise<boolean> {
    await queue.current;
    if (recordId.current && !handle.current!.dirty) return true;
    return (await submit('draft')) === 'sent';
  }

  const snapshot = JSON.stringify(form.values);
  const decision = autosaveDecision({
    stored,
    dirty: form.dirty,
    invalid: form.invalid,
    saving: form.submitting || busy !== null,
    stopped,
    snapshot,
    failedSnapshot,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new snapshot starts the wait again.
  useEffect(() => {
    if (decision !== 'due') return;
    const timer = setTimeout(async () => {
      const sent = snapshot;
      if ((await submit('autosave')) === 'failed') setFailedSnapshot(sent);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [decision, snapshot]);

  async function act(name: NonNullable<typeof busy>, action: () => Promise<void>) {
    if (busy) return;
    setBusy(name);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(refusal(error));
    } finally {
      setBusy(null);
    }
  }

  const publish = () =>
    act('publish', async () => {
      if (!recordId.current) {
        if ((await submit('publish')) === 'sent') onPublished();
        return;
      }
      if (!(await saveFirst())) return;
      // The draft as this form last saved it: one someone changed since is refused, not published.
      await api(`${path()}/publish`, { method: 'POST', body: { version: handle.current!.version() } });
      onPublished();
    });

  const saveDraft = () =>
    act('draft', async () => {
      await submit('draft');
    });

  const preview = () => {
    if (busy) return;
    // Values that cannot be saved get their messages, and no empty tab.
    if (form.invalid && (form.dirty || !recordId.current)) return saveDraft();
    // Opened while the click still counts as the person's, so no pop-up blocker stops it; it is
    // sent to the preview once the draft is saved and the link made.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    return act('preview', async () => {
      try {
        if (!(await saveFirst())) {
          tab?.close();
          return;
        }
        const { url } = await api<{ url: string }>(`${path()}/preview`, { method: 'POST', body: {} });
        const address = new URL(url, window.location.href).href;
        if (tab) tab.location.href = address;
        else window.open(address, '_blank', 'noopener');
      } catch (error) {
        tab?.close();
        throw error;
      }
    });
  };

  const schedule = (at: string) =>
    act('schedule', async () => {
      if (!(await saveFirst())) return;
      await api(`${path()}/publish`, { method: 'POST', body: { at, version: handle.current!.version() } });
      onScheduled(at);
    });

  const line = draftSaveLine(save);
  const nothingNew = stored && !hasUnpublished(meta, form.dirty);
  return (
    <>
      {scheduling && (
        <SchedulePanel
          title={title()}
          busy={busy !== null}
          onCancel={() => setScheduling(false)}
          onConfirm={(at) => void schedule(at)}
        />
      )}
      {publishers && <p className="draft-publishers">{publishers}</p>}
      {problem && (
        <p className="form-error draft-problem" role="alert">
          {problem}
        </p>
      )}
      <p className="draft-save" aria-live="polite" aria-atomic="true">
        {line}
      </p>
      <div className="draft-buttons">
        <button
          type="button"
          className="btn btn-light"
          aria-disabled={busy !== null}
          onClick={() => void preview()}
        >
          {busy === 'preview' ? 'Opening preview…' : 'Preview'}
        </button>
        <button
          type="button"
          className={canPublish ? 'btn btn-light' : 'btn btn-primary'}
          aria-disabled={busy !== null || form.invalid}
          onClick={() => void saveDraft()}
        >
          Save draft
        </button>
        {canPublish && (
          <>
            <button
              type="button"
              className="btn btn-light"
              aria-expanded={scheduling}
              aria-disabled={busy !== null || nothingNew}
              onClick={() => {
                if (!busy && !nothingNew) setScheduling((open) => !open);
              }}
            >
              Schedule…
            </button>
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={busy !== null || nothingNew || form.invalid}
              title={nothingNew ? 'Nothing to publish: the site already shows these values.' : undefined}
              onClick={() => {
                if (!nothingNew) void publish();
              }}
            >
              {busy === 'publish' ? 'Publishing…' : 'Publish'}
            </button>
          </>
        )}
      </div>
    </>
  );
}

/** A time to publish at, read back in the site's zone before it is confirmed. */
function SchedulePanel({
  title,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (at: string) => void;
}) {
  const id = useId();
  // An hour from now, on the minute: a sensible first offer that is never in the past.
  const [local, setLocal] = useState(() => toLocalInput(new Date(Date.now() + 3_600_000).toISOString()));
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const at = fromLocalInput(local);
  const when = new Date(at).getTime();
  const problem = !local
    ? 'Choose the day and time to publish.'
    : Number.isNaN(when) || when <= Date.now()
      ? 'Choose a time in the future.'
      : null;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const otherZone = browserZone !== readingZone();
  return (
    <fieldset className="schedule-panel">
      <legend>Schedule “{title}”</legend>
      <div className="field">
        <label htmlFor={`${id}-at`}>Publish on</label>
        <input
          ref={input}
          id={`${id}-at`}
          type="datetime-local"
          value={local}
          aria-invalid={touched && problem ? true : undefined}
          aria-describedby={`${id}-reads`}
          onChange={(event) => {
            setTouched(true);
            setLocal(event.target.value);
          }}
        />
        <p id={`${id}-reads`} className={touched && problem ? 'field-error' : 'field-help'}>
          {problem && touched
            ? problem
            : problem
              ? ''
              : `Goes on the site ${formatWhen(at)}${otherZone ? ` (site time, ${readingZone()})` : ''}.`}
        </p>
      </div>
      <div className="schedule-buttons">
        <button type="button" className="btn btn-light" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={busy || problem !== null}
          onClick={() => {
            setTouched(true);
            if (!busy && !problem) onConfirm(at);
          }}
        >
          Confirm schedule
        </button>
      </div>
    </fieldset>
  );
}
