/**
 * What every admin control of a field kind is given, and the frames they share: a labelled
 * control with its help and message, or a group (`fieldset`) for kinds made of several inputs.
 * Each kind's control is `fields/<kind>.tsx`; the registry is `fields/index.ts`.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Field } from '../../../shared/content/fields';
import type { KindField } from '../../../shared/content/kinds/kind';

type Updater = (value: unknown) => unknown;

export interface FieldControlProps<F extends KindField = Field> {
  name: string;
  field: F;
  value: unknown;
  /** The message to show (already filtered by "touched"). */
  error?: string;
  onChange: (update: Updater) => void;
  onBlur: () => void;
  /** Uploads under way in this field (the form waits for them). */
  onUploading?: (count: number) => void;
  autoFocus?: boolean;
  idPrefix: string;
}

/** The attributes every single-input control carries. */
export interface CommonAttributes {
  id: string;
  name: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  'data-autofocus'?: boolean;
  onBlur: () => void;
}

/** A kind's control gets the field's props and what the form works out for every control. */
export interface KindControlProps<F extends KindField> extends FieldControlProps<F> {
  id: string;
  helpId?: string;
  errorId?: string;
  describedBy?: string;
  common: CommonAttributes;
  /** Replaces the value. */
  set: (next: unknown) => void;
  /** The required mark, or nothing. */
  mark: ReactNode;
  /** The control of any field, for kinds whose parts are fields (a list's sub-fields). */
  FieldControl: ComponentType<FieldControlProps>;
}

export type KindControl<F extends KindField> = (props: KindControlProps<F>) => ReactNode;

/** A field's help text and its message, each with the id its control points to. */
export function FieldNotes(props: { helpId?: string; help?: string; errorId?: string; error?: string }) {
  return (
    <>
      {props.helpId && (
        <p id={props.helpId} className="field-help">
          {props.help}
        </p>
      )}
      {props.errorId && (
        <p id={props.errorId} className="field-error">
          {props.error}
        </p>
      )}
    </>
  );
}

/** One input under the field's label, with its help and message below. */
export function LabelledControl(props: KindControlProps<KindField> & { children: ReactNode }) {
  const { field, id, mark, helpId, errorId, error } = props;
  return (
    <div className={`field field-${field.kind}`}>
      <div className="field-label">
        <label htmlFor={id}>{field.label}</label>
        {mark}
      </div>
      {props.children}
      <FieldNotes helpId={helpId} help={field.help} errorId={errorId} error={error} />
    </div>
  );
}

/** Several inputs as one group named by the field's label (a list, a week, images). */
export function FieldGroup(
  props: KindControlProps<KindField> & { className: string; describedBy?: string; children: ReactNode },
) {
  const { field, mark, helpId, errorId, error } = props;
  return (
    <fieldset className={props.className} aria-describedby={props.describedBy}>
      <legend>
        {field.label}
        {mark}
      </legend>
      {props.children}
      <FieldNotes helpId={helpId} help={field.help} errorId={errorId} error={error} />
    </fieldset>
  );
}
