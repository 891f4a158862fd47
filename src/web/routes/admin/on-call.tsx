import { useCallback, useId } from 'react';
import { type ClientLoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import { messages } from '../../../shared/content/field-checks';
import {
  daysInWords,
  ON_CALL_PATH,
  type OnCall,
  onCallInputSchema,
  type ShiftInput,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '../../../shared/on-call';
import { Spinner } from '../../admin/feedback';
import { StaffSelect } from '../../admin/field-control';
import { adminRead } from '../../admin/load';
import { DataTable, ScreenHeader } from '../../admin/record-view';
import { api } from '../../lib/api';
import { useForm } from '../../lib/use-form';
import './on-call.css';

export function meta() {
  return [{ title: 'On call | Admin' }];
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return adminRead<OnCall>(ON_CALL_PATH, request);
}
clientLoader.hydrate = true as const;

export { ScreenError as ErrorBoundary } from '../../admin/screen-error';

export function HydrateFallback() {
  return <Spinner />;
}

/** A row of the form: a shift, with a key of its own so removing a row keeps the others' inputs. */
type ShiftRow = ShiftInput & { key: string };
type RotaForm = { shifts: ShiftRow[] };

let rowCount = 0;
const newRow = (shift: ShiftInput): ShiftRow => ({ ...shift, key: `shift-${++rowCount}` });
const blankShift = (): ShiftRow =>
  newRow({ userId: '', days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' });
const sent = (rows: readonly ShiftRow[]): ShiftInput[] => rows.map(({ key: _key, ...shift }) => shift);

/** Each row's first problem by field, and the form's one line ("Shift 2: …"), from the shared schema. */
function problemsOf(rows: readonly ShiftRow[]) {
  const parsed = onCallInputSchema.safeParse({ shifts: sent(rows) });
  const byRow = new Map<number, Partial<Record<keyof ShiftInput, string>>>();
  let first: string | undefined;
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [, row, field] = issue.path;
    if (typeof row !== 'number') {
      first ??= issue.message;
      continue;
    }
    first ??= `Shift ${row + 1}: ${issue.message}`;
    const problems = byRow.get(row) ?? {};
    problems[field as keyof ShiftInput] ??= issue.message;
    byRow.set(row, problems);
  }
  return { byRow, first };
}

/** The shifts grouped by person, in the rota's order: "Sana · Mon–Fri 09:00–17:00". */
function byPerson(shifts: OnCall['shifts']) {
  const people = new Map<string, { name: string; hours: string[] }>();
  for (const shift of shifts) {
    const person = people.get(shift.userId) ?? { name: shift.name, hours: [] };
    person.hours.push(`${daysInWords(shift.days)} ${shift.start}–${shift.end}`);
    people.set(shift.userId, person);
  }
  return [...people.entries()];
}

/**
 * The on-call rota (decision 095): who is on call now, the shifts by person, and the rota as rows
 * to change and save whole. Its order is the order urgent requests are given out in.
 */
export default function OnCallScreen() {
  const rota = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const check = useCallback((values: RotaForm): Record<string, string> => {
    const { first } = problemsOf(values.shifts);
    return first ? { shifts: first } : {};
  }, []);
  const form = useForm<RotaForm>({
    values: { shifts: rota.shifts.map(({ name: _name, ...shift }) => newRow(shift)) },
    check,
    invalidMessage: messages.formInvalid,
    send: async (values) => {
      const saved = await api<OnCall>(ON_CALL_PATH, { method: 'PUT', body: { shifts: sent(values.shifts) } });
      await revalidator.revalidate();
      return {
        values: { shifts: saved.shifts.map(({ name: _name, ...shift }) => newRow(shift)) },
        message: 'The rota was saved.',
      };
    },
  });
  const rows = form.values.shifts;
  const shown = Boolean(form.errors.shifts);
  const { byRow } = problemsOf(rows);
  const setRows = (update: (rows: ShiftRow[]) => ShiftRow[]) =>
    form.setValue('shifts', (current) => update(current as ShiftRow[]));
  const change = (key: string, patch: Partial<ShiftInput>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const touch = () => form.touch('shifts');

  return (
    <section className="screen on-call" aria-busy={revalidator.state === 'loading'}>
      <ScreenHeader title="On call" />
      <p className="muted">
        An urgent request is given to whoever is on call when it arrives (the first in this list when several
        are) and they are paged by e-mail and on their phone. When nobody is on call, it stays unassigned and
        every admin is paged. Times are in the company’s time zone ({rota.timeZone}).
      </p>
      <div className="on-call-now" role="status">
        <h2>On call now</h2>
        {rota.onCallNow.length > 0 ? (
          <p className="on-call-now-names">{rota.onCallNow.map((person) => person.name).join(', ')}</p>
        ) : (
          <p className="muted">Nobody: an urgent request now would page the admins.</p>
        )}
      </div>
      {rota.shifts.length === 0 ? (
        <p className="muted">Nobody is on the rota yet.</p>
      ) : (
        <DataTable caption="Shifts by person" headings={['Person', 'Days and hours']}>
          {byPerson(rota.shifts).map(([userId, person]) => (
            <tr key={userId}>
              <td data-label="Person">{person.name}</td>
              <td data-label="Days and hours">
                <ul className="on-call-hours">
                  {person.hours.map((hours) => (
                    <li key={hours}>{hours}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <form className="form-group on-call-form" noValidate onSubmit={(event) => void form.submit(event)}>
        <h2>Change the rota</h2>
        <p className="field-help">
          A shift starts on the days ticked. One that ends before it starts runs past midnight into the next
          morning (22:00 to 06:00); 00:00 to 24:00 is the whole day.
        </p>
        <ol className="on-call-rows">
          {rows.map((row, index) => (
            <ShiftEditor
              key={row.key}
              row={row}
              index={index}
              problems={shown ? (byRow.get(index) ?? {}) : {}}
              onChange={(patch) => change(row.key, patch)}
              onBlur={touch}
              onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            />
          ))}
        </ol>
        <div className="on-call-form-footer">
          <button
            type="button"
            className="btn btn-light"
            onClick={() => setRows((current) => [...current, blankShift()])}
          >
            Add shift
          </button>
          <div className="form-message on-call-message" role="alert">
            {/* A row's problem is told at its field; the rota's own (too many, a stranger) here. */}
            {form.errors.shifts && byRow.size === 0 && <p className="form-error">{form.errors.shifts}</p>}
            {form.notice?.kind === 'error' && form.notice.text !== form.errors.shifts && (
              <p className="form-error">{form.notice.text}</p>
            )}
            {form.notice?.kind === 'success' && <p className="notice-inline success">{form.notice.text}</p>}
          </div>
          <button type="submit" className="btn btn-primary" aria-disabled={form.invalid || form.submitting}>
            {form.submitting ? 'Saving…' : 'Save rota'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One shift's row: who, which days, from and to, and a way to remove it. */
function ShiftEditor(props: {
  row: ShiftRow;
  index: number;
  problems: Partial<Record<keyof ShiftInput, string>>;
  onChange(patch: Partial<ShiftInput>): void;
  onBlur(): void;
  onRemove(): void;
}) {
  const { row, index, problems, onChange, onBlur } = props;
  const id = useId();
  const label = `Shift ${index + 1}`;
  const described = (field: keyof ShiftInput) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const problem = (field: keyof ShiftInput) =>
    problems[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {problems[field]}
      </p>
    ) : null;
  const toggle = (day: Weekday, on: boolean) =>
    onChange({
      days: on
        ? WEEKDAYS.filter((d) => d === day || row.days.includes(d))
        : row.days.filter((d) => d !== day),
    });
  return (
    <li className="on-call-row">
      <fieldset>
        <legend className="on-call-row-legend">{label}</legend>
        <div className="field on-call-person">
          <label htmlFor={`${id}-person`}>Person</label>
          <StaffSelect
            common={{ id: `${id}-person`, onBlur, ...described('userId') }}
            value={row.userId}
            onChange={(userId) => onChange({ userId })}
          />
          {problem('userId')}
        </div>
        <fieldset className="on-call-days" {...described('days')}>
          <legend className="on-call-days-legend">Days</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="on-call-day">
              <input
                type="checkbox"
                checked={row.days.includes(day)}
                onChange={(event) => toggle(day, event.target.checked)}
                onBlur={onBlur}
              />
              {WEEKDAY_LABELS[day]}
            </label>
          ))}
          {problem('days')}
        </fieldset>
        <div className="on-call-times">
          {(['start', 'end'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`${id}-${field}`}>{field === 'start' ? 'From' : 'To'}</label>
              <input
                id={`${id}-${field}`}
                value={row[field]}
                placeholder="HH:MM"
                autoComplete="off"
                maxLength={5}
                onChange={(event) => onChange({ [field]: event.target.value })}
                onBlur={onBlur}
                {...described(field)}
              />
            </div>
          ))}
          {/* Below both times, where a phone has the width for the sentence. */}
          {problem('start')}
          {problem('end')}
        </div>
        <button type="button" className="btn btn-small btn-danger on-call-remove" onClick={props.onRemove}>
          Remove<span className="visually-hidden"> {label}</span>
        </button>
      </fieldset>
    </li>
  );
}
