import { describe, expect, it } from 'vitest';
import { f } from './fields';
import { formatDayHours, formatTime } from './hours';
import { fieldErrors, fieldSchema, schemasFor } from './schema';
import { storedValue } from './stored-values';
import { service, testimonial } from './types';

/** The message a field's schema gives for `value`, or undefined when it is accepted. */
const problem = (field: Parameters<typeof fieldSchema>[0], value: unknown) =>
  fieldSchema(field).safeParse(value).error?.issues[0]?.message;
const parse = (field: Parameters<typeof fieldSchema>[0], value: unknown) => fieldSchema(field).parse(value);

const ID = '0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90';

describe('a date field', () => {
  const completed = f.date('Completed on');
  const required = f.date('Completed on', { required: true });

  it('takes a calendar day as YYYY-MM-DD, and none as null', () => {
    expect(parse(completed, '2026-02-28')).toBe('2026-02-28');
    expect(parse(completed, ' 2024-02-29 ')).toBe('2024-02-29');
    expect(parse(completed, '')).toBeNull();
    expect(parse(completed, null)).toBeNull();
    expect(parse(completed, undefined)).toBeNull();
  });

  it('refuses what is not a day the calendar has', () => {
    const message = 'Completed on must be a date, e.g. 2026-11-25.';
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '26-1-1',
      '2026-11-25T10:00:00Z',
      20261125,
      'x',
    ])
      expect(problem(completed, bad)).toBe(message);
    expect(problem(required, '')).toBe('Completed on is required.');
  });
});

describe('a number field', () => {
  const years = f.number('Years in business', { min: 0, max: 1000 });
  const required = f.number('Jobs completed', { required: true });

  it('takes a whole number within its bounds, and none as null', () => {
    expect(parse(years, 0)).toBe(0);
    expect(parse(years, 1000)).toBe(1000);
    expect(parse(years, '')).toBeNull();
    expect(parse(years, null)).toBeNull();
    expect(parse(years, undefined)).toBeNull();
  });

  it('reads a number typed in digits of any script, as a form sends it', () => {
    expect(parse(years, '12')).toBe(12);
    expect(parse(years, '۱۲')).toBe(12);
    expect(parse(years, ' ١٢ ')).toBe(12);
    expect(parse(years, '１２')).toBe(12);
  });

  it('refuses fractions, text and numbers out of bounds with one message', () => {
    const message = 'Years in business must be a whole number from 0 to 1000.';
    for (const bad of [
      2.5,
      -1,
      1001,
      'twelve',
      '1 2',
      '12.5',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [1],
    ])
      expect(problem(years, bad)).toBe(message);
    expect(problem(required, null)).toBe('Jobs completed is required.');
    expect(problem(required, 2_147_483_648)).toBe(
      'Jobs completed must be a whole number from 0 to 2147483647.',
    );
  });
});

describe('a reference by id', () => {
  const field = f.reference('Service', 'service', { by: 'id' });

  it('takes a record id (lower-cased), and none as null', () => {
    expect(parse(field, ID.toUpperCase())).toBe(ID);
    expect(parse(field, '')).toBeNull();
    expect(parse(field, null)).toBeNull();
  });

  it('refuses anything that is not an id, slugs included', () => {
    for (const bad of ['air-conditioning', '12', 42, `${ID}x`, 'x'.repeat(10_000)])
      expect(problem(field, bad)).toBe('Choose a service from the list.');
  });

  it('leaves a reference without `by` stored by slug, as the message\u2019s service is', () => {
    const bySlug = f.reference('Service', 'service');
    expect(bySlug.by).toBe('slug');
    expect(parse(bySlug, 'air-conditioning')).toBe('air-conditioning');
    expect(problem(bySlug, ID.toUpperCase())).toBe('Choose a service from the list.');
  });
});

