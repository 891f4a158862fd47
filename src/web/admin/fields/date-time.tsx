import type { DateTimeField } from '../../../shared/content/fields';
import { fromLocalInput, toLocalInput } from '../date-time-input';
import { type KindControl, LabelledControl } from './control';

/** The browser's zone on screen, the instant in UTC on the wire (date-time-input.ts). */
export const DateTimeControl: KindControl<DateTimeField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type="datetime-local"
      value={toLocalInput(props.value)}
      onChange={(e) => props.set(fromLocalInput(e.target.value))}
    />
  </LabelledControl>
);
