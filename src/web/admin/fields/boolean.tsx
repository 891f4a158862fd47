import type { BooleanField } from '../../../shared/content/fields';
import type { KindControl } from './control';

/** A checkbox with its label beside it, and no required mark: unticked is an answer. */
export const BooleanControl: KindControl<BooleanField> = ({
  common,
  id,
  field,
  value,
  set,
  errorId,
  error,
}) => (
  <div className="field field-check">
    <input {...common} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />
    <label htmlFor={id}>{field.label}</label>
    {errorId && (
      <p id={errorId} className="field-error">
        {error}
      </p>
    )}
  </div>
);
