import type { TextField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

const INPUT_TYPES: Partial<Record<TextField['kind'], string>> = { email: 'email', phone: 'tel', url: 'url' };

/** One line of text; an address, a number or a link gets the input the browser offers for it. */
export const TextControl: KindControl<TextField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type={INPUT_TYPES[props.field.kind] ?? 'text'}
      inputMode={props.field.kind === 'phone' ? 'tel' : undefined}
      autoComplete="off"
      value={String(props.value ?? '')}
      onChange={(e) => props.set(e.target.value)}
    />
  </LabelledControl>
);
