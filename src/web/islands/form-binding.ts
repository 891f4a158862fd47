import {
  type FieldMessages,
  type FormNotice,
  type FormState,
  formReducer,
  formView,
  initialFormState,
} from '../lib/form-state';
import { type FormSent, type SubmitOutcome, submitValues } from '../lib/form-submit';

type Values = Record<string, string>;

export interface FormView {
  state: FormState<Values>;
  /** Each field's message to show now. */
  errors: FieldMessages;
}

export interface FormBinding {
  /** The fields the form sends, by control name. */
  names: readonly string[];
  check: (values: Values) => FieldMessages;
  send: (values: Values) => Promise<FormSent<Values> | undefined>;
  invalidMessage: string;
  describeFailure?: (error: unknown) => string | undefined;
  /** Draw the state into the form's HTML (the binding keeps the controls' values). */
  render: (view: FormView) => void;
  /** After a submit: where focus goes. */
  settled?: (outcome: SubmitOutcome, view: FormView) => void;
  /** Messages the server already put in the page (a form posted without JavaScript). */
  answered?: { serverErrors?: FieldMessages; notice?: FormNotice | null };
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isCheckbox = (element: Control | null): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'checkbox';
/** A control's value as form text: a checkbox reads `'true'` when ticked, `''` when not. */
const controlValue = (element: Control | null) =>
  isCheckbox(element) ? (element.checked ? 'true' : '') : (element?.value ?? '');

/**
 * Run a server-rendered form on the one form mechanism (form-state's reducer and the shared
 * submit), without React: the values live in the controls, every change goes through the reducer,
 * and `render` draws what it says. The island that binds a form decides its checks, how it sends
 * and how it looks; this is the part they share.
 */
export function bindForm(form: HTMLFormElement, binding: FormBinding) {
  const control = (name: string) => form.elements.namedItem(name) as Control | null;
  const read = (): Values =>
    Object.fromEntries(binding.names.map((name) => [name, controlValue(control(name))]));
  let state = initialFormState(read(), binding.answered);
  const view = (): FormView => ({ state, errors: formView(state, binding.check(state.values)).errors });

  function draw() {
    for (const name of binding.names) {
      const element = control(name);
      const value = state.values[name] ?? '';
      if (isCheckbox(element)) element.checked = value === 'true';
      else if (element && element.value !== value) element.value = value;
    }
    binding.render(view());
  }
  function dispatch(action: Parameters<typeof formReducer<Values>>[1]) {
    state = formReducer(state, action);
    draw();
  }

  form.addEventListener('input', (event) => {
    const target = event.target as Control;
    const { name } = target;
    const value = controlValue(target);
    if (binding.names.includes(name)) dispatch({ type: 'change', name, update: () => value });
  });
  form.addEventListener('focusout', (event) => {
    const { name } = event.target as Control;
    // Leaving a field for the Submit button: submitting checks everything, and showing an error
    // now would move the button away from under the pointer before the click lands.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === 'submit') return;
    if (binding.names.includes(name)) dispatch({ type: 'blur', name });
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // A second press while sending sends nothing.
    if (state.submitting) return;
    const { invalid } = formView(state, binding.check(state.values));
    const outcome = await submitValues({
      values: state.values,
      invalid,
      dispatch,
      send: binding.send,
      invalidMessage: binding.invalidMessage,
      describeFailure: binding.describeFailure,
    });
    binding.settled?.(outcome, view());
  });
}

/** The line under a form: the notice slot's one paragraph, announced as the page's own would be. */
export function renderNotice(slot: HTMLElement, notice: FormNotice | null) {
  const current = slot.firstElementChild;
  if (!notice) {
    current?.remove();
    return;
  }
  if (current?.textContent === notice.text && current.classList.contains(`is-${notice.kind}`)) return;
  const line = document.createElement('p');
  line.className = `form-notice is-${notice.kind}`;
  line.setAttribute('role', notice.kind === 'error' ? 'alert' : 'status');
  line.textContent = notice.text;
  slot.replaceChildren(line);
}

/** A field's message under its control, tied to it with aria-describedby. */
export function renderFieldError(control: Control, message: string | undefined) {
  const id = `${control.id}-error`;
  let line = document.getElementById(id);
  if (!message) {
    line?.remove();
    control.removeAttribute('aria-invalid');
    // Without an error a control is described by its hint, as the page drew it, if it has one.
    const hint = document.getElementById(`${control.id}-hint`);
    if (hint) control.setAttribute('aria-describedby', hint.id);
    else control.removeAttribute('aria-describedby');
    return;
  }
  if (!line) {
    line = document.createElement('p');
    line.className = 'field-error';
    line.id = id;
    control.after(line);
  }
  if (line.textContent !== message) line.textContent = message;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', id);
}
