/**
 * The shared zod schemas the public forms validate with. Imported lazily (on first use) so that
 * zod stays out of the JavaScript every page loads up front.
 */
import { fieldErrors, schemasFor } from '../../shared/content/schema';
import { contactus, subscriber } from '../../shared/content/types';

export type FieldErrors = Record<string, string>;

function validator(schema: ReturnType<typeof schemasFor>['create']) {
  return (values: Record<string, unknown>): FieldErrors => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  };
}

export const validateContact = validator(schemasFor(contactus).create);
export const validateSubscriber = validator(schemasFor(subscriber).create);
