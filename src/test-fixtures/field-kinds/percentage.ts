/**
 * A field kind that is not the product's, added the way any kind is: one module with its rule,
 * stored shape, column, read-back, example and blanks. Tests use it to show that such a module
 * is all the schemas, the API and the table need (its admin control is percentage-control.tsx).
 */
import { z } from 'zod';
import type { FieldBase } from '../../shared/content/fields';
import { withFieldKinds } from '../../shared/content/kinds';
import { asStored, defaultUnlessRequired, type FieldKindModule } from '../../shared/content/kinds/kind';

/** A whole number from 0 to 100 (a job's progress), in a `smallint` column. */
export interface PercentageField extends Omit<FieldBase, 'kind'> {
  kind: 'percentage';
}

export const percentage: FieldKindModule<PercentageField> = {
  schema(field) {
    const message = `${field.label} must be a whole number from 0 to 100.`;
    const schema = z
      .number({ error: () => message })
      .int(message)
      .min(0, message)
      .max(100, message);
    return field.required ? schema : schema.default(0);
  },
  stored: () => z.number().int(),
  column: (field, name) => ({
    type: 'smallint',
    notNull: true,
    ...defaultUnlessRequired(field, '0'),
    check: `${name} between 0 and 100`,
  }),
  read: asStored,
  example: () => 50,
  empty: () => 0,
  absent: () => 0,
};

const { asField } = withFieldKinds({ percentage });

/** A percentage field as a declaration names it: `percentageField('Progress')`. */
export const percentageField = (label: string, options: { required?: boolean; help?: string } = {}) =>
  asField({
    kind: 'percentage',
    label,
    required: options.required ?? false,
    input: 'always',
    help: options.help,
  });
