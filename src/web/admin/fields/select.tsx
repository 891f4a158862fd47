import type { SelectField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** The declared options, each under its label when it has one. */
export const SelectControl: KindControl<SelectField> = (props) => (
  <LabelledControl {...props}>
    <select {...props.common} value={String(props.value ?? '')} onChange={(e) => props.set(e.target.value)}>
      {props.field.options.map((option) => (
        <option key={option} value={option}>
          {props.field.optionLabels?.[option] ?? option}
        </option>
      ))}
    </select>
  </LabelledControl>
);
