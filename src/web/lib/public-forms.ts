/**
 * The visitors' forms as plain data, built from their declarations: the server renders them from
 * these, and the islands that check them in the browser import the same (no React, no zod).
 */

import { PHONE_FORMAT_HINT } from '../../shared/constants';
import {
  checkPlainFields,
  messages,
  type PlainField,
  plainFormFields,
  plainFormInput,
} from '../../shared/content/field-checks';
import { contactus, subscriber } from '../../shared/content/visitor-types';

export const CONTACT_MESSAGES = {
  invalid: 'Please fill out all required fields correctly.',
  sent: 'Message sent successfully!',
  failed: 'Something went wrong. Please try again.',
  offline:
    'You are offline, so your message was not sent. It is still here: send it again once you are connected, or call us.',
} as const;

/** The contact form's fields, as the message declaration names them. */
export const CONTACT_FIELDS: readonly PlainField[] = plainFormFields(contactus.fields);
/** The photos' field: files in the form, the tokens they were given in what the API takes. */
export const CONTACT_PHOTOS = 'photos';
/** The spam trap's field name, as the declaration names it. */
export const CONTACT_HONEYPOT = contactus.intake!.honeypot!.field;
export const checkContact = (values: Record<string, string>) => checkPlainFields(CONTACT_FIELDS, values);
/** The contact form's values as POST /api/contactus takes them (the Emergency box as a boolean). */
export const contactInput = (values: Record<string, string>) => plainFormInput(CONTACT_FIELDS, values);

/** Hints of a field's format, shown as its placeholder; never a real-looking number. */
export const PLACEHOLDERS: Readonly<Record<string, string>> = { phone: PHONE_FORMAT_HINT };

/** What a field is for, under it, where its label alone leaves the visitor guessing. */
export const CONTACT_HINTS: Readonly<Record<string, string>> = {
  email: 'Optional: we send your reference and the link to follow your request there.',
  address: 'Optional: house, street and block, so the technician finds you.',
  location: 'Optional: paste a link from your maps app (Share, then Copy link), or use your location.',
};

/** The footer's subscribe box: one field, from the subscriber declaration. */
export const SUBSCRIBE_FIELDS = plainFormFields(subscriber.fields);
export const [SUBSCRIBE_EMAIL] = SUBSCRIBE_FIELDS as [PlainField];
export const checkSubscriber = (values: Record<string, string>) => checkPlainFields(SUBSCRIBE_FIELDS, values);
export const SUBSCRIBE_MESSAGES = {
  invalid: messages.formInvalid,
  failed: 'Something went wrong. Please try again.',
  offline: 'You are offline. Try again once you are connected.',
} as const;
