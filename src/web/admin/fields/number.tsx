import type { NumberField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** A whole number within the field's bounds; kept as typed until it is one, an empty box is none. */
export const NumberControl: KindControl<NumberField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type="number"
      inputMode="numeric"
      step={1}
      min={props.field.min}
      max={props.field.max}
      value={typeof props.value === 'number' ? String(props.value) : ''}
      onChange={(e) => props.set(e.target.value === '' ? '' : Number(e.target.value))}
    />
  </LabelledControl>
);
