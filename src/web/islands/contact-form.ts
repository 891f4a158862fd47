import { VISITOR_PHOTOS_MAX } from '../../shared/constants';
import { ApiError, api, uploadPhoto } from '../lib/api';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT,
  CONTACT_MESSAGES,
  CONTACT_PHOTOS,
  checkContact,
  contactInput,
} from '../lib/public-forms';
import { bindForm, renderFieldError, renderNotice } from './form-binding';
import { shrinkPhoto } from './shrink-photo';

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

/** A refusal of the photos, shown under their control. */
class PhotoRefusal extends ApiError {}

/**
 * The chosen photos, each sent through its own door (POST /api/contactus/photos), as the tokens
 * the request names them by. A photo sent once is not sent again when the request is retried.
 */
function photoSender(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>(`input[type="file"][name="${CONTACT_PHOTOS}"]`);
  const sent = new WeakMap<File, string>();
  return {
    input,
    async tokens(): Promise<string[]> {
      // Photos a refused post without JavaScript already sent, kept in the page.
      const kept = [
        ...form.querySelectorAll<HTMLInputElement>(`input[type="hidden"][name="${CONTACT_PHOTOS}"]`),
      ];
      const files = [...(input?.files ?? [])];
      if (kept.length + files.length > VISITOR_PHOTOS_MAX) {
        const message = `Attach at most ${VISITOR_PHOTOS_MAX} photos.`;
        throw new PhotoRefusal(400, message, { [CONTACT_PHOTOS]: message });
      }
      const tokens = kept.map((hidden) => hidden.value);
      for (const file of files) {
        let token = sent.get(file);
        if (!token) {
          try {
            token = await uploadPhoto(await shrinkPhoto(file));
          } catch (error) {
            if (!(error instanceof ApiError) || error.status === 0) throw error;
            throw new PhotoRefusal(error.status, error.message, { [CONTACT_PHOTOS]: error.message });
          }
          sent.set(file, token);
        }
        tokens.push(token);
      }
      return tokens;
    },
    /** After a request went through, or when the server refused the tokens: nothing is kept. */
    forget() {
      for (const hidden of form.querySelectorAll(`input[type="hidden"][name="${CONTACT_PHOTOS}"]`))
        hidden.remove();
      if (input) input.value = '';
    },
  };
}

/**
 * The contact form checked in the browser with the declaration's plain rules and sent to
 * POST /api/contactus, its photos first; offline, it says so and keeps every word.
 */
export function bindContactForm(form: HTMLFormElement) {
  const slot = form.querySelector<HTMLElement>('[data-form-notice]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const trap = form.elements.namedItem(CONTACT_HONEYPOT) as HTMLInputElement | null;
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const photos = photoSender(form);
  let photoError = photos.input
    ? document.getElementById(`${photos.input.id}-error`)?.textContent || undefined
    : undefined;
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
      const input: Record<string, unknown> = contactInput(values);
      if (spam) input[CONTACT_HONEYPOT] = spam;
      receipt = null;
      photoError = undefined;
      const tokens = await photos.tokens();
      if (tokens.length > 0) input[CONTACT_PHOTOS] = tokens;
      const answer = await api<Partial<Receipt>>('/api/contactus', { method: 'POST', body: input });
      photos.forget();
      if (typeof answer.reference === 'string' && typeof answer.trackUrl === 'string')
        receipt = { reference: answer.reference, trackUrl: answer.trackUrl };
      return { values: empty(), message: CONTACT_MESSAGES.sent };
    },
    describeFailure: (error) => {
      if (!(error instanceof ApiError)) return CONTACT_MESSAGES.failed;
      photoError = error.fields[CONTACT_PHOTOS];
      // Tokens the server would not take (too old, used): the photos are chosen and sent again.
      if (photoError && !(error instanceof PhotoRefusal)) photos.forget();
      if (error instanceof PhotoRefusal)
        return error.status === 429 || error.status === 503 ? error.message : CONTACT_MESSAGES.invalid;
      if (error.status === 0) return navigator.onLine ? error.message : CONTACT_MESSAGES.offline;
      if (error.status === 400 && Object.keys(error.fields).length > 0) return undefined;
      return error.status === 429 ? error.message : CONTACT_MESSAGES.failed;
    },
    render: ({ state, errors }) => {
      for (const name of names) renderFieldError(control(name), errors[name]);
      if (photos.input) {
        renderFieldError(photos.input, photoError);
        // Without an error the control is described by its hint of the limits, as the page drew it.
        if (!photoError) photos.input.setAttribute('aria-describedby', `${photos.input.id}-hint`);
      }
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
