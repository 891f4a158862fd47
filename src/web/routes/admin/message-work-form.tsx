import { useCallback, useEffect, useState } from 'react';
import { CONTACT_STAGES } from '../../../shared/constants';
import { contactus } from '../../../shared/content/types';
import { isNewsToCustomer, notifiesCustomerByDefault, visitTimeProblem } from '../../../shared/request-desk';
import { STALE_EDIT } from '../../admin/content-form';
import { fromLocalInput, toLocalInput } from '../../admin/date-time-input';
import { useFeedback } from '../../admin/feedback';
import { replyAddress, STAGE_LABELS, type StaffMember } from '../../admin/request';
import { ApiError, api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import type { Message } from './messages';

/** The request's address in the API; its notes and reply are below it. */
export const requestPath = (id: string, rest = '') =>
  `/api/${contactus.name}/${encodeURIComponent(id)}${rest}`;

type WorkValues = {
  stage: string;
  scheduledAt: string;
  notifyCustomer: boolean;
  assignee: string;
  followUpAt: string;
};

const workValuesOf = (message: Message): WorkValues => ({
  stage: String(message.stage ?? 'new'),
  scheduledAt: toLocalInput(message.scheduledAt),
  // Only news is announced (a new stage, a moved visit): nothing to tell while nothing changes.
  notifyCustomer: false,
  assignee: message.assignee ?? '',
  followUpAt: toLocalInput(message.followUpAt),
});

/**
 * What the customer may be told of by mail (the shared rule): a new stage, or their booked visit
 * moved; never when they filed with a phone alone (decision 096), whom a WhatsApp reply reaches.
 */
const isNews = (message: Message, values: Pick<WorkValues, 'stage' | 'scheduledAt'>): boolean =>
  Boolean(replyAddress(message)) &&
  isNewsToCustomer(message, { stage: values.stage, scheduledAt: fromLocalInput(values.scheduledAt) || null });

/** The desk's work on a request as one change of its version; fields left out stay as they are. */
export interface WorkChange {
  stage: string;
  scheduledAt: string | null;
  notifyCustomer: boolean;
  assignee?: string | null;
  followUpAt?: string | null;
}

/** Save a change of the desk's work, and say so (with whether the customer is told). */
export async function saveWork(
  message: Message,
  change: WorkChange,
  feedback: ReturnType<typeof useFeedback>,
) {
  await api(requestPath(message._id), { method: 'PUT', body: { version: message.version, ...change } });
  feedback.success(
    change.notifyCustomer
      ? `Saved. ${message.name} is told: ${STAGE_LABELS[change.stage as keyof typeof STAGE_LABELS]}.`
      : 'Saved.',
  );
}

/** What a refused save means: a 409 is someone else's newer version. */
export const isStaleEdit = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Stage (with the visit's time), who has it, when to look again: one save, one version. Without
 * `people` (a role that may not assign) the assignee is neither shown nor sent.
 */
export function WorkForm({
  message,
  people,
  onSaved,
}: {
  message: Message;
  people: StaffMember[] | null;
  onSaved: () => unknown;
}) {
  const feedback = useFeedback();
  const [stale, setStale] = useState(false);
  const check = useCallback(
    (values: WorkValues): Record<string, string> => {
      if (values.stage !== 'scheduled') return {};
      const scheduledAt = fromLocalInput(values.scheduledAt);
      const problem = scheduledAt
        ? visitTimeProblem(scheduledAt, message.scheduledAt)
        : "Choose the visit's date and time.";
      return problem ? { scheduledAt: problem } : {};
    },
    [message.scheduledAt],
  );
  const form = useForm<WorkValues>({
    values: workValuesOf(message),
    check,
    invalidMessage: 'Please fill all fields correctly.',
    send: async (values) => {
      setStale(false);
      await saveWork(
        message,
        {
          stage: values.stage,
          scheduledAt: values.stage === 'scheduled' ? fromLocalInput(values.scheduledAt) || null : null,
          ...(people && { assignee: values.assignee || null }),
          followUpAt: fromLocalInput(values.followUpAt) || null,
          notifyCustomer: isNews(message, values) ? values.notifyCustomer : false,
        },
        feedback,
      );
      await onSaved();
      return undefined;
    },
    describeFailure: (error) => {
      if (isStaleEdit(error)) {
        setStale(true);
        return STALE_EDIT;
      }
      return undefined;
    },
  });
  const { reset } = form;
  // A newer version of the request (saved here, or reloaded after a refusal) restarts the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version stands for the whole record
  useEffect(() => reset(workValuesOf(message)), [message.version, reset]);

  const { values, errors } = form;
  const set = (name: keyof WorkValues, value: unknown) => form.setValue(name, () => value);
  return (
    <form className="request-panel" noValidate onSubmit={(event) => void form.submit(event)}>
      <h2>Work on it</h2>
      <div className="field">
        <label htmlFor="work-stage">Stage</label>
        <select
          id="work-stage"
          value={values.stage}
          onChange={(event) => {
            const stage = event.target.value;
            set('stage', stage);
            set(
              'notifyCustomer',
              isNews(message, { ...values, stage }) && notifiesCustomerByDefault(stage, message),
            );
          }}
        >
          {CONTACT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
      {values.stage === 'scheduled' && (
        <div className="field">
          <label htmlFor="work-scheduledAt">Visit date and time</label>
          <input
            id="work-scheduledAt"
            type="datetime-local"
            value={values.scheduledAt}
            aria-invalid={errors.scheduledAt ? true : undefined}
            aria-describedby={errors.scheduledAt ? 'work-scheduledAt-error' : undefined}
            onChange={(event) => {
              const scheduledAt = event.target.value;
              set('scheduledAt', scheduledAt);
              set(
                'notifyCustomer',
                isNews(message, { ...values, scheduledAt }) &&
                  notifiesCustomerByDefault(values.stage, message),
              );
            }}
            onBlur={() => form.touch('scheduledAt')}
          />
          {errors.scheduledAt && (
            <p id="work-scheduledAt-error" className="field-error">
              {errors.scheduledAt}
            </p>
          )}
        </div>
      )}
      {replyAddress(message) ? (
        <div className="field field-check">
          <input
            id="work-notify"
            type="checkbox"
            checked={values.notifyCustomer}
            disabled={!isNews(message, values)}
            onChange={(event) => set('notifyCustomer', event.target.checked)}
          />
          <label htmlFor="work-notify">Notify the customer</label>
        </div>
      ) : (
        <p className="muted">No e-mail given: tell the customer on WhatsApp, under Reply on WhatsApp.</p>
      )}
      {people && (
        <div className="field">
          <label htmlFor="work-assignee">Assignee</label>
          <select
            id="work-assignee"
            value={values.assignee}
            onChange={(event) => set('assignee', event.target.value)}
          >
            <option value="">Nobody yet</option>
            {people.map((member) => (
              <option key={member._id} value={member._id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="work-followUpAt">Follow up on</label>
        <input
          id="work-followUpAt"
          type="datetime-local"
          value={values.followUpAt}
          onChange={(event) => set('followUpAt', event.target.value)}
        />
      </div>
      <div className="form-message" role="alert">
        {form.notice?.kind === 'error' && <p className="form-error">{form.notice.text}</p>}
        {stale && (
          <button
            type="button"
            className="btn btn-small btn-light"
            onClick={() => {
              setStale(false);
              void onSaved();
            }}
          >
            Reload
          </button>
        )}
      </div>
      <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
        {form.submitting ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
