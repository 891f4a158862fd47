import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordSchema, loginSchema, signupSchema, userUpdateSchema } from '../auth';
import { fieldErrors, fieldSchema, messages, schemasFor, singletonSchemas } from './schema';
import { settings } from './settings';
import { contactus, contentTypes, service } from './types';

const LONG = 100_000;
const fill = (unit: string) => unit.repeat(Math.ceil(LONG / unit.length)).slice(0, LONG);

/**
 * Text built to make a backtracking pattern try every way of splitting it: long runs of the
 * characters e-mail, address and phone rules care about, each with an ending that fails late.
 */
const HOSTILE = [
  fill('.'),
  fill('@'),
  fill(' '),
  fill('a@'),
  `a@${fill('.')}@`,
  `a@${fill('a.')}`,
  `a@${fill('a')}!`,
  fill('/'),
  `/${fill('\\')}`,
  fill('http://'),
  `http://${fill('a')} `,
  `https://${fill('/')}\n`,
  fill('1'),
  `${fill('1')}a`,
  fill('é'),
  fill('\u{1F600}'),
  fill('a.-_@/ 1:'),
  `${fill('-')}@`,
  fill('\n'),
];

/** Every declared field rule: each field of each content type and of the settings, plus auth. */
const rules: { name: string; schema: z.ZodType }[] = [
  ...contentTypes.flatMap((def) =>
    Object.entries(def.fields).map(([key, field]) => ({
      name: `${def.name}.${key}`,
      schema: fieldSchema(field),
    })),
  ),
  ...Object.entries(settings.fields).map(([key, field]) => ({
    name: `settings.${key}`,
    schema: fieldSchema(field),
  })),
  ...Object.entries({ loginSchema, signupSchema, changePasswordSchema }).flatMap(([name, schema]) =>
    Object.entries(schema.shape).map(([key, inner]) => ({
      name: `${name}.${key}`,
      schema: inner as z.ZodType,
    })),
  ),
  { name: 'userUpdateSchema', schema: userUpdateSchema },
];

describe('every field rule against hostile text', () => {
  // One bad pattern takes seconds on one of these; all linear rules together take milliseconds.
  it.each(rules)('$name refuses 100,000-character hostile values quickly', ({ name, schema }) => {
    const started = performance.now();
    for (const value of HOSTILE) {
      const input = name === 'userUpdateSchema' ? { name: value } : value;
      const result = schema.safeParse(input);
      // All-blank text is an empty optional field ('' or, for a reference, null), which is fine;
      // anything else is too long.
      const accepted = result.success && result.data !== '' && result.data !== null;
      expect(accepted, `${name} accepted ${JSON.stringify(value.slice(0, 20))}…`).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('checks the length before any pattern and says so', () => {
    const result = schemasFor(contactus).create.safeParse({
      name: 'Amina',
      email: `a@${fill('.')}@`,
      phone: fill('1'),
      message: 'Hello',
    });
    expect(fieldErrors(result.error!)).toEqual({
      email: messages.tooLong('Email', 254),
      phone: messages.phone,
    });
  });
});

describe('e-mail addresses are mailboxes', () => {
  const email = fieldSchema(contactus.fields.email);
  it.each(['amina@example.com', 'first.last+tag@mail.example.co.uk', "o'brien@example.ie", 'x@a-b.example'])(
    'accepts %s',
    (value) => {
      expect(email.safeParse(value).success).toBe(true);
    },
  );
  it.each([
    'victim@example.com?bcc=attacker@evil.example&body=hi',
    'victim@example.com,attacker@evil.example',
    '"Victim" <victim@example.com>',
    'victim@example.com\nBcc: attacker@evil.example',
    'a@b',
    'a@-example.com',
    'a b@example.com',
    '@example.com',
  ])('refuses %j', (value) => {
    expect(email.safeParse(value).success).toBe(false);
  });
});

describe('links stay on this site or go to a full web address', () => {
  const url = fieldSchema(settings.fields.facebookUrl);
  const image = fieldSchema(service.fields.icon);
  it.each(['https://facebook.com/coolfix', 'http://example.com/a?b=c#d', '/media/abc.webp', '/', ''])(
    'accepts %j',
    (value) => {
      expect(url.safeParse(value).success).toBe(true);
      expect(image.safeParse(value).success).toBe(true);
    },
  );
  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https:///evil.example',
    'https://evil.example/a b',
    'https://evil.example/\ta',
    '/a\u0000b',
    'javascript:alert(1)',
    'data:text/html,x',
    'evil.example',
  ])('refuses %j', (value) => {
    expect(url.safeParse(value).success).toBe(false);
    expect(image.safeParse(value).success).toBe(false);
  });
  it('refuses the same in image lists', () => {
    const images = schemasFor(service).create.shape.images as z.ZodType;
    expect(images.safeParse(['/media/a.webp']).success).toBe(true);
    expect(images.safeParse(['//evil.example/a.webp']).success).toBe(false);
  });
});

describe('one-line fields stay on one line', () => {
  it.each(['Amina\nBcc: x@evil.example', 'Amina\r\nSubject: hi', 'Amina\u2028x', 'tab\there', 'bell\u0007'])(
    'refuses %j in a name with a clear message',
    (value) => {
      const result = schemasFor(contactus).create.safeParse({
        name: value,
        email: 'a@example.com',
        phone: '03001234567',
        message: 'Hello',
      });
      expect(fieldErrors(result.error!)).toEqual({ name: messages.oneLine('Name') });
    },
  );
  it('lets a message keep its paragraphs but not other control characters', () => {
    const message = fieldSchema(contactus.fields.message);
    expect(message.safeParse('Line one\r\n\n\tLine two').success).toBe(true);
    expect(message.safeParse('bell\u0007')).toMatchObject({ success: false });
  });
  it('holds for sign-up names and usernames', () => {
    const result = signupSchema.safeParse({ name: 'A\nB', username: 'a\nb', password: 'long enough pass' });
    expect(fieldErrors(result.error!)).toEqual({
      name: messages.oneLine('Full name'),
      username: messages.oneLine('Username'),
    });
  });
  it('holds for the settings', () => {
    const result = singletonSchemas(settings).update.safeParse({ companyName: 'A\nB' });
    expect(fieldErrors(result.error!)).toEqual({ companyName: messages.oneLine('Company name') });
  });
});
