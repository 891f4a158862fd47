/**
 * Field declarations: the vocabulary a content type is written in. Each field knows its label,
 * its kind and its rules; the zod schemas, the database columns and the admin form are derived
 * from these and nothing else.
 */
import type { WeeklyHours } from './hours';

/**
 * Every kind of field, by its name, with the declaration a field of that kind has. A kind's
 * behaviour (rule, column, stored value, example) is its module in `kinds/`, its admin control
 * is in `web/admin/fields/`; both registries must name every kind listed here.
 */
export interface FieldTypes {
  text: TextField;
  longText: TextField;
  email: TextField;
  phone: TextField;
  url: TextField;
  image: TextField;
  images: ImagesField;
  select: SelectField;
  rating: RatingField;
  boolean: BooleanField;
  reference: ReferenceField;
  dateTime: DateTimeField;
  user: UserField;
  emailList: EmailListField;
  date: DateField;
  number: NumberField;
  list: ListField;
  weeklyHours: WeeklyHoursField;
  point: PointField;
}

export type FieldKind = keyof FieldTypes;

/** Who may send a field: on create and update, only on update (e.g. a message's status), or never. */
export type FieldInput = 'always' | 'updateOnly' | 'never';

export interface FieldBase {
  kind: FieldKind;
  label: string;
  required: boolean;
  input: FieldInput;
  /** Longest accepted text, in characters. */
  max?: number;
  help?: string;
  /** Shown to staff only: hidden from anonymous readers of the record. */
  staffOnly?: boolean;
  /** The browser's autofill hint for a form field (`name`, `email`, `tel`). */
  autoComplete?: string;
  /**
   * Personal data of a visitor (an e-mail address, a phone number, what they wrote): the audit
   * log records that it changed, never its value.
   */
  personal?: boolean;
}

export interface TextField extends FieldBase {
  kind: 'text' | 'longText' | 'email' | 'phone' | 'url' | 'image';
  /** A shape the text must have beyond its kind's (a rating typed as `4.8`), with its message. */
  format?: TextFormat;
  /** Shown before the box and not part of the value: the path a web address follows (`/services/`). */
  prefix?: string;
}

/** A declared shape of a text value: plain data, so the browser's checks can run it too. */
export interface TextFormat {
  /** A pattern, or a check of the same shape (the time zone asks Intl, which knows every zone). */
  pattern: RegExp | { test(value: string): boolean };
  message: string;
  /** A value that passes, for the API document (a label rarely fits the shape). */
  example?: string;
}
export interface ImagesField extends FieldBase {
  kind: 'images';
  maxItems: number;
}
export interface SelectField<O extends readonly string[] = readonly string[]> extends FieldBase {
  kind: 'select';
  options: O;
  optionLabels?: Record<string, string>;
  defaultValue: O[number];
}
export interface RatingField extends FieldBase {
  kind: 'rating';
}
export interface BooleanField extends FieldBase {
  kind: 'boolean';
}

/**
 * A choice of one live record of another (public) type, or null when none was chosen. Stored by
 * the record's slug (`by: 'slug'`, the default: a message's "Service", which must read the same
 * after the service is renamed or trashed) or by its id (`by: 'id'`: a testimonial's service,
 * which follows the record through renames). The options are data, so the server checks the
 * value against the live records and the form lists them by title.
 */
export interface ReferenceField extends FieldBase {
  kind: 'reference';
  /** The type whose records are the options, by its API name ('service'). */
  to: string;
  by: 'slug' | 'id';
}

/** A calendar day (a project's completion), `YYYY-MM-DD` in a \`date\` column, or null. No time, no zone. */
export interface DateField extends FieldBase {
  kind: 'date';
}

/** A place on the map, `lat,lng`, typed or read from a maps link (kinds/point.ts), or null. */
export interface PointField extends FieldBase {
  kind: 'point';
}

/** A whole number between \`min\` and \`max\` (years in business), or null when none is set. */
export interface NumberField extends FieldBase {
  kind: 'number';
  min: number;
  /** The largest value accepted (for this kind \`max\` is a value, not a length). */
  max: number;
}

/** What a row of a list may hold: plain values, each checked by its own rule. */
export type ListItemField = TextField | NumberField | ReferenceField;

/**
 * Rows of sub-fields (a service's FAQs, its steps, certifications), stored as one \`jsonb\` array
 * of objects in the order staff put them. Each row is checked sub-field by sub-field, and a
 * message names the row (\`FAQs, row 2: Question is required.\`).
 */
export interface ListField<S extends Record<string, ListItemField> = Record<string, ListItemField>>
  extends FieldBase {
  kind: 'list';
  fields: S;
  maxItems: number;
}

/** Opening hours of each day of the week (hours.ts), stored as one \`jsonb\` object. */
export interface WeeklyHoursField extends FieldBase {
  kind: 'weeklyHours';
}

/**
 * A moment (a visit, a follow-up), stored as \`timestamptz\` and answered as UTC ISO 8601
 * (\`2026-11-25T10:00:00.000Z\`), or null when none is set. Input may carry any offset.
 */
export interface DateTimeField extends FieldBase {
  kind: 'dateTime';
}

/**
 * An approved staff member, stored as the account's id, or null when nobody was chosen: a
 * request's assignee. Like a reference, the options are data: the server checks the id names an
 * approved account, and the admin form lists them (\`GET /api/users/staff\`).
 */
export interface UserField extends FieldBase {
  kind: 'user';
}

