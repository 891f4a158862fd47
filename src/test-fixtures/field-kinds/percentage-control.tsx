/** The admin control of the fixture kind in percentage.ts: a number box from 0 to 100, marked with a per cent sign. */
import { type KindControl, LabelledControl } from '../../web/admin/fields/control';
import { withFieldControls } from '../../web/admin/fields/index';
import type { PercentageField } from './percentage';

export const PercentageControl: KindControl<PercentageField> = (props) => (
  <LabelledControl {...props}>
    <input
      {...props.common}
      type="number"
      inputMode="numeric"
      step={1}
      min={0}
      max={100}
      value={typeof props.value === 'number' ? String(props.value) : ''}
      onChange={(e) => props.set(e.target.value === '' ? '' : Number(e.target.value))}
    />
    <span aria-hidden="true"> %</span>
  </LabelledControl>
);

withFieldControls({ percentage: PercentageControl });
