import { type FormEvent, useCallback, useMemo, useReducer, useRef } from 'react';
import {
  type FieldMessages,
  type FormNotice,
  type FormValues,
  formReducer,
  formView,
  initialFormState,
} from './form-state';
import { type FormSent, type SubmitOutcome as FormSubmitOutcome, submitValues } from './form-submit';

export type { FormSent } from './form-submit';

export type SubmitOutcome = FormSubmitOutcome | 'busy';

export interface UseFormOptions<V extends FormValues> {
  values: V;
  /** The browser's checks: the shared schema in the admin area, plain field checks on public pages. */
  check: (values: V) => FieldMessages;
  /** Send the values; throw (an ApiError from the API) to refuse them. */
  send: (values: V) => Promise<FormSent<V> | undefined>;
  /** The line under a form the browser or the server refused for its fields. */
  invalidMessage: string;
  /** The line under the form for a failure that names no field (default: the error's own words). */
  describeFailure?: (error: unknown) => string | undefined;
  /** The server's answer to a form posted without JavaScript. */
  answered?: { serverErrors?: FieldMessages; notice?: FormNotice | null };
}

/**
 * The one form hook: values, touched fields, the browser's field messages from the caller's
 * checks with the server's `{ error, fields }` merged into the same messages, a submitting state,
 * and a submit that refuses invalid values without sending them.
 */
export function useForm<V extends FormValues>(options: UseFormOptions<V>) {
  const [state, dispatch] = useReducer(formReducer<V>, undefined, () =>
    initialFormState(options.values, options.answered),
  );
  const latest = useRef(options);
  latest.current = options;
  const { check } = options;
  const checked = useMemo(() => check(state.values), [check, state.values]);
  const { errors, invalid } = formView(state, checked);
  const submittingRef = useRef(false);

  const setValue = useCallback(
    (name: string, update: (current: unknown) => unknown) => dispatch({ type: 'change', name, update }),
    [],
  );
  const touch = useCallback((name: string) => dispatch({ type: 'blur', name }), []);

  async function submit(event?: FormEvent): Promise<SubmitOutcome> {
    event?.preventDefault();
    // A second press while sending sends nothing (the state may not have re-rendered yet).
    if (submittingRef.current) return 'busy';
    submittingRef.current = !invalid;
    try {
      return await submitValues({ ...latest.current, values: state.values, invalid, dispatch });
    } finally {
      submittingRef.current = false;
    }
  }

  return {
    values: state.values,
    /** Each field's message to show now. */
    errors,
    /** The browser's checks refuse the values (the submit button says so with aria-disabled). */
    invalid,
    submitting: state.submitting,
    notice: state.notice,
    setValue,
    touch,
    submit,
    /** Start again from these values (a newer version of a record). */
    reset: useCallback((values: V) => dispatch({ type: 'reset', values }), []),
  };
}
