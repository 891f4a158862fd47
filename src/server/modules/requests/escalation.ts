import type { FastifyBaseLogger } from 'fastify';
import { notifyAddress } from '../../../shared/content/settings';
import { canonicalIdentity } from '../../../shared/identity';
import { EMAIL_PATTERN } from '../../../shared/text';
import { type ContentRepository, recordName } from '../../content/repository';
import type { ChangeLog } from '../../db/change-log';
import type { Database } from '../../db/client';
import type { MailOutbox } from '../mail/outbox';
import { createOnCallStore } from '../on-call/store';
import { createSettingsStore } from '../settings/store';
import { requestFacts, requestNotification, type TitleOf } from './staff-mail';
import { ESCALATION_BATCH, type RequestStore } from './store';

export interface EscalationDeps {
  changes: ChangeLog;
  /** The requests' repository. */
  requests: ContentRepository;
  store: RequestStore;
  /** The mail outbox, null without SMTP_URL. */
  outbox(): Pick<MailOutbox, 'enqueue' | 'nudge'> | null;
  siteOrigin(): string;
  /** The service by its title in the mail, never its slug. */
  titleOf: TitleOf;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The clock: tests move it instead of waiting. */
  now: () => Date;
  minutes: number;
  /** How often to look; the first look is at start. */
  intervalMs?: number;
}

/** The stage an urgent request must leave in time. */
const OPEN_STAGE = 'new';

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
export function createEscalation(deps: EscalationDeps) {
  const { now, minutes, store } = deps;
  const def = deps.requests.def;

  /** The notify address (else the company's) and every admin's address, each once. */
  async function recipients(tx: Database): Promise<string[]> {
    const settings = await createSettingsStore(tx).get();
    const all = [notifyAddress(settings), ...(await store.adminAddresses(tx))];
    const seen = new Set<string>();
    return all.filter((address) => {
      const key = canonicalIdentity(address);
      if (!EMAIL_PATTERN.test(address) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Escalate every request due now; answers the ids escalated by this call. */
  async function sweep(): Promise<string[]> {
    const outbox = deps.outbox();
    // Without SMTP there is nobody to mail: requests stay unclaimed rather than marked as sent.
    if (!outbox) return [];
    const escalated: string[] = [];
    for (;;) {
      const at = now();
      const cutoff = new Date(at.getTime() - minutes * 60_000);
      const ids = await deps.changes.write(async (tx) => {
        const claimed = await store.claimDueUrgent(tx, { cutoff, at, openStage: OPEN_STAGE });
        if (claimed.length === 0) return [];
        const to = await recipients(tx);
        const records = deps.requests.in(tx);
        const onCall = { names: (await createOnCallStore(tx).onCallAt(at)).map((person) => person.name) };
        for (const id of claimed) {
          const record = await records.findById(id);
          if (!record) continue;
          const facts = await requestFacts(tx, def, record, deps.siteOrigin(), deps.titleOf);
          const mail = requestNotification(def, record, facts, {
            photoCount: 0,
            urgent: {
              word: 'ESCALATED',
              opening: `Nobody has picked up this emergency request in ${minutes} minutes: it is still new.`,
              onCall,
            },
          });
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
        return claimed;
      });
      escalated.push(...ids);
      if (ids.length < ESCALATION_BATCH) break;
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
      .catch((error: unknown) => deps.log.error({ err: error }, 'urgent escalation sweep failed'));
    return running;
  };

  return {
    sweep,
    /** Look once now (what became due while no instance ran), then every `intervalMs`. */
    start() {
      if (stopped || timer) return;
      void run();
      const every = deps.intervalMs ?? Math.min(60_000, (minutes * 60_000) / 4);
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
