import type { Database } from '../db/client';
import { quotedIdentifier } from '../db/identifiers';

/**
 * The statements of backup and restore. Table and column names come from the database's own
 * catalog (and a restored row's columns are checked against it), always quoted; values are parameters.
 */
export function createBackupStore(database: Database) {
  return {
    /** Make the current transaction one consistent, read-only snapshot; must be its first statement. */
    async beginSnapshot(): Promise<void> {
      await database.query('set transaction isolation level repeatable read, read only');
    },

    async appliedMigrations(): Promise<string[]> {
      return (await database.query<{ id: string }>('select id from schema_migrations order by id')).map(
        (r) => r.id,
      );
    },

    /** Every base table of the public schema, by name. */
    async tableNames(): Promise<string[]> {
      const rows = await database.query<{ name: string }>(
        `select table_name::text as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      return rows.map((r) => r.name);
    },

    /** Every foreign key as the table holding it and the table it references. */
    foreignKeys(): Promise<{ child: string; parent: string }[]> {
      return database.query<{ child: string; parent: string }>(
        `select conrelid::regclass::text as child, confrelid::regclass::text as parent
           from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
      );
    },

    async primaryKey(table: string): Promise<string[]> {
      const rows = await database.query<{ column: string }>(
        `select a.attname::text as column from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = $1::regclass and i.indisprimary order by a.attnum`,
        [quotedIdentifier(table)],
      );
      return rows.map((r) => r.column);
    },

    /** Every public table's column names. */
    async columnsByTable(): Promise<Map<string, Set<string>>> {
      const rows = await database.query<{ table: string; name: string }>(
        `select table_name::text as table, column_name::text as name
           from information_schema.columns where table_schema = 'public'`,
      );
      const columns = new Map<string, Set<string>>();
      for (const row of rows) columns.set(row.table, (columns.get(row.table) ?? new Set()).add(row.name));
      return columns;
    },

    /** One page of a table's rows in PostgreSQL's JSON form, in `key` order (the table's primary key). */
    async rowsAsJson(table: string, key: string[], offset: number, limit: number): Promise<string[]> {
      const order = key.length ? key.map(quotedIdentifier).join(', ') : '1';
      const rows = await database.query<{ j: string }>(
        `select row_to_json(t)::text as j from ${quotedIdentifier(table)} t order by ${order} limit $1 offset $2`,
        [limit, offset],
      );
      return rows.map((r) => r.j);
    },

    async hasRows(table: string): Promise<boolean> {
      const [row] = await database.query<{ any: boolean }>(
        `select exists (select 1 from ${quotedIdentifier(table)}) as any`,
      );
      return Boolean(row?.any);
    },

    /** Insert rows given as JSON objects, converted to the table's column types by PostgreSQL. */
    async insertRows(table: string, columns: string[], rows: Record<string, unknown>[]): Promise<void> {
      const list = columns.map(quotedIdentifier).join(', ');
      await database.query(
        `insert into ${quotedIdentifier(table)} (${list})
         select ${list} from json_populate_recordset(null::${quotedIdentifier(table)}, $1::json)`,
        [JSON.stringify(rows)],
      );
    },
  };
}

export type BackupStore = ReturnType<typeof createBackupStore>;
