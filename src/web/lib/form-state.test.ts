import { describe, expect, it } from 'vitest';
import { checkPlainFields, messages, plainFormFields } from '../../shared/content/field-checks';
import { contactus, service } from '../../shared/content/types';
import { formFields, initialValues, validateValues } from '../admin/form-model';
import {
  type FormAction,
  type FormState,
  failureMessage,
  formReducer,
  formView,
  initialFormState,
} from './form-state';

/** The admin's service form, checked by the shared zod schema, as a person would fill it. */
const serviceEntries = formFields(service.fields, 'create');
const checkService = (values: Record<string, unknown>) => validateValues(serviceEntries, values);
const contactFields = plainFormFields(contactus.fields);
const checkContact = (values: Record<string, unknown>) =>
  checkPlainFields(contactFields, values as Record<string, string>);

function run<V extends Record<string, unknown>>(state: FormState<V>, ...actions: FormAction<V>[]) {
  return actions.reduce(formReducer<V>, state);
}
const type = (name: string, text: string) => ({ type: 'change' as const, name, update: () => text });

describe('the one form mechanism', () => {
  it('shows no message on a fresh form, yet marks it invalid so Save says it cannot go yet', () => {
    const state = initialFormState(initialValues(serviceEntries));
    const view = formView(state, checkService(state.values));
    expect(view.errors).toEqual({});
    expect(view.invalid).toBe(true);
  });

  it("shows a field's message once it is left, and only that field's", () => {
    const state = run(initialFormState(initialValues(serviceEntries)), { type: 'blur', name: 'title' });
    expect(formView(state, checkService(state.values)).errors).toEqual({ title: 'Title is required.' });
  });

  it("a refused submit shows every field's message and 'Please fill all fields correctly.'", () => {
    const state = run(initialFormState({ name: '', email: 'nope', phone: '123', message: '' }), {
      type: 'refused',
      message: messages.formInvalid,
    });
    expect(formView(state, checkContact(state.values)).errors).toEqual({
      name: 'Name is required.',
      email: 'Invalid email address.',
      phone: 'Phone number must be exactly 11 digits.',
      message: 'Message is required.',
    });
    expect(state.notice).toEqual({ kind: 'error', text: 'Please fill all fields correctly.' });
  });

  it("puts the server's field messages on their fields until the field is changed", () => {
    const values = { name: 'Sara', email: 'sara@example.com', phone: '03001234567', message: 'Hi' };
    let state = run(initialFormState(values), { type: 'submitting' });
    expect(state.submitting).toBe(true);
    state = run(state, {
      type: 'failed',
      message: messages.formInvalid,
      fields: { email: 'This address cannot receive mail.' },
    });
    expect(state.submitting).toBe(false);
    expect(formView(state, checkContact(state.values)).errors).toEqual({
      email: 'This address cannot receive mail.',
    });
    // Typing replaces the server's verdict with the browser's own check of the new value.
    state = run(state, type('email', 'sara@'));
    expect(formView(state, checkContact(state.values)).errors).toEqual({ email: 'Invalid email address.' });
  });

  it('starts a sent form again empty with its thank-you, which goes once someone types', () => {
    const empty = { name: '', email: '', phone: '', message: '' };
    let state = run(
      initialFormState({ name: 'Sara', email: 'sara@example.com', phone: '03001234567', message: 'Hi' }),
      { type: 'blur', name: 'name' },
      { type: 'submitting' },
      { type: 'succeeded', values: empty, message: 'Message sent successfully!' },
    );
    expect(state.values).toEqual(empty);
    // An emptied form does not greet the visitor with "Name is required.".
    expect(formView(state, checkContact(state.values)).errors).toEqual({});
    expect(state.notice).toEqual({ kind: 'success', text: 'Message sent successfully!' });
    state = run(state, type('name', 'S'));
    expect(state.notice).toBeNull();
  });

  it('says nothing when a field a sent form emptied is left untouched, and judges it once typed into', () => {
    // The note box: added, emptied, focused again for the next note, then left.
    const check = (values: { text: string }): Record<string, string> =>
      values.text.trim() ? {} : { text: 'Write something first.' };
    let state = run(
      initialFormState({ text: 'Bring the gauges.' }),
      { type: 'blur', name: 'text' },
      { type: 'submitting' },
      { type: 'succeeded', values: { text: '' } },
      { type: 'blur', name: 'text' },
    );
    expect(formView(state, check(state.values))).toEqual({ errors: {}, invalid: true });
    // Typed into and emptied again, it is judged as any field is.
    state = run(state, type('text', 'x'), type('text', ''), { type: 'blur', name: 'text' });
    expect(formView(state, check(state.values)).errors).toEqual({ text: 'Write something first.' });
    // A refused submit shows it too, typed into or not.
    state = run(
      state,
      type('text', 'Next note'),
      { type: 'submitting' },
      { type: 'succeeded', values: { text: '' } },
      { type: 'refused', message: 'Write something first.' },
    );
    expect(formView(state, check(state.values)).errors).toEqual({ text: 'Write something first.' });
  });

  it('keeps what was typed when the server fails for a reason that names no field', () => {
    const values = { name: 'Sara', email: 'sara@example.com', phone: '03001234567', message: 'Hi' };
    const state = run(
      initialFormState(values),
      { type: 'submitting' },
      { type: 'failed', message: 'Too many messages. Please try again later.' },
    );
    expect(state.values).toEqual(values);
    expect(state.notice).toEqual({ kind: 'error', text: 'Too many messages. Please try again later.' });
  });

  it('starts from the answer of a form posted without JavaScript', () => {
    const state = initialFormState(
      { name: 'Sara', email: 'broken@', phone: '12', message: 'Hi' },
      {
        serverErrors: { email: 'Invalid email address.' },
        notice: { kind: 'error', text: 'Please fill out all required fields correctly.' },
      },
    );
    const { errors } = formView(state, checkContact(state.values));
    // The server's message shows at once; the browser's check of an untouched field waits.
    expect(errors).toEqual({ email: 'Invalid email address.' });
  });

  it('a reload of the newer version forgets the refusal and the server messages', () => {
    const state = run(
      initialFormState({ title: 'Old' }),
      { type: 'failed', message: 'Changed by someone else', fields: { title: 'Taken' } },
      { type: 'reset', values: { title: 'New' } },
    );
    expect(state).toEqual(initialFormState({ title: 'New' }));
  });

  it("words a refusal by the form's own fields, else by the server's", () => {
    const values = { username: '', password: '' };
    const invalid = messages.formInvalid;
    expect(
      failureMessage(values, { message: 'Validation failed', fields: { username: 'Taken' } }, invalid),
    ).toBe(invalid);
    expect(failureMessage(values, { message: 'Validation failed', fields: { role: 'No.' } }, invalid)).toBe(
      'No.',
    );
    expect(failureMessage(values, { message: 'Invalid username or password.', fields: {} }, invalid)).toBe(
      'Invalid username or password.',
    );
  });
});
