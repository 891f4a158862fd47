import { siteTimeZone } from '../../../shared/clock';
import {
  clockOf,
  minuteOfDay,
  onCallAt,
  type Shift,
  type ShiftInput,
  WEEKDAYS,
} from '../../../shared/on-call';
import { STAFF_ROLES } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { createSettingsStore } from '../settings/store';

/** A person on call as the pager needs them: who, and where their mail goes (null: nowhere). */
export interface OnCallPerson {
  userId: string;
  name: string;
  email: string | null;
}

type ShiftRow = Omit<Shift, 'start' | 'end'> & {
  email: string | null;
  startMinute: number;
  endMinute: number;
};

const APPROVED = `u.role = any($1::text[])`;

/**
 * The rota's rows (migration 0900). Only approved staff are ever on call: a shift of an account
 * that was since made pending stays listed but pages nobody.
 */
export function createOnCallStore(database: Database) {
  async function rows(onlyApproved: boolean): Promise<ShiftRow[]> {
    return database.query<ShiftRow>(
      `select s.user_id::text as "userId", u.name, u.email, s.days, s.start_minute as "startMinute",
              s.end_minute as "endMinute"
         from on_call_shifts s join users u on u.id = s.user_id
        where not $2::boolean or ${APPROVED}
        order by s.position`,
      [[...STAFF_ROLES], onlyApproved],
    );
  }
  const asShift = ({ userId, name, days, startMinute, endMinute }: ShiftRow): Shift => ({
    userId,
    name,
    // Stored in any order; said Monday first.
    days: WEEKDAYS.filter((day) => days.includes(day)),
    start: clockOf(startMinute),
    end: clockOf(endMinute),
  });

  return {
    /** Every shift in the rota's order, with its person's name. */
    async shifts(): Promise<Shift[]> {
      return (await rows(false)).map(asShift);
    },

    /** The approved staff on call at `at`, each once, in the rota's order. */
    async onCallAt(at: Date): Promise<OnCallPerson[]> {
      const approved = (await rows(true)).map((row) => ({ ...asShift(row), email: row.email }));
      // A shift's hours are the company's, on the site's clock (decision 097).
      return onCallAt(approved, at, await this.timeZone()).map(({ userId, name, email }) => ({
        userId,
        name,
        email,
      }));
    },

    /**
     * Who a new urgent request at `at` goes to: the first person on call, paged alone; when
     * nobody is on call, nobody is assigned and every admin is paged.
     */
    async pageFor(at: Date): Promise<{ assignee: OnCallPerson | null; paged: OnCallPerson[] }> {
      const [first] = await this.onCallAt(at);
      return first ? { assignee: first, paged: [first] } : { assignee: null, paged: await this.admins() };
    },

    /** The zone the rota's hours are read in: the site's time-zone setting. */
    async timeZone(): Promise<string> {
      return siteTimeZone((await createSettingsStore(database).get()).timeZone);
    },

    /** Whether any approved staff member has a shift: with none, nobody is ever on call. */
    async anyoneOnRota(): Promise<boolean> {
      const [row] = await database.query<{ any: boolean }>(
        `select exists (select 1 from on_call_shifts s join users u on u.id = s.user_id where ${APPROVED}) as any`,
        [[...STAFF_ROLES]],
      );
      return Boolean(row?.any);
    },

    /** Which of `ids` are approved staff accounts. */
    async approvedStaff(ids: readonly string[]): Promise<Set<string>> {
      const found = await database.query<{ id: string }>(
        `select u.id::text as id from users u where ${APPROVED} and u.id::text = any($2::text[])`,
        [[...STAFF_ROLES], ids],
      );
      return new Set(found.map((row) => row.id));
    },

    /** Every approved admin, oldest account first: who is paged when nobody is on call. */
    async admins(): Promise<OnCallPerson[]> {
      return database.query<OnCallPerson>(
        `select id::text as "userId", name, email from users where role = 'admin' order by created_at, id`,
      );
    },

    /** Replace the whole rota with `shifts`, in their order (in the caller's transaction). */
    async replace(shifts: readonly ShiftInput[]): Promise<void> {
      await database.query('delete from on_call_shifts');
      for (const [index, shift] of shifts.entries())
        await database.query(
          `insert into on_call_shifts (position, user_id, days, start_minute, end_minute)
           values ($1, $2::uuid, $3::text[], $4, $5)`,
          [
            index + 1,
            shift.userId,
            WEEKDAYS.filter((day) => shift.days.includes(day)),
            minuteOfDay(shift.start),
            minuteOfDay(shift.end),
          ],
        );
    },
  };
}

export type OnCallStore = ReturnType<typeof createOnCallStore>;
