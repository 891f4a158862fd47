import { canonicalIdentity } from '../../shared/identity';
import type { Database } from './client';

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

/** The steps by migration file name. */
export const MIGRATION_STEPS: Record<string, MigrationStep> = {
  '0830_identity_canonical.sql': canonicalIdentities,
};
