import { ApiError } from './api';
import { type FieldMessages, type FormAction, type FormValues, failureMessage } from './form-state';

/** What a sent form does next: start again from `values`, and/or say `message` under it. */
export interface FormSent<V> {
  values?: V;
  message?: string;
}

export type SubmitOutcome = 'refused' | 'failed' | 'sent';

export interface SubmitOptions<V extends FormValues> {
  values: V;
  /** The browser's checks refuse the values: they are not sent. */
  invalid: boolean;
  dispatch: (action: FormAction<V>) => void;
  /** Send the values; throw (an ApiError from the API) to refuse them. */
  send: (values: V) => Promise<FormSent<V> | undefined>;
  /** The line under a form the browser or the server refused for its fields. */
  invalidMessage: string;
  /** The line under the form for a failure that names no field (default: the error's own words). */
  describeFailure?: (error: unknown) => string | undefined;
}

/**
 * One submit of a form, apart from how it is drawn: refuse invalid values without sending them,
 * else send, and land the server's `{ error, fields }` on the form's fields. The admin area's
 * `useForm` and the public pages' form islands both submit through this.
 */
export async function submitValues<V extends FormValues>(options: SubmitOptions<V>): Promise<SubmitOutcome> {
  const { values, dispatch, send, invalidMessage, describeFailure } = options;
  if (options.invalid) {
    dispatch({ type: 'refused', message: invalidMessage });
    return 'refused';
  }
  dispatch({ type: 'submitting' });
  try {
    const sent = await send(values);
    dispatch({ type: 'succeeded', values: sent?.values, message: sent?.message });
    return 'sent';
  } catch (error) {
    const fields: FieldMessages | undefined =
      error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : undefined;
    const message =
      describeFailure?.(error) ??
      (error instanceof ApiError
        ? failureMessage(values, { message: error.message, fields: error.fields }, invalidMessage)
        : 'Something went wrong. Please try again.');
    dispatch({ type: 'failed', message, fields });
    return 'failed';
  }
}
