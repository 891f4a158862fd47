import { ApiError, api } from '../lib/api';
import { checkSubscriber, SUBSCRIBE_EMAIL, SUBSCRIBE_MESSAGES } from '../lib/public-forms';
import { bindForm } from './form-binding';

const STATUS_CLASS = {
  invalid: 'invalid',
  sending: 'sending',
  idle: 'idle',
  success: 'done',
  error: 'failed',
};

/** The subscribe box answered in place: one status line under it, the address's problem first. */
export function bindSubscribeForm(form: HTMLFormElement) {
  const name = SUBSCRIBE_EMAIL.name;
  const input = form.elements.namedItem(name) as HTMLInputElement;
  const status = form.querySelector<HTMLElement>('.subscribe-status')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  bindForm(form, {
    names: [name],
    check: checkSubscriber,
    // Not shown: a refused address always has its own message, which the status line shows first.
    invalidMessage: SUBSCRIBE_MESSAGES.invalid,
    send: async (values) => {
      // The same answer for a new and a known address: the next step is in the visitor's inbox.
      const answer = await api<{ message?: string }>('/api/subscribers', { method: 'POST', body: values });
      return { values: { [name]: '' }, message: answer?.message };
    },
    describeFailure: (error) => {
      if (error instanceof ApiError && error.status === 0 && !navigator.onLine)
        return SUBSCRIBE_MESSAGES.offline;
      return error instanceof ApiError && (error.status === 400 || error.status === 429)
        ? undefined
        : SUBSCRIBE_MESSAGES.failed;
    },
    render: ({ state, errors }) => {
      const problem = errors[name];
      const kind = problem ? 'invalid' : state.submitting ? 'sending' : (state.notice?.kind ?? 'idle');
      status.textContent = problem ?? state.notice?.text ?? '';
      status.className = `subscribe-status is-${STATUS_CLASS[kind]}`;
      if (problem) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      button.disabled = state.submitting;
    },
  });
}
