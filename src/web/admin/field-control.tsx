import type { Field } from '../../shared/content/fields';
import type { FieldControlProps } from './fields/control';
import { controlOf } from './fields/index';

export type { FieldControlProps } from './fields/control';
export { EditedRecordId, ReferenceName, useReferenceOptions } from './fields/reference';
export { StaffSelect } from './fields/user';

/** One declared field as a labelled control with its help and message, chosen by the field's kind. */
export function FieldControl(props: FieldControlProps<Field>) {
  const { name, field, error, onChange, onBlur, idPrefix, autoFocus } = props;
  const id = `${idPrefix}-${name}`;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
    'data-autofocus': autoFocus || undefined,
    onBlur,
  };
  // The required mark sits outside the <label>, so a field's accessible name is exactly its label.
  const mark = field.required ? (
    <span className="required" aria-hidden="true">
      *
    </span>
  ) : null;
  const Control = controlOf(field);
  return (
    <Control
      {...props}
      id={id}
      helpId={helpId}
      errorId={errorId}
      describedBy={describedBy}
      common={common}
      set={(next) => onChange(() => next)}
      mark={mark}
      FieldControl={FieldControl}
    />
  );
}
