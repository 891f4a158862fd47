/**
 * The registry of field kinds: every kind named in `FieldTypes` (fields.ts) with its module. The
 * schemas (schema.ts), stored values, API examples and table columns (server/content/table.ts)
 * read a field's kind here instead of switching on it, so a kind is one module and one line.
 */
import type { Field, FieldKind, FieldTypes } from '../fields';
import { boolean } from './boolean';
import { date } from './date';
import { dateTime } from './date-time';
import { email } from './email';
import { emailList } from './email-list';
import { image } from './image';
import { images } from './images';
import type { FieldKindModule, KindField } from './kind';
import { listKind } from './list';
import { longText } from './long-text';
import { number } from './number';
import { phone } from './phone';
import { point } from './point';
import { rating } from './rating';
import { reference } from './reference';
import { select } from './select';
import { text } from './text';
import { url } from './url';
import { user } from './user';
import { weeklyHours } from './weekly-hours';

export const fieldKinds = {
  text,
  longText,
  email,
  phone,
  url,
  image,
  images,
  select,
  rating,
  boolean,
  reference,
  dateTime,
  user,
  emailList,
  date,
  number,
  list: listKind(kindOf),
  weeklyHours,
  point,
} satisfies { [K in FieldKind]: FieldKindModule<FieldTypes[K]> };

/** Kinds added beside the product's own (a test's fixture kind), by name. */
const addedKinds = new Map<string, FieldKindModule<KindField>>();

/** The module of a field's kind. */
export function kindOf(field: KindField): FieldKindModule<KindField> {
  const module =
    (fieldKinds as Record<string, FieldKindModule<KindField>>)[field.kind] ?? addedKinds.get(field.kind);
  if (!module) throw new Error(`${field.label}: "${field.kind}" is not a field kind`);
  return module;
}

/**
 * Adds kinds beside the product's own: a kind outside `FieldTypes` (a test's fixture) is one
 * module, registered here, and its fields are declared through the answer's `asField`. A product
 * kind cannot be replaced this way, and the product's registry above stays checked as it is.
 */
export function withFieldKinds<const M extends Record<string, FieldKindModule<never>>>(
  kinds: M & { [K in keyof M & FieldKind]: never },
) {
  for (const [name, module] of Object.entries(kinds))
    addedKinds.set(name, module as FieldKindModule<KindField>);
  return {
    /**
     * A field of an added kind as a declaration holds it. The declaration's types know the
     * product's kinds only; the registry knows the added one.
     */
    asField: (field: KindField & { kind: keyof M & string }) => field as unknown as Field,
  };
}
