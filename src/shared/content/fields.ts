/**
 * Field declarations: the vocabulary a content type is written in. Each field knows its label,
 * its kind and its rules; the zod schemas, the database columns and the admin form are derived
 * from these and nothing else.
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'phone'
  | 'url'
  | 'image'
  | 'images'
  | 'select'
  | 'rating'
  | 'boolean';

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
  /**
   * Personal data of a visitor (an e-mail address, a phone number, what they wrote): the audit
   * log records that it changed, never its value.
   */
  personal?: boolean;
}

export interface TextField extends FieldBase {
  kind: 'text' | 'longText' | 'email' | 'phone' | 'url' | 'image';
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

export type Field = TextField | ImagesField | SelectField | RatingField | BooleanField;

type Options = Partial<Pick<FieldBase, 'required' | 'input' | 'max' | 'help' | 'staffOnly' | 'personal'>>;

const base = (kind: FieldKind, label: string, options: Options) => ({
  kind,
  label,
  required: options.required ?? false,
  input: options.input ?? 'always',
  max: options.max,
  help: options.help,
  staffOnly: options.staffOnly,
  personal: options.personal,
});

export const f = {
  text: (label: string, options: Options = {}) =>
    ({ ...base('text', label, options), kind: 'text' }) as TextField,
  longText: (label: string, options: Options = {}) =>
    ({ ...base('longText', label, options), kind: 'longText' }) as TextField,
  email: (label: string, options: Options = {}) =>
    ({ ...base('email', label, options), kind: 'email' }) as TextField,
  phone: (label: string, options: Options = {}) =>
    ({ ...base('phone', label, options), kind: 'phone' }) as TextField,
  url: (label: string, options: Options = {}) =>
    ({ ...base('url', label, options), kind: 'url' }) as TextField,
  image: (label: string, options: Options = {}) =>
    ({ ...base('image', label, options), kind: 'image' }) as TextField,
  images: (label: string, options: Options & { maxItems?: number } = {}) =>
    ({ ...base('images', label, options), kind: 'images', maxItems: options.maxItems ?? 20 }) as ImagesField,
  select: <const O extends readonly string[]>(
    label: string,
    options: O,
    extra: Options & { defaultValue?: O[number]; optionLabels?: Record<string, string> } = {},
  ) =>
    ({
      ...base('select', label, extra),
      kind: 'select',
      options,
      optionLabels: extra.optionLabels,
      defaultValue: extra.defaultValue ?? options[0],
    }) as SelectField<O>,
  rating: (label: string, options: Options = {}) =>
    ({ ...base('rating', label, options), kind: 'rating' }) as RatingField,
  boolean: (label: string, options: Options = {}) =>
    ({ ...base('boolean', label, options), kind: 'boolean' }) as BooleanField,
};

/** The TypeScript value a field holds in a stored record. */
export type FieldValue<F extends Field> = F extends ImagesField
  ? string[]
  : F extends SelectField<infer O>
    ? O[number]
    : F extends RatingField
      ? number
      : F extends BooleanField
        ? boolean
        : string;
