import { type ReactNode, useCallback, useRef } from 'react';
import { directionsHref, parseLocation } from '../../../shared/location';
import type { HistoryEntry } from '../../../shared/request-desk';
import { whatsappHref } from '../../../shared/whatsapp';
import { useFeedback } from '../../admin/feedback';
import { formatWhen } from '../../admin/format';
import { replyAddress, stageLabel } from '../../admin/request';
import { api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import { requestPath as path } from './message-work-form';
import type { Message } from './messages';

/**
 * A one-textarea form that posts `{ text }` and empties itself: notes and replies. With `sendsBy`
 * its submit is a link that carries the words elsewhere (WhatsApp) as they are recorded.
 */
function TextForm({
  id,
  title,
  label,
  submitLabel,
  busyLabel,
  endpoint,
  done,
  onDone,
  sendsBy,
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
  /** The link that takes the words where they go, opened in a new tab when sent. */
  sendsBy?: (text: string) => string;
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
        {sendsBy ? (
          // A link, so the browser opens WhatsApp as a tap would (a tab opened after the record's
          // round trip is a pop-up browsers block); empty words open nothing and say why.
          <a
            className="btn btn-chat"
            href={sendsBy(form.values.text.trim())}
            target="_blank"
            rel="noopener noreferrer"
            aria-disabled={form.invalid || form.submitting}
            onClick={(event) => {
              if (form.invalid || form.submitting) event.preventDefault();
              void form.submit();
            }}
          >
            {form.submitting ? busyLabel : submitLabel}
          </a>
        ) : (
          <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
            {form.submitting ? busyLabel : submitLabel}
          </button>
        )}
      </form>
    </section>
  );
}

/** The notes and a box for a new one; `formId` tells apart several requests' boxes on one page. */
export function Notes({
  message,
  onAdded,
  formId = 'note',
}: {
  message: Message;
  onAdded: () => unknown;
  formId?: string;
}) {
  // A list's row comes without its notes: then only the form is shown.
  const notes = message.notes;
  return (
    <TextForm
      id={formId}
      title="Notes"
      label="New note (staff only)"
      submitLabel="Add note"
      busyLabel="Adding…"
      endpoint={path(message._id, '/notes')}
      done="Note added."
      onDone={onAdded}
    >
      {!notes ? null : notes.length === 0 ? (
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

/**
 * A reply where the customer is, when they gave no e-mail (decision 100): the words open in
 * WhatsApp on the staff member's own phone or computer, and the history keeps them as sent.
 */
export function WhatsAppReply({ message, onSent }: { message: Message; onSent: () => unknown }) {
  return (
    <TextForm
      id="reply"
      title="Reply on WhatsApp"
      label={`Reply to ${message.phone} (no e-mail given)`}
      submitLabel="Send on WhatsApp"
      busyLabel="Recording…"
      endpoint={path(message._id, '/whatsapp-reply')}
      done="Kept in the history: send it in the WhatsApp window that opened."
      onDone={onSent}
      sendsBy={(text) => whatsappHref(message.phone, text)}
    />
  );
}

/** The fault's photos as thumbnails, each opening at full size; nothing when there are none. */
export function RequestPhotos({ photos, sender }: { photos: readonly string[]; sender: string }) {
  if (photos.length === 0) return null;
  return (
    <>
      <h3 className="request-subhead">Photos</h3>
      <ul className="request-photos">
        {photos.map((url, index) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener">
              <img
                src={url}
                alt={`The fault, ${index + 1} of ${photos.length}, sent by ${sender}`}
                width={120}
                height={120}
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** An assignment in words: `Assigned to Sana by Owner`, `Unassigned (was Sana) by Owner`. */
function assignmentText(event: HistoryEntry): string {
  const was = event.assignedFrom ? ` (was ${event.assignedFrom})` : '';
  const what = event.assignedTo ? `Assigned to ${event.assignedTo}${was}` : `Unassigned${was}`;
  return `${what} by ${event.by}`;
}

function eventText(event: HistoryEntry): string {
  if (event.kind === 'reply')
    return event.channel === 'whatsapp' ? `Replied on WhatsApp by ${event.by}` : 'Reply sent';
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
              {event.kind === 'assign' || event.channel === 'whatsapp' ? null : ` · ${event.by}`}
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

/**
 * Directions to the customer in the phone's maps app (shared/location.ts): to the point they
 * gave, else to their street address and area; nothing when they gave neither.
 */
export function DirectionsLink({
  request,
  className = 'btn btn-light',
}: {
  request: Pick<Message, 'name' | 'location' | 'address' | 'area'>;
  className?: string;
}) {
  const href = directionsHref(request);
  if (!href) return null;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      Directions<span className="visually-hidden"> to {request.name} (opens the maps)</span>
    </a>
  );
}

/** The location a customer gave: their maps link, or the point they shared, opened in the maps. */
export function CustomerLocation({ location }: { location: string | undefined }) {
  const parsed = parseLocation(location);
  if (!location) return <span className="muted">Not given</span>;
  if (!parsed) return <>{location}</>;
  const href =
    parsed.kind === 'link'
      ? parsed.url
      : `https://www.google.com/maps/search/?api=1&query=${parsed.point.lat},${parsed.point.lng}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {parsed.kind === 'link' ? 'Their maps link' : `${parsed.point.lat}, ${parsed.point.lng}`}
    </a>
  );
}
