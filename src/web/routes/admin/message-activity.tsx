import { type ReactNode, useCallback, useRef } from 'react';
import type { HistoryEntry } from '../../../shared/request-desk';
import { useFeedback } from '../../admin/feedback';
import { formatWhen } from '../../admin/format';
import { replyAddress, stageLabel } from '../../admin/request';
import { api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import { requestPath as path } from './message-work-form';
import type { Message } from './messages';

/** A one-textarea form that posts `{ text }` and empties itself: notes and replies. */
function TextForm({
  id,
  title,
  label,
  submitLabel,
  busyLabel,
  endpoint,
  done,
  onDone,
  children,
}: {
  id: string;
  title: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  endpoint: string;
  done: string;
  onDone: () => unknown;
  children?: ReactNode;
}) {
  const feedback = useFeedback();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const check = useCallback(
    (values: { text: string }): Record<string, string> =>
      values.text.trim() ? {} : { text: 'Write something first.' },
    [],
  );
  const form = useForm<{ text: string }>({
    values: { text: '' },
    check,
    invalidMessage: 'Write something first.',
    send: async ({ text }) => {
      await api(endpoint, { method: 'POST', body: { text: text.trim() } });
      feedback.success(done);
      await onDone();
      textRef.current?.focus();
      return { values: { text: '' } };
    },
  });
  const error = form.errors.text;
  return (
    <section className="request-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <form noValidate onSubmit={(event) => void form.submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-text`}>{label}</label>
          <textarea
            id={`${id}-text`}
            ref={textRef}
            rows={3}
            value={form.values.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-text-error` : undefined}
            onChange={(event) => {
              const text = event.target.value;
              form.setValue('text', () => text);
            }}
            onBlur={() => form.touch('text')}
          />
          {error && (
            <p id={`${id}-text-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="form-message" role="alert">
          {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
        </div>
        <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
          {form.submitting ? busyLabel : submitLabel}
        </button>
      </form>
    </section>
  );
}

export function Notes({ message, onAdded }: { message: Message; onAdded: () => unknown }) {
  const notes = message.notes ?? [];
  return (
    <TextForm
      id="note"
      title="Notes"
      label="New note (staff only)"
      submitLabel="Add note"
      busyLabel="Adding…"
      endpoint={path(message._id, '/notes')}
      done="Note added."
      onDone={onAdded}
    >
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="request-notes">
          {notes.map((note) => (
            <li key={note._id}>
              <p className="request-note-meta">
                <strong>{note.author}</strong> ·{' '}
                <time dateTime={note.createdAt}>{formatWhen(note.createdAt)}</time>
              </p>
              <p className="message-text">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
    </TextForm>
  );
}

export function Reply({ message, onSent }: { message: Message; onSent: () => unknown }) {
  return (
    <TextForm
      id="reply"
      title="Reply by e-mail"
      label={`Reply to ${replyAddress(message)}`}
      submitLabel="Send reply"
      busyLabel="Sending…"
      endpoint={path(message._id, '/reply')}
      done={`Reply sent to ${replyAddress(message)}.`}
      onDone={onSent}
    />
  );
}

/** An assignment in words: `Assigned to Sana by Owner`, `Unassigned (was Sana) by Owner`. */
function assignmentText(event: HistoryEntry): string {
  const was = event.assignedFrom ? ` (was ${event.assignedFrom})` : '';
  const what = event.assignedTo ? `Assigned to ${event.assignedTo}${was}` : `Unassigned${was}`;
  return `${what} by ${event.by}`;
}

function eventText(event: HistoryEntry): string {
  if (event.kind === 'reply') return 'Reply sent';
  if (event.kind === 'assign') return assignmentText(event);
  const to = stageLabel(event.to);
  if (event.from === event.to && event.scheduledAt) return `Visit moved to ${formatWhen(event.scheduledAt)}`;
  const visit = event.to === 'scheduled' && event.scheduledAt ? ` for ${formatWhen(event.scheduledAt)}` : '';
  const from = event.from ? `${stageLabel(event.from)} → ` : '';
  return `Stage: ${from}${to}${visit}`;
}

export function History({ message }: { message: Message }) {
  const history = message.history ?? [];
  return (
    <section className="request-panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ol className="request-history">
        <li>
          <p className="request-note-meta">
            <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
          </p>
          <p>Request received{message.urgent ? ' (urgent)' : ''}</p>
        </li>
        {history.map((event) => (
          <li key={event._id} className={`history-${event.kind}`}>
            <p className="request-note-meta">
              <time dateTime={event.at}>{formatWhen(event.at)}</time>
              {event.kind === 'assign' ? null : ` · ${event.by}`}
              {event.kind === 'stage' &&
                (event.notified ? ' · customer notified' : ' · customer not notified')}
            </p>
            <p>{eventText(event)}</p>
            {event.kind === 'reply' && event.text ? <p className="message-text">{event.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