/**
 * A list of e-mail addresses that belong to no account (the on-call list), stored as an array.
 * The admin types one address per line; each line is checked with the e-mail rule on its own.
 */
export interface EmailListField extends FieldBase {
  kind: 'emailList';
  maxItems: number;
}

export type Field = FieldTypes[FieldKind];

type Options = Partial<
  Pick<FieldBase, 'required' | 'input' | 'max' | 'help' | 'staffOnly' | 'autoComplete' | 'personal'>
>;

const base = (kind: FieldKind, label: string, options: Options) => ({
  kind,
  label,
  required: options.required ?? false,
  input: options.input ?? 'always',
  max: options.max,
  help: options.help,
  staffOnly: options.staffOnly,
  autoComplete: options.autoComplete,
  personal: options.personal,
});

/**
 * A field declared `staffOnly: true` says so in its type, so a record's type can mark the value as
 * one a visitor never receives (`FieldValues`, `PublicRecord`).
 */
type Marks<O> = O extends { staffOnly: true } ? { staffOnly: true } : unknown;

export const f = {
  text: <const O extends Options & { format?: TextFormat; prefix?: string } = Options>(
    label: string,
    options: O = {} as O,
  ) =>
    ({
      ...base('text', label, options),
      kind: 'text',
      format: options.format,
      prefix: options.prefix,
    }) as TextField & Marks<O>,
  longText: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('longText', label, options), kind: 'longText' }) as TextField & Marks<O>,
  email: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('email', label, options), kind: 'email' }) as TextField & Marks<O>,
  phone: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('phone', label, options), kind: 'phone' }) as TextField & Marks<O>,
  url: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('url', label, options), kind: 'url' }) as TextField & Marks<O>,
  image: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('image', label, options), kind: 'image' }) as TextField & Marks<O>,
  images: <const O extends Options & { maxItems?: number } = Options>(label: string, options: O = {} as O) =>
    ({
      ...base('images', label, options),
      kind: 'images',
      maxItems: options.maxItems ?? 20,
    }) as ImagesField & Marks<O>,
  select: <const O extends readonly string[], const X extends Options = Options>(
    label: string,
    options: O,
    extra: X & { defaultValue?: O[number]; optionLabels?: Record<string, string> } = {} as X,
  ) =>
    ({
      ...base('select', label, extra),
      kind: 'select',
      options,
      optionLabels: extra.optionLabels,
      defaultValue: extra.defaultValue ?? options[0],
    }) as SelectField<O> & Marks<X>,
  rating: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('rating', label, options), kind: 'rating' }) as RatingField & Marks<O>,
  boolean: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('boolean', label, options), kind: 'boolean' }) as BooleanField & Marks<O>,
  reference: <const O extends Options & { by?: 'slug' | 'id' } = Options>(
    label: string,
    to: string,
    options: O = {} as O,
  ) =>
    ({
      ...base('reference', label, options),
      kind: 'reference',
      to,
      by: options.by ?? 'slug',
    }) as ReferenceField & Marks<O>,
  date: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('date', label, options), kind: 'date' }) as DateField & Marks<O>,
  /** Bounds default to 0 and the largest value an \`integer\` column holds. */
  number: <const O extends Omit<Options, 'max'> & { min?: number; max?: number } = Options>(
    label: string,
    options: O = {} as O,
  ) =>
    ({
      ...base('number', label, { ...options, max: undefined }),
      kind: 'number',
      min: options.min ?? 0,
      max: options.max ?? INTEGER_MAX,
    }) as NumberField & Marks<O>,
  list: <
    const S extends Record<string, ListItemField>,
    const O extends Options & { maxItems?: number } = Options,
  >(
    label: string,
    fields: S,
    options: O = {} as O,
  ) =>
    ({
      ...base('list', label, options),
      kind: 'list',
      fields,
      maxItems: options.maxItems ?? 20,
    }) as ListField<S> & Marks<O>,
  weeklyHours: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('weeklyHours', label, options), kind: 'weeklyHours' }) as WeeklyHoursField & Marks<O>,
  point: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('point', label, options), kind: 'point' }) as PointField & Marks<O>,
  dateTime: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('dateTime', label, options), kind: 'dateTime' }) as DateTimeField & Marks<O>,
  user: <const O extends Options = Options>(label: string, options: O = {} as O) =>
    ({ ...base('user', label, options), kind: 'user' }) as UserField & Marks<O>,
  emailList: <const O extends Options & { maxItems?: number } = Options>(
    label: string,
    options: O = {} as O,
  ) =>
    ({
      ...base('emailList', label, options),
      kind: 'emailList',
      maxItems: options.maxItems ?? 20,
    }) as EmailListField & Marks<O>,
};

/** The largest value a PostgreSQL \`integer\` holds: a number field's default bound. */
export const INTEGER_MAX = 2_147_483_647;

/** The TypeScript value a field holds in a stored record. */
export type FieldValue<F extends Field> = F extends ImagesField | EmailListField
  ? string[]
  : F extends SelectField<infer O>
    ? O[number]
    : F extends RatingField
      ? number
      : F extends BooleanField
        ? boolean
        : F extends ReferenceField | DateTimeField | UserField | DateField | PointField
          ? string | null
          : F extends NumberField
            ? number | null
            : F extends ListField<infer S>
              ? ListRow<S>[]
              : F extends WeeklyHoursField
                ? WeeklyHours
                : string;

/** One row of a list field: a value for each of its sub-fields. */
export type ListRow<S extends Record<string, ListItemField>> = { [K in keyof S]: FieldValue<S[K]> };
