import { contentTypes } from '../../shared/content/types';
import { canonicalIdentity } from '../../shared/identity';
import { STAFF_ROLES } from '../../shared/roles';
import type { Database } from './client';
import { sqlIdentifier } from './identifiers';

/**
 * Work a migration needs that SQL cannot do, run right after the file's SQL and in the same
 * transaction (the file and its step are applied together or not at all).
 */
export type MigrationStep = (tx: Database, announce: (step: string) => void) => Promise<void>;

/**
 * Every account's canonical username and address, computed by the one function the server uses
 * (PostgreSQL's lower() and normalize() fold otherwise). Two accounts whose addresses fold alike
 * (`Straße@…` and `strasse@…`): the older keeps it, the newer loses it and is told so in the log.
 * Two usernames that fold alike cannot be told apart safely, so the start stops and names them.
 */
async function canonicalIdentities(tx: Database, announce: (step: string) => void) {
  const rows = await tx.query<{ id: string; username: string; email: string | null }>(
    'select id::text as id, username, email from users order by created_at, id',
  );
  const usernames = new Map<string, string>();
  const emails = new Set<string>();
  for (const row of rows) {
    const username = canonicalIdentity(row.username);
    const holder = usernames.get(username);
    if (holder !== undefined)
      throw new Error(
        `The accounts "${holder}" and "${row.username}" have usernames that are the same identity; rename one (UPDATE users SET username = …) and start again.`,
      );
    usernames.set(username, row.username);
    let email = row.email === null ? null : canonicalIdentity(row.email);
    if (email !== null && emails.has(email)) {
      announce(`The account "${row.username}" lost its e-mail address: an older account has the same one.`);
      email = null;
    }
    if (email !== null) emails.add(email);
    await tx.query(
      `update users set username_canonical = $2, email_canonical = $3,
              email = case when $3::text is null then null else email end
        where id::text = $1`,
      [row.id, username, email],
    );
  }
  await tx.exec(
    `alter table users alter column username_canonical set not null;
     alter table users add constraint users_email_canonical_present
       check ((email is null) = (email_canonical is null));`,
  );
}

/**
 * The settings' on-call addresses become the rota (decision 095): each address of an approved
 * staff account, compared as the server compares addresses, is that person on call all week, all
 * day, in the list's order. An address of nobody's account is dropped and named in the log; the
 * setting itself is removed from the stored settings.
 */
async function onCallFromSettings(tx: Database, announce: (step: string) => void) {
  const [row] = await tx.query<{ addresses: unknown }>(
    `select data->'onCallEmails' as addresses from settings`,
  );
  const addresses = Array.isArray(row?.addresses) ? row.addresses.filter((a) => typeof a === 'string') : [];
  const placed = new Set<string>();
  for (const address of addresses as string[]) {
    const [staff] = await tx.query<{ id: string }>(
      `select id::text as id from users where email_canonical = $1 and role = any($2::text[])`,
      [canonicalIdentity(address), [...STAFF_ROLES]],
    );
    if (!staff) {
      announce(`The on-call address ${address} is no staff member’s: it is not on the rota.`);
      continue;
    }
    if (placed.has(staff.id)) continue;
    placed.add(staff.id);
    await tx.query(
      `insert into on_call_shifts (position, user_id, days, start_minute, end_minute)
       values ($1, $2::uuid, array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 0, 1440)`,
      [placed.size, staff.id],
    );
  }
  await tx.query(`update settings set data = data - 'onCallEmails'`);
}

/**
 * Demo records seeded before their rows were kept (decision 099) take the row as it is at the
 * upgrade: what was rewritten before then counts as the demo's until it is rewritten again, so no
 * record the owner has not touched since is ever taken for replaced.
 */
async function demoRecordsSeeded(tx: Database) {
  for (const def of contentTypes)
    await tx.query(
      `update demo_records d set seeded = to_jsonb(t)
         from ${sqlIdentifier(def.table)} t
        where d.resource = $1 and d.seeded is null and t.id::text = d.record_id`,
      [def.name],
    );
}

/** The steps by migration file name. */
export const MIGRATION_STEPS: Record<string, MigrationStep> = {
  '0830_identity_canonical.sql': canonicalIdentities,
  '0900_on_call_rota.sql': onCallFromSettings,
  '0940_demo_records_seeded.sql': demoRecordsSeeded,
};
