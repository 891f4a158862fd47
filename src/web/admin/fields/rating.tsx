import type { RatingField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** Five stars down to one. */
export const RatingControl: KindControl<RatingField> = (props) => (
  <LabelledControl {...props}>
    <select
      {...props.common}
      value={String(props.value ?? 5)}
      onChange={(e) => props.set(Number(e.target.value))}
    >
      {[5, 4, 3, 2, 1].map((stars) => (
        <option key={stars} value={stars}>
          {`${stars} star${stars === 1 ? '' : 's'}`}
        </option>
      ))}
    </select>
  </LabelledControl>
);
