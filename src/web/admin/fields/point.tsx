import type { PointField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** A place on the map: a maps link pasted from a phone, or `latitude, longitude` typed. */
export const PointControl: KindControl<PointField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={String(props.value ?? '')}
      onChange={(e) => props.set(e.target.value)}
    />
  </LabelledControl>
);
