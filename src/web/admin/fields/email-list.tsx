import type { EmailListField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

/** Addresses typed one per line. */
export const EmailListControl: KindControl<EmailListField> = (props) => (
  <LabelledControl {...props}>
    {/* The lines as typed (blank ones too, so the caret stays put); the schema drops blanks. */}
    <textarea
      {...props.common}
      rows={4}
      spellCheck={false}
      autoCapitalize="off"
      placeholder="one address per line"
      value={Array.isArray(props.value) ? props.value.join('\n') : String(props.value ?? '')}
      onChange={(e) => props.set(e.target.value.split('\n'))}
    />
  </LabelledControl>
);
