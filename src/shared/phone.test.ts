import { describe, expect, it } from 'vitest';
import { checkPlainFields, plainFormFields } from './content/field-checks';
import { fieldSchema, messages } from './content/schema';
import { settings } from './content/settings';
import { contactus } from './content/types';
import { normalisePhone } from './phone';

const TYPED = [
  '+92 300 1234567',
  '0092 300 1234567',
  '0300-1234567',
  '0300 123 4567',
  // An Urdu keyboard, an Arabic one, a full-width one.
  '۰۳۰۰ ۱۲۳۴۵۶۷',
  '+٩٢ ٣٠٠ ١٢٣٤٥٦٧',
  '０３００１２３４５６７',
];
const REFUSED = {
  'ten digits': '0300123456',
  'twelve digits': '030012345678',
  letters: '0300-ABCDEFG',
  'a +1 number': '+1 212 555 0123',
  'a +1 number of eleven digits': '+1 300 123 4567',
  'a +92 landline': '+92 42 35761234',
};

describe('phone numbers as people type them', () => {
  it.each(TYPED)('normalises %j to 03001234567', (typed) => {
    expect(normalisePhone(typed)).toBe('03001234567');
  });

  it('keeps dots, brackets and a stored number as they come to the same digits', () => {
    expect(normalisePhone('(0300) 123.4567')).toBe('03001234567');
    expect(normalisePhone('03001234567')).toBe('03001234567');
    expect(normalisePhone('042 3576 1234')).toBe('04235761234');
  });

  it('leaves other country codes as typed, without separators', () => {
    expect(normalisePhone('+1 212 555 0123')).toBe('+12125550123');
    expect(normalisePhone('+92 300 123456')).toBe('+92300123456');
  });

  const phoneFields = [
    ['contactus.phone', contactus.fields.phone],
    ['settings.phone', settings.fields.phone],
  ] as const;

  describe.each(phoneFields)('%s', (_name, field) => {
    const schema = fieldSchema(field);
    const [plain] = plainFormFields({ phone: { ...field, input: 'always' } });

    it.each(TYPED)('stores %j as 03001234567 and the browser accepts it', (typed) => {
      expect(schema.parse(typed)).toBe('03001234567');
      expect(checkPlainFields([plain!], { phone: typed })).toEqual({});
    });

    it.each(Object.entries(REFUSED))('refuses %s with the spec message', (_what, typed) => {
      const result = schema.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.phone);
      expect(checkPlainFields([plain!], { phone: typed })).toEqual({ phone: messages.phone });
    });

    it('allows the longest formatting and refuses longer before normalising', () => {
      expect(plain!.maxLength).toBe(20);
      expect(schema.parse('+92 (300) 123 - 4567')).toBe('03001234567');
      expect(schema.safeParse(`0300${' '.repeat(17)}1234567`).success).toBe(false);
    });
  });
});