describe('a list field', () => {
  const faqs = service.fields.faqs;

  it('takes rows of its sub-fields, trimmed, without unknown keys, in the order given', () => {
    expect(
      parse(faqs, [
        { question: ' How long? ', answer: 'An hour.', extra: 1 },
        { question: 'Warranty?', answer: '90 days.' },
      ]),
    ).toEqual([
      { question: 'How long?', answer: 'An hour.' },
      { question: 'Warranty?', answer: '90 days.' },
    ]);
    expect(parse(faqs, undefined)).toEqual([]);
    expect(parse(service.fields.steps, [{ title: 'Call us' }])).toEqual([
      { title: 'Call us', description: '' },
    ]);
  });

  it('names the row and the sub-field of each problem', () => {
    expect(problem(faqs, [{ question: 'Q', answer: 'A' }, { answer: 'A' }])).toBe(
      'FAQs, row 2: Question is required.',
    );
    expect(problem(faqs, [{ question: 'Q', answer: 'x'.repeat(2001) }])).toBe(
      'FAQs, row 1: Answer must be at most 2000 characters.',
    );
    expect(problem(faqs, [{ question: 'Two\nlines', answer: 'A' }])).toBe(
      'FAQs, row 1: Question must be one line of text, without line breaks or control characters.',
    );
    expect(problem(faqs, ['a question'])).toBe(
      'FAQs, row 1: FAQs must be a list of rows, each with Question, Answer.',
    );
    expect(problem(faqs, 'a question')).toBe('FAQs must be a list of rows, each with Question, Answer.');
    expect(problem(service.fields.related, [{ service: 'air-conditioning' }])).toBe(
      'Related services, row 1: Choose a service from the list.',
    );
  });

  it('refuses more rows than it holds before reading any, however many are sent', () => {
    const rows = Array.from({ length: 200_000 }, () => ({ question: 'x'.repeat(200), answer: 'y' }));
    expect(problem(faqs, rows)).toBe('FAQs: at most 20 rows.');
    expect(
      problem(
        service.fields.related,
        Array.from({ length: 5 }, () => ({ service: ID })),
      ),
    ).toBe('Related services: at most 4 rows.');
  });

  it('holds numbers, links, pictures and references in its rows', () => {
    const certifications = f.list('Certifications', {
      name: f.text('Name', { required: true, max: 120 }),
      image: f.image('Image'),
      link: f.url('Link'),
      year: f.number('Year', { min: 1900, max: 2100 }),
      service: f.reference('Service', 'service', { by: 'id' }),
    });
    expect(parse(certifications, [{ name: 'PEC licence', year: 2019 }])).toEqual([
      { name: 'PEC licence', image: '', link: '', year: 2019, service: null },
    ]);
    expect(problem(certifications, [{ name: 'PEC', link: 'ftp://x' }])).toBe(
      'Certifications, row 1: Enter a full address starting with https:// or /.',
    );
    expect(problem(certifications, [{ name: 'PEC', year: 1800 }])).toBe(
      'Certifications, row 1: Year must be a whole number from 1900 to 2100.',
    );
    expect(problem(f.list('Steps', { title: f.text('Step') }, { required: true }), [])).toBe(
      'Steps is required.',
    );
  });
});

describe('a weekly hours field', () => {
  const hours = f.weeklyHours('Opening hours');

  it('takes open days with their times, in calendar order; a day left out or null is closed', () => {
    expect(
      parse(hours, {
        sunday: null,
        saturday: { opens: '10:00', closes: '14:00', note: 'x' },
        monday: { closes: '18:00', opens: '09:00' },
      }),
    ).toEqual({ monday: { opens: '09:00', closes: '18:00' }, saturday: { opens: '10:00', closes: '14:00' } });
    expect(parse(hours, undefined)).toEqual({});
    expect(parse(hours, { friday: { opens: '00:00', closes: '23:59' } })).toEqual({
      friday: { opens: '00:00', closes: '23:59' },
    });
  });

  it('names the day of each problem', () => {
    expect(problem(hours, { monday: { opens: '9am', closes: '18:00' } })).toBe(
      'Opening hours, Monday: the opening time must be a time like 08:30.',
    );
    expect(problem(hours, { tuesday: { opens: '09:00', closes: '24:00' } })).toBe(
      'Opening hours, Tuesday: the closing time must be a time like 18:00.',
    );
    expect(problem(hours, { friday: { opens: '18:00', closes: '09:00' } })).toBe(
      'Opening hours, Friday: the closing time must be after the opening time.',
    );
    expect(problem(hours, { funday: { opens: '09:00', closes: '18:00' } })).toBe(
      'Opening hours: "funday" is not a day of the week (monday to sunday).',
    );
    expect(problem(hours, [])).toMatch(/^Opening hours must give each open day its opening and closing time/);
    expect(problem(f.weeklyHours('Opening hours', { required: true }), {})).toBe(
      'Opening hours is required.',
    );
  });

  it('refuses an object of many keys without reading them', () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, n) => [`k${n}`, n]));
    expect(problem(hours, many)).toBe('Opening hours: "k0" is not a day of the week (monday to sunday).');
  });

  it('is read by people as closed, open all day, or from one time to another', () => {
    expect(formatDayHours(undefined)).toBe('Closed');
    expect(formatDayHours({ opens: '00:00', closes: '23:59' })).toBe('Open 24 hours');
    expect(formatDayHours({ opens: '09:30', closes: '18:00' })).toBe('9:30 am – 6:00 pm');
    expect(formatTime('12:05')).toBe('12:05 pm');
    expect(formatTime('00:15')).toBe('12:15 am');
  });
});

describe('a record of the new kinds', () => {
  it('answers the field messages through the API schema, keyed by field', () => {
    const result = schemasFor(service).create.safeParse({
      title: 'AC',
      description: 'd',
      serviceName: 'cctv',
      faqs: [{ question: '', answer: 'A' }],
      related: [{ service: 'nope' }],
    });
    expect(fieldErrors(result.error!)).toEqual({
      faqs: 'FAQs, row 1: Question is required.',
      related: 'Related services, row 1: Choose a service from the list.',
    });
    expect(schemasFor(testimonial).update.parse({ service: '' })).toEqual({ service: null });
  });

  it('reads stored rows with every sub-field, one added after they were saved too', () => {
    expect(storedValue(service.fields.steps, [{ title: 'Call us' }, 'junk'])).toEqual([
      { title: 'Call us', description: '' },
    ]);
    expect(storedValue(f.date('Day'), new Date(2026, 10, 25))).toBe('2026-11-25');
    expect(
      storedValue(f.weeklyHours('Hours'), { sunday: { opens: '10:00', closes: '12:00' }, monday: ALL }),
    ).toEqual({ monday: ALL, sunday: { opens: '10:00', closes: '12:00' } });
  });
});

const ALL = { opens: '00:00', closes: '23:59' };
