import type { TextField } from '../../../shared/content/fields';
import { type KindControl, LabelledControl } from './control';

const INPUT_TYPES: Partial<Record<TextField['kind'], string>> = { email: 'email', phone: 'tel', url: 'url' };

/** One line of text; an address, a number or a link gets the input the browser offers for it. */
export const TextControl: KindControl<TextField> = (props) => {
  const { prefix } = props.field;
  const prefixId = `${props.id}-prefix`;
  const input = (
    <input
      {...props.common}
      // The path before the box is read out with it: "Web address, /services/".
      aria-describedby={prefix ? [prefixId, props.describedBy].filter(Boolean).join(' ') : props.describedBy}
      type={INPUT_TYPES[props.field.kind] ?? 'text'}
      inputMode={props.field.kind === 'phone' ? 'tel' : undefined}
      autoComplete="off"
      spellCheck={prefix ? false : undefined}
      value={String(props.value ?? '')}
      onChange={(e) => props.set(e.target.value)}
    />
  );
  return (
    <LabelledControl {...props}>
      {prefix ? (
        <div className="input-prefixed">
          <span id={prefixId} className="input-prefix">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </LabelledControl>
  );
};
