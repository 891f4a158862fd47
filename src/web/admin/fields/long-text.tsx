import type { TextField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** Paragraphs of text in a box four lines high. */
export const LongTextControl: KindControl<TextField> = (props) => (
  <LabelledControl {...props}>
    <textarea
      {...props.common}
      rows={4}
      value={String(props.value ?? '')}
      onChange={(e) => props.set(e.target.value)}
    />
  </LabelledControl>
);
