/**
 * The registry of admin controls: every kind named in `FieldTypes` (shared/content/fields.ts)
 * with its control. `FieldControl` (field-control.tsx) shows a field through it.
 */
import type { FieldKind, FieldTypes } from '../../../shared/content/fields';
import type { KindField } from '../../../shared/content/kinds/kind';
import { BooleanControl } from './boolean';
import type { KindControl } from './control';
import { DateControl } from './date';
import { DateTimeControl } from './date-time';
import { EmailListControl } from './email-list';
import { ImageControl } from './image';
import { ImagesControl } from './images';
import { ListControl } from './list';
import { LongTextControl } from './long-text';
import { NumberControl } from './number';
import { PointControl } from './point';
import { RatingControl } from './rating';
import { ReferenceControl } from './reference';
import { SelectControl } from './select';
import { TextControl } from './text';
import { UserControl } from './user';
import { WeeklyHoursControl } from './weekly-hours';

export const fieldControls = {
  text: TextControl,
  longText: LongTextControl,
  email: TextControl,
  phone: TextControl,
  url: TextControl,
  image: ImageControl,
  images: ImagesControl,
  select: SelectControl,
  rating: RatingControl,
  boolean: BooleanControl,
  reference: ReferenceControl,
  dateTime: DateTimeControl,
  user: UserControl,
  emailList: EmailListControl,
  date: DateControl,
  number: NumberControl,
  list: ListControl,
  weeklyHours: WeeklyHoursControl,
  point: PointControl,
} satisfies { [K in FieldKind]: KindControl<FieldTypes[K]> };

/** Controls of kinds added beside the product's own (a test's fixture kind), by kind. */
const addedControls = new Map<string, KindControl<KindField>>();

/** The control of a field's kind. */
export function controlOf(field: KindField): KindControl<KindField> {
  const control =
    (fieldControls as unknown as Record<string, KindControl<KindField>>)[field.kind] ??
    addedControls.get(field.kind);
  if (!control) throw new Error(`${field.label}: no admin control for the "${field.kind}" kind`);
  return control;
}

/**
 * Adds controls of kinds beside the product's own (see `withFieldKinds` in shared/content/kinds):
 * a product kind's control cannot be replaced, and the registry above stays checked as it is.
 */
export function withFieldControls<const M extends Record<string, KindControl<never>>>(
  controls: M & { [K in keyof M & FieldKind]: never },
): void {
  for (const [kind, control] of Object.entries(controls))
    addedControls.set(kind, control as KindControl<KindField>);
}
