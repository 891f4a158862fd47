import type { NumberField } from '../../../shared/content/fields';
import { typedWholeNumber } from '../../../shared/digits';
import { type KindControl, LabelledControl } from './control';

/**
 * A whole number within the field's bounds; kept as typed until it is one, an empty box is none.
 * A text box with the number keypad rather than `type="number"`, which drops the digits of an
 * Urdu or Arabic keyboard (۲۰۱۰) without a word: any script's digits are read by their value.
 */
export const NumberControl: KindControl<NumberField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={typeof props.value === 'number' ? String(props.value) : String(props.value ?? '')}
      onChange={(e) => {
        const typed = e.target.value;
        props.set(typed.trim() === '' ? '' : (typedWholeNumber(typed) ?? typed));
      }}
    />
  </LabelledControl>
);
