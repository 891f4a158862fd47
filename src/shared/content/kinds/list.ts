import { z } from 'zod';
import { messages } from '../field-checks';
import type { ListField } from '../fields';
import { defaultUnlessRequired, type FieldKindModule, isPlainObject, type KindField, quote } from './kind';

/** The module of a row's sub-field: the registry, passed in so that this module does not import it. */
type KindOf = (field: KindField) => FieldKindModule<KindField>;

/**
 * Rows of sub-fields. Each row is judged sub-field by sub-field with the sub-field's own rule, and
 * the message says which row (`FAQs, row 2: Question is required.`), so staff know what to fix.
 * The number of rows is checked before any row is read: a huge list is refused, not scanned. The
 * rows then go through the plain schema of the list, which is also what the API document shows.
 */
function listSchema(field: ListField, kindOf: KindOf): z.ZodType {
  const { label, maxItems } = field;
  const subSchemas = Object.entries(field.fields).map(
    ([key, sub]) => [key, kindOf(sub).schema(sub)] as const,
  );
  const tooMany = `${label}: at most ${maxItems} rows.`;
  const notRows = `${label} must be a list of rows, each with ${Object.values(field.fields)
    .map((sub) => sub.label)
    .join(', ')}.`;
  const rows = z
    .array(z.object(Object.fromEntries(subSchemas)), { error: () => notRows })
    .max(maxItems, tooMany)
    .refine((list) => !field.required || list.length > 0, messages.required(label));
  const checked = z.preprocess((value, context) => {
    if (!Array.isArray(value)) return value;
    if (value.length > maxItems) {
      context.addIssue({ code: 'custom', message: tooMany, input: value });
      return value;
    }
    for (const [index, row] of value.entries()) {
      const where = `${label}, row ${index + 1}`;
      if (!isPlainObject(row)) {
        context.addIssue({ code: 'custom', message: `${where}: ${notRows}`, input: row });
        continue;
      }
      for (const [key, schema] of subSchemas) {
        const parsed = schema.safeParse(row[key]);
        if (!parsed.success)
          context.addIssue({
            code: 'custom',
            message: `${where}: ${parsed.error.issues[0]?.message}`,
            input: row,
          });
      }
    }
    return value;
  }, rows);
  return field.required ? checked : checked.default([]);
}

/** A row with a value for each sub-field, made by one of the sub-field kinds' functions. */
const rowOf = (field: ListField, value: (sub: KindField) => unknown) =>
  Object.fromEntries(Object.entries(field.fields).map(([key, sub]) => [key, value(sub)]));

/**
 * Rows of sub-fields (FAQs, steps) in one `jsonb` array, in the order staff put them: small,
 * read and written with their record, never queried on their own (decision 079).
 */
export function listKind(kindOf: KindOf): FieldKindModule<ListField> {
  return {
    schema: (field) => listSchema(field, kindOf),
    stored: (field) =>
      z.array(z.object(rowOf(field, (sub) => kindOf(sub).stored(sub)) as Record<string, z.ZodType>)),
    column: (field) => ({ type: 'jsonb', notNull: true, ...defaultUnlessRequired(field, quote('[]')) }),
    // Each row carries every declared sub-field (one added after the row was saved reads as
    // empty) and nothing else, so a declaration can grow a sub-field without a migration.
    read(field, value) {
      if (!Array.isArray(value)) return [];
      const entries = Object.entries(field.fields);
      return value
        .filter(isPlainObject)
        .map((row) =>
          Object.fromEntries(
            entries.map(([key, sub]) => [key, row[key] === undefined ? kindOf(sub).absent(sub) : row[key]]),
          ),
        );
    },
    example: (field) => [rowOf(field, (sub) => kindOf(sub).example(sub))],
    empty: () => [],
    absent: () => [],
  };
}
