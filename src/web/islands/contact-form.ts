import { VISITOR_PHOTOS_MAX, visitorPhotoProblem } from '../../shared/constants';
import { keepLinkHref, whatHappensNext } from '../../shared/request-receipt';
import { ApiError, api, uploadPhoto } from '../lib/api';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT,
  CONTACT_MESSAGES,
  CONTACT_PHOTOS,
  checkContact,
  contactInput,
} from '../lib/public-forms';
import { bindCopyLink } from './copy-link';
import { bindForm, renderFieldError, renderNotice } from './form-binding';
import { shrinkPhoto } from './shrink-photo';

/** What the API answers a new request by, with what the customer said that the thank-you repeats. */
interface Receipt {
  reference: string;
  trackUrl: string;
  urgent: boolean;
  phone: string;
}

/**
 * The thank-you in the form's place (the page's template, the same the page after a post without
 * JavaScript draws), filled with this request: no second, empty form invites a duplicate.
 */
function showThanks(form: HTMLFormElement, template: HTMLTemplateElement, receipt: Receipt) {
  const thanks = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const part = <E extends HTMLElement>(name: string) => thanks.querySelector<E>(`[data-thanks-${name}]`)!;
  const trackLink = new URL(receipt.trackUrl, window.location.origin).href;
  part('reference').textContent = receipt.reference;
  part<HTMLAnchorElement>('track').href = receipt.trackUrl;
  part('next').textContent = whatHappensNext(receipt);
  part<HTMLInputElement>('link').value = trackLink;
  part<HTMLAnchorElement>('whatsapp').href = keepLinkHref(receipt.phone, {
    company: thanks.dataset.company ?? '',
    reference: receipt.reference,
    trackLink,
  });
  template.remove();
  // The form's own heading ("Send us a message") goes with it: the thank-you has its own.
  const heading = form.previousElementSibling;
  if (heading?.matches('h2, h3')) heading.remove();
  form.replaceWith(thanks);
  bindCopyLink(thanks);
  thanks.querySelector<HTMLElement>('#contact-thanks-title')?.focus();
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
  // Each photo as it will be sent (a large one drawn smaller), made once: when it is chosen.
  const prepared = new WeakMap<File, Promise<File>>();
  const prepare = (file: File) => {
    let ready = prepared.get(file);
    if (!ready) {
      ready = shrinkPhoto(file);
      prepared.set(file, ready);
    }
    return ready;
  };
  return {
    input,
    /**
     * The first chosen photo the server would refuse for its type or its size (after drawing it
     * smaller), by the server's own limits: said beside the field before anything is uploaded.
     */
    async problem(): Promise<string | undefined> {
      for (const file of input?.files ?? []) {
        const refused =
          visitorPhotoProblem(file) ??
          visitorPhotoProblem({ name: file.name, type: file.type, size: (await prepare(file)).size });
        if (refused) return refused;
      }
      return undefined;
    },
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
      const refused = await this.problem();
      if (refused) throw new PhotoRefusal(400, refused, { [CONTACT_PHOTOS]: refused });
      const tokens = kept.map((hidden) => hidden.value);
      for (const file of files) {
        let token = sent.get(file);
        if (!token) {
          try {
            token = await uploadPhoto(await prepare(file));
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
  const thanksTemplate = form.parentElement?.querySelector<HTMLTemplateElement>(
    'template[data-contact-thanks]',
  );
  offerMyLocation(control('location'));
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
  // A photo the server would refuse is said as soon as it is chosen, beside its field.
  photos.input?.addEventListener('change', async () => {
    const chosen = photos.input!.files;
    const refused = await photos.problem();
    // Another choice made meanwhile has its own check.
    if (photos.input!.files !== chosen) return;
    photoError = refused;
    renderFieldError(photos.input!, photoError);
  });
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
        receipt = {
          reference: answer.reference,
          trackUrl: answer.trackUrl,
          urgent: input.urgent === true,
          phone: values.phone ?? '',
        };
      return { values: empty(), message: CONTACT_MESSAGES.sent };
    },
    describeFailure: (error) => {
      if (!(error instanceof ApiError)) return CONTACT_MESSAGES.failed;
      photoError = error.fields[CONTACT_PHOTOS];
      // Tokens the server would not take (too old, used): the photos are chosen and sent again.
      if (photoError && !(error instanceof PhotoRefusal)) photos.forget();
      // The photo's own words, not a summary that blames the fields.
      if (error instanceof PhotoRefusal) return error.message;
      if (error.status === 0) return navigator.onLine ? error.message : CONTACT_MESSAGES.offline;
      if (error.status === 400 && Object.keys(error.fields).length > 0) return undefined;
      return error.status === 429 ? error.message : CONTACT_MESSAGES.failed;
    },
    render: ({ state, errors }) => {
      for (const name of names) renderFieldError(control(name), errors[name]);
      if (photos.input) renderFieldError(photos.input, photoError);
      renderNotice(slot, state.notice);
      button.disabled = state.submitting;
      button.textContent = state.submitting ? 'Sending…' : 'Submit';
    },
    settled: (outcome, { errors }) => {
      if (outcome === 'sent' && receipt && thanksTemplate) return showThanks(form, thanksTemplate, receipt);
      const first = names.find((name) => errors[name]);
      if (outcome === 'refused' && first) control(first).focus();
      else slot.focus();
    },
  });
}

/**
 * "Use my location" beside the location field, where the browser can tell it: it fills the field
 * with the point (`24.860700,67.001100`), which the customer sees and may clear before sending.
 */
function offerMyLocation(input: HTMLInputElement | null) {
  if (!input || !('geolocation' in navigator)) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-light btn-small location-button';
  button.textContent = 'Use my location';
  const status = document.createElement('span');
  status.className = 'field-hint';
  status.setAttribute('role', 'status');
  const row = document.createElement('div');
  row.className = 'location-row';
  row.append(button, status);
  (input.parentElement ?? input).append(row);
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = 'Finding where you are…';
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        input.value = `${coords.latitude.toFixed(6)},${coords.longitude.toFixed(6)}`;
        // The form's values follow its controls' input events.
        input.dispatchEvent(new Event('input', { bubbles: true }));
        status.textContent = 'Your location is filled in.';
        button.disabled = false;
      },
      () => {
        status.textContent = 'Your location could not be read: paste a link from your maps app instead.';
        button.disabled = false;
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}
