/**
 * The one form mechanism, apart from React: a form's values, which fields were left, the server's
 * field messages and the line under the form, changed only through `formReducer`. Every form of
 * the site (admin and public) runs on it through `useForm`; it knows nothing of zod or of the
 * API, so the public pages' small checking islands can carry it too.
 */
export type FieldMessages = Record<string, string>;
export type FormValues = Record<string, unknown>;

export interface FormNotice {
  kind: 'error' | 'success';
  text: string;
}

export interface FormState<V extends FormValues = FormValues> {
  values: V;
  /** Fields the person has left, or every field once a submit was refused. */
  touched: Readonly<Record<string, true>>;
  /**
   * Fields a sent form started again from and nobody has typed into since: leaving one says
   * nothing. A note box emptied after its note was added, then left, is no mistake to point at.
   */
  resting: Readonly<Record<string, true>>;
  /** The server's messages, each shown on its field until that field changes. */
  serverErrors: FieldMessages;
  /** The line under the form: why it was not sent, or that it was. */
  notice: FormNotice | null;
  submitting: boolean;
}

export type FormAction<V extends FormValues = FormValues> =
  | { type: 'change'; name: string; update: (current: unknown) => unknown }
  | { type: 'blur'; name: string }
  /** The browser's own checks refused the submit: show every field's message. */
  | { type: 'refused'; message: string }
  | { type: 'submitting' }
  /** The server refused; its field messages land on their fields. */
  | { type: 'failed'; message: string; fields?: FieldMessages }
  /** Sent. With `values` the form starts again from them (a contact form empties itself). */
  | { type: 'succeeded'; values?: V; message?: string }
  /** Start again from these values (a newer version of the record, say), forgetting the rest. */
  | { type: 'reset'; values: V };

const everyField = (values: FormValues): Record<string, true> =>
  Object.fromEntries(Object.keys(values).map((name) => [name, true as const]));

/** A fresh form; a page answered without JavaScript may hand in the server's messages. */
export function initialFormState<V extends FormValues>(
  values: V,
  answered: { serverErrors?: FieldMessages; notice?: FormNotice | null } = {},
): FormState<V> {
  const serverErrors = answered.serverErrors ?? {};
  return {
    values,
    touched: Object.fromEntries(Object.keys(serverErrors).map((name) => [name, true as const])),
    resting: {},
    serverErrors,
    notice: answered.notice ?? null,
    submitting: false,
  };
}

export function formReducer<V extends FormValues>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'change': {
      const { [action.name]: _answered, ...serverErrors } = state.serverErrors;
      const { [action.name]: _typedInto, ...resting } = state.resting;
      return {
        ...state,
        values: { ...state.values, [action.name]: action.update(state.values[action.name]) },
        serverErrors,
        resting,
        // A sent form's "thank you" goes once someone types again; a refusal stays until resent.
        notice: state.notice?.kind === 'success' ? null : state.notice,
      };
    }
    case 'blur':
      return state.touched[action.name] || state.resting[action.name]
        ? state
        : { ...state, touched: { ...state.touched, [action.name]: true } };
    case 'refused':
      return {
        ...state,
        touched: everyField(state.values),
        resting: {},
        notice: { kind: 'error', text: action.message },
      };
    case 'submitting':
      return { ...state, submitting: true, notice: null };
    case 'failed':
      return {
        ...state,
        submitting: false,
        serverErrors: action.fields ?? {},
        touched: action.fields ? everyField(state.values) : state.touched,
        resting: action.fields ? {} : state.resting,
        notice: { kind: 'error', text: action.message },
      };
    case 'succeeded':
      return {
        values: action.values ?? state.values,
        touched: action.values ? {} : state.touched,
        resting: action.values ? everyField(action.values) : state.resting,
        serverErrors: {},
        notice: action.message ? { kind: 'success', text: action.message } : null,
        submitting: false,
      };
    case 'reset':
      return initialFormState(action.values);
  }
}

/**
 * What a form shows, from its state and the browser's own checks of its values: each field's
 * message (the server's first, then the browser's once the field was left) and whether it may be
 * sent.
 */
export function formView(
  state: FormState,
  checked: FieldMessages,
): { errors: FieldMessages; invalid: boolean } {
  const errors: FieldMessages = {};
  for (const name of Object.keys(state.values)) {
    const message = state.serverErrors[name] ?? (state.touched[name] ? checked[name] : undefined);
    if (message) errors[name] = message;
  }
  return { errors, invalid: Object.keys(checked).length > 0 };
}

/**
 * The line under a refused form: the form's own words when the server named fields the form
 * shows, else the server's first field message (a field the form does not show), else its reason.
 */
export function failureMessage(
  values: FormValues,
  failure: { message: string; fields: FieldMessages },
  invalidMessage: string,
): string {
  const named = Object.keys(failure.fields);
  if (named.some((name) => name in values)) return invalidMessage;
  return named.length > 0 ? (failure.fields[named[0]!] as string) : failure.message;
}
