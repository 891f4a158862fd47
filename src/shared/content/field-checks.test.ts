import { describe, expect, it } from 'vitest';
import {
  checkPlainFields,
  isTextField,
  maxLengthOf,
  plainFormFields,
  plainFormInput,
  textProblem,
} from './field-checks';
import { type Field, f } from './fields';
import { fieldSchema } from './schema';
import { settings } from './settings';
import { contactus, contentTypes, subscriber } from './types';

describe('plain field checks for public forms', () => {
  it('build the contact form from the message declaration', () => {
    expect(
      plainFormFields(contactus.fields).map(({ name, control, required, maxLength, autoComplete }) => ({
        name,
        control,
        required,
        maxLength,
        autoComplete,
      })),
    ).toEqual([
      { name: 'name', control: 'text', required: true, maxLength: 120, autoComplete: 'name' },
      // The phone is required, the e-mail optional (decision 096); Emergency comes before the message.
      { name: 'phone', control: 'tel', required: true, maxLength: 20, autoComplete: 'tel' },
      { name: 'email', control: 'email', required: false, maxLength: 254, autoComplete: 'email' },
      { name: 'service', control: 'select', required: false, maxLength: 200, autoComplete: undefined },
      { name: 'urgent', control: 'checkbox', required: false, maxLength: 4, autoComplete: undefined },
      { name: 'message', control: 'textarea', required: true, maxLength: 5000, autoComplete: undefined },
      { name: 'area', control: 'text', required: false, maxLength: 120, autoComplete: 'address-level2' },
      { name: 'address', control: 'text', required: false, maxLength: 200, autoComplete: 'street-address' },
      { name: 'location', control: 'text', required: false, maxLength: 1000, autoComplete: undefined },
      { name: 'preferredTime', control: 'text', required: false, maxLength: 120, autoComplete: undefined },
    ]);
    expect(plainFormFields(subscriber.fields).map(({ name }) => name)).toEqual(['email']);
  });

  it("give the spec's messages", () => {
    const errors = checkPlainFields(plainFormFields(contactus.fields), {
      name: ' ',
      email: 'a@b',
      phone: '0300-123456',
      service: 'no-such-service',
      message: '',
    });
    expect(errors).toEqual({
      name: 'Name is required.',
      email: 'Invalid email address.',
      phone: 'Phone number must be exactly 11 digits.',
      message: 'Message is required.',
    });
  });

  it('send a ticked box as true and an unticked one as false, and never refuse either', () => {
    const fields = plainFormFields(contactus.fields);
    expect(plainFormInput(fields, { name: 'A', urgent: 'true' })).toMatchObject({ name: 'A', urgent: true });
    expect(plainFormInput(fields, { urgent: '' }).urgent).toBe(false);
    expect(plainFormInput(fields, { urgent: 'on' }).urgent).toBe(false);
    expect(checkPlainFields(fields, { urgent: 'anything' }).urgent).toBeUndefined();
  });

  it('refuse to put a field a browser form cannot hold on a public form', () => {
    expect(() => plainFormFields({ rating: f.rating('Rating') })).toThrow(
      /rating field cannot be on a public form/,
    );
  });
});

/**
 * The browser's plain check and the server's zod schema must give the same verdict and the same
 * words for every value, or a visitor sees a form accept what the server then refuses.
 */
describe('the plain checks and the zod schemas agree', () => {
  const declared: [string, Field][] = [
    ...contentTypes.flatMap((def) =>
      Object.entries(def.fields).map(([key, field]): [string, Field] => [`${def.name}.${key}`, field]),
    ),
    ...Object.entries(settings.fields).map(([key, field]): [string, Field] => [`settings.${key}`, field]),
  ];
  const textFields = declared.filter(([, field]) => isTextField(field));

  const samples = (max: number) => [
    '',
    '   ',
    'a',
    ' Acme ',
    'sara@example.com',
    'sara@example',
    'a@b.c\n',
    '03001234567',
    '0300123456',
    ' 03001234567 ',
    'https://example.com/a',
    '/services',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'line one\nline two',
    'tab\there',
    'bell\u0007',
    'x'.repeat(max),
    'x'.repeat(max + 1),
    `${'x'.repeat(max)}  `,
  ];

  it.each(textFields)('%s', (_name, field) => {
    if (!isTextField(field)) return;
    const schema = fieldSchema(field);
    for (const value of samples(maxLengthOf(field))) {
      const parsed = schema.safeParse(value);
      const zodMessage = parsed.success ? undefined : parsed.error.issues[0]?.message;
      expect(textProblem(field, value.trim()), JSON.stringify(value)).toBe(zodMessage);
    }
  });
});
