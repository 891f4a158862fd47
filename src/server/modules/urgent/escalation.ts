import type { FastifyInstance } from 'fastify';
import type { ContentTypeDef } from '../../../shared/content/define';
import { EMAIL_PATTERN } from '../../../shared/text';
import { urgentNotification } from '../../content/intake';
import { recordName } from '../../content/repository';
import { columnName } from '../../content/table';
import type { Database } from '../../db/client';
import { createSettingsStore } from '../settings/store';

/** Requests escalated per transaction: a backlog after a long outage goes out in batches. */
const BATCH = 50;

export interface EscalationOptions {
  /** The type whose records can be urgent (`intake.urgent`). */
  def: ContentTypeDef;
  /** The clock: tests move it instead of waiting. */
  now: () => Date;
  minutes: number;
  /** How often to look; the first look is at start. */
  intervalMs?: number;
}

/**
 * The escalation of urgent requests nobody moved out of their open stage in time: the notify
 * address and every admin with an e-mail get an ESCALATED mail, once per request.
 *
 * "Once" is the database's doing, not this process's: one `update ... where escalated_at is null
 * ... returning` claims the due requests (rows another instance is claiming are skipped, rows it
 * claimed no longer match), and their mails are queued in the same transaction. So a crash loses
 * neither (both or neither are stored), a restart finds what became due while it was down, and
 * several instances sweeping at once send each mail once.
 */
export function createEscalation(app: FastifyInstance, options: EscalationOptions) {
  const { def, now, minutes } = options;
  const urgent = def.intake?.urgent;
  if (!urgent) throw new Error(`${def.name} declares no intake.urgent`);
  const repository = app.repositories.get(def.name);
  if (!repository) throw new Error(`${def.name} has no repository`);
  const flag = columnName(urgent.flag);
  const stage = columnName(urgent.stage.field);
  const spam = def.intake?.honeypot ? `and not ${columnName(def.intake.honeypot.flag)}` : '';
  const claimSql = `update ${def.table} set escalated_at = $2
     where id in (select id from ${def.table}
                   where ${flag} and escalated_at is null and deleted_at is null and ${stage} = $3 ${spam}
                     and created_at <= $1
                   order by created_at limit ${BATCH}
                   for update skip locked)
       and escalated_at is null and ${stage} = $3
     returning id::text as id`;

  /** The notify address (else the company's) and every admin's address, each once. */
  async function recipients(tx: Database): Promise<string[]> {
    const settings = (await createSettingsStore(tx).get()) as unknown as Record<string, unknown>;
    const admins = await tx.query<{ email: string }>(
      `select email from users where role = 'admin' and email is not null order by created_at`,
    );
    const all = [String(settings.notifyEmail || settings.email || ''), ...admins.map((admin) => admin.email)];
    const seen = new Set<string>();
    return all.filter((address) => {
      const key = address.toLowerCase();
      if (!EMAIL_PATTERN.test(address) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Escalate every request due now; answers the ids escalated by this call. */
  async function sweep(): Promise<string[]> {
    const outbox = app.mailOutbox;
    // Without SMTP there is nobody to mail: requests stay unclaimed rather than marked as sent.
    if (!outbox) return [];
    const escalated: string[] = [];
    for (;;) {
      const at = now();
      const cutoff = new Date(at.getTime() - minutes * 60_000);
      const ids = await app.changes.write(async (tx) => {
        const rows = await tx.query<{ id: string }>(claimSql, [
          cutoff.toISOString(),
          at.toISOString(),
          urgent!.stage.open,
        ]);
        if (rows.length === 0) return [];
        const to = await recipients(tx);
        const records = repository!.in(tx.db);
        for (const { id } of rows) {
          const record = await records.findById(id);
          if (!record) continue;
          const mail = urgentNotification(
            def,
            record,
            app.siteOrigin(),
            'ESCALATED',
            `Nobody has picked up this emergency request in ${minutes} minutes: it is still new.`,
          );
          for (const address of to)
            await outbox.enqueue(tx, { resource: def.name, recordId: id, to: address, ...mail });
          await tx.record({
            resource: def.name,
            id,
            action: 'escalate',
            actor: null,
            name: recordName(def, record),
          });
        }
        return rows.map((row) => row.id);
      });
      escalated.push(...ids);
      if (ids.length < BATCH) break;
    }
    if (escalated.length > 0) outbox.nudge();
    return escalated;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running
      .then(sweep)
      .catch((error: unknown) => app.log.error({ err: error }, 'urgent escalation sweep failed'));
    return running;
  };

  return {
    sweep,
    /** Look once now (what became due while no instance ran), then every `intervalMs`. */
    start() {
      if (stopped || timer) return;
      void run();
      const every = options.intervalMs ?? Math.min(60_000, (minutes * 60_000) / 4);
      timer = setInterval(() => void run(), every);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Escalation = ReturnType<typeof createEscalation>;
