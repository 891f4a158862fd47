import type { WeeklyHoursField } from '../../../shared/content/fields';
import {
  ALL_DAY,
  type DayHours,
  isAllDay,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type WeeklyHours,
} from '../../../shared/content/hours';
import { FieldGroup, type KindControl } from './control';

/** The hours a day gets when it is opened: a working day. */
const WORKING_DAY: DayHours = { opens: '09:00', closes: '18:00' };

/**
 * The week as seven rows: each day closed, open all day, or open from one time to another. A
 * day's controls are a group named by the day, so each reads "Monday, Opens" and so on.
 */
function WeeklyHoursInput(props: {
  id: string;
  value: unknown;
  onChange: (value: WeeklyHours) => void;
  onBlur: () => void;
  invalid: boolean;
}) {
  const week: WeeklyHours =
    typeof props.value === 'object' && props.value !== null ? (props.value as WeeklyHours) : {};
  const setDay = (day: (typeof WEEKDAYS)[number], hours: DayHours | undefined) => {
    const next: WeeklyHours = {};
    for (const other of WEEKDAYS) {
      const kept = other === day ? hours : week[other];
      if (kept) next[other] = kept;
    }
    props.onChange(next);
  };
  return (
    <div className="hours-input">
      {WEEKDAYS.map((day) => {
        const hours = week[day];
        const id = `${props.id}-${day}`;
        const allDay = hours ? isAllDay(hours) : false;
        return (
          <fieldset key={day} className="hours-day">
            <legend className="hours-day-name">{WEEKDAY_LABELS[day]}</legend>
            <label className="hours-check" htmlFor={`${id}-closed`}>
              <input
                id={`${id}-closed`}
                type="checkbox"
                checked={!hours}
                onChange={(e) => setDay(day, e.target.checked ? undefined : WORKING_DAY)}
                onBlur={props.onBlur}
              />
              Closed
            </label>
            <label className="hours-check" htmlFor={`${id}-all-day`}>
              <input
                id={`${id}-all-day`}
                type="checkbox"
                checked={allDay}
                onChange={(e) => setDay(day, e.target.checked ? ALL_DAY : WORKING_DAY)}
                onBlur={props.onBlur}
              />
              Open 24 hours
            </label>
            {hours && !allDay && (
              <span className="hours-times">
                {(['opens', 'closes'] as const).map((end) => (
                  <span key={end} className="hours-time">
                    <label htmlFor={`${id}-${end}`}>{end === 'opens' ? 'Opens' : 'Closes'}</label>
                    <input
                      id={`${id}-${end}`}
                      type="time"
                      value={hours[end]}
                      aria-invalid={props.invalid || undefined}
                      onChange={(e) => setDay(day, { ...hours, [end]: e.target.value })}
                      onBlur={props.onBlur}
                    />
                  </span>
                ))}
              </span>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

/** The week's opening hours, a day per row. */
export const WeeklyHoursControl: KindControl<WeeklyHoursField> = (props) => (
  <FieldGroup {...props} className="field field-weeklyHours" describedBy={props.describedBy}>
    <WeeklyHoursInput
      id={props.id}
      value={props.value}
      onChange={props.set}
      onBlur={props.onBlur}
      invalid={Boolean(props.error)}
    />
  </FieldGroup>
);
