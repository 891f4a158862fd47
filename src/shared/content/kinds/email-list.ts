import { z } from 'zod';
import { EMAIL_PATTERN } from '../../text';
import { messages } from '../field-checks';
import type { EmailListField } from '../fields';
import { asStored, defaultUnlessRequired, type FieldKindModule, quote } from './kind';

/**
 * A list of addresses, sent as an array (the API) or as text with one address per line (what the
 * admin types). Blank lines are dropped, a repeated address is kept once, and each line is judged
 * by the e-mail rule with its line number in the message, so the admin knows which one to fix.
 */
function emailListSchema(field: EmailListField): z.ZodType {
  const { label, maxItems } = field;
  const notAList = `${label} must be e-mail addresses, one per line.`;
  const lines = z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/\r\n?|\n/) : value),
    z
      .array(z.string({ error: () => notAList }), { error: () => notAList })
      // Bounded before any line is read: a huge list is refused, not scanned.
      .max(maxItems * 4, { error: `${label}: at most ${maxItems} addresses.`, abort: true })
      .superRefine((items, context) => {
        for (const [index, item] of items.entries()) {
          // No pattern sees a line longer than an address can be, blank or not.
          const address = item.length > 254 ? null : item.trim();
          if (address === '') continue;
          if (address === null || !EMAIL_PATTERN.test(address))
            context.addIssue({ code: 'custom', message: `${label}, line ${index + 1}: ${messages.email}` });
        }
      })
      .transform((items) => [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))])
      .refine((items) => items.length <= maxItems, `${label}: at most ${maxItems} addresses.`)
      .refine((items) => !field.required || items.length > 0, messages.required(label)),
  );
  return field.required ? lines : lines.default([]);
}

/** Addresses that belong to no account (the on-call list), as one `jsonb` array. */
export const emailList: FieldKindModule<EmailListField> = {
  schema: emailListSchema,
  stored: () => z.array(z.string()),
  column: (field) => ({ type: 'jsonb', notNull: true, ...defaultUnlessRequired(field, quote('[]')) }),
  read: asStored,
  example: () => [],
  empty: () => [],
  absent: () => [],
};
