import type { DateField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** The browser's date picker, valued `YYYY-MM-DD` like the field. */
export const DateControl: KindControl<DateField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type="date"
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => props.set(e.target.value)}
    />
  </LabelledControl>
);
