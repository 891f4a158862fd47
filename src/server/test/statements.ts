import type { Database } from '../db/client';

/** A statement's shape: its SQL text with whitespace folded (values are parameters, never in it). */
const shapeOf = (sqlText: string) => sqlText.replace(/\s+/g, ' ').trim();

/** The mail outbox worker's own statements (it claims, marks sent, puts off): it runs on its own schedule. */
export const OUTBOX_WORKER = /^update mail_outbox /;

/**
 * Every statement the database sees while `work` runs, in order: the handle's own and those of the
 * transactions it opens (between `begin` and `commit` marks). It answers what an observer of the
 * database could tell apart, so a test can show that two inputs cost the same work without a
 * stopwatch. Work that runs meanwhile on its own schedule (the mail outbox's worker) is recorded
 * too: leave it out with `ignore`.
 */
export async function statementsDuring(
  database: Database,
  work: () => Promise<unknown>,
  ignore?: RegExp,
): Promise<string[]> {
  const seen: string[] = [];
  const note = (sqlText: string) => {
    const shape = shapeOf(sqlText);
    if (!ignore?.test(shape)) seen.push(shape);
  };
  const watched = (handle: Database): Database => ({
    ...handle,
    query: (sqlText, params) => {
      note(sqlText);
      return handle.query(sqlText, params);
    },
    exec: (sqlText) => {
      note(sqlText);
      return handle.exec(sqlText);
    },
    transaction: (inner) => handle.transaction((tx) => inner(watched(tx))),
  });
  const { query, exec, transaction } = database;
  const own = watched({ ...database, query, exec, transaction });
  database.query = own.query;
  database.exec = own.exec;
  database.transaction = (inner) =>
    transaction(async (tx) => {
      seen.push('begin');
      const result = await inner(watched(tx));
      seen.push('commit');
      return result;
    });
  try {
    await work();
  } finally {
    Object.assign(database, { query, exec, transaction });
  }
  return seen;
}
