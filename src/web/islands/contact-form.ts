import { ApiError, api } from '../lib/api';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT,
  CONTACT_MESSAGES,
  checkContact,
  contactInput,
} from '../lib/public-forms';
import { bindForm, renderFieldError, renderNotice } from './form-binding';

/** What the API answers a new request by: its reference and its private status page. */
interface Receipt {
  reference: string;
  trackUrl: string;
}

/** Under the success line: the reference and the track link (as the no-JS thank-you page says). */
function renderReceipt(slot: HTMLElement, receipt: Receipt | null) {
  let line = slot.querySelector<HTMLElement>('[data-receipt]');
  if (!receipt) {
    line?.remove();
    return;
  }
  if (line?.dataset.reference === receipt.reference) return;
  line = document.createElement('p');
  line.className = 'form-receipt';
  line.dataset.receipt = '';
  line.dataset.reference = receipt.reference;
  const strong = document.createElement('strong');
  strong.textContent = receipt.reference;
  const link = document.createElement('a');
  link.href = receipt.trackUrl;
  link.rel = 'nofollow';
  link.textContent = 'Follow your request';
  line.append('Your reference is ', strong, '. ', link);
  slot.querySelector('[data-receipt]')?.remove();
  slot.append(line);
}

const names = CONTACT_FIELDS.map(({ name }) => name);
const empty = () => Object.fromEntries(names.map((name) => [name, '']));

/**
 * The contact form checked in the browser with the declaration's plain rules and sent to
 * POST /api/contactus; offline, it says so and keeps every word.
 */
export function bindContactForm(form: HTMLFormElement) {
  const slot = form.querySelector<HTMLElement>('[data-form-notice]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const trap = form.elements.namedItem(CONTACT_HONEYPOT) as HTMLInputElement | null;
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  let receipt: Receipt | null = null;
  const answeredErrors = Object.fromEntries(
    names.flatMap((name) => {
      const line = document.getElementById(`${control(name).id}-error`);
      return line?.textContent ? [[name, line.textContent]] : [];
    }),
  );
  bindForm(form, {
    names,
    check: checkContact,
    invalidMessage: CONTACT_MESSAGES.invalid,
    answered: { serverErrors: answeredErrors },
    send: async (values) => {
      const spam = trap?.value ?? '';
      const input = contactInput(values);
      receipt = null;
      const answer = await api<Partial<Receipt>>('/api/contactus', {
        method: 'POST',
        body: spam ? { ...input, [CONTACT_HONEYPOT]: spam } : input,
      });
      if (typeof answer.reference === 'string' && typeof answer.trackUrl === 'string')
        receipt = { reference: answer.reference, trackUrl: answer.trackUrl };
      return { values: empty(), message: CONTACT_MESSAGES.sent };
    },
    describeFailure: (error) => {
      if (!(error instanceof ApiError)) return CONTACT_MESSAGES.failed;
      if (error.status === 0) return navigator.onLine ? error.message : CONTACT_MESSAGES.offline;
      if (error.status === 400 && Object.keys(error.fields).length > 0) return undefined;
      return error.status === 429 ? error.message : CONTACT_MESSAGES.failed;
    },
    render: ({ state, errors }) => {
      for (const name of names) renderFieldError(control(name), errors[name]);
      renderNotice(slot, state.notice);
      renderReceipt(slot, state.notice?.kind === 'success' ? receipt : null);
      button.disabled = state.submitting;
      button.textContent = state.submitting ? 'Sending…' : 'Submit';
    },
    settled: (outcome, { errors }) => {
      const first = names.find((name) => errors[name]);
      if (outcome === 'refused' && first) control(first).focus();
      else slot.focus();
    },
  });
}
