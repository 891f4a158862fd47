import { randomBytes } from 'node:crypto';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentTypeDef } from '../../shared/content/define';
import { contentTypes } from '../../shared/content/types';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/helpers';
import { contentColumns, contentTable, contentTableSql } from './table';

const { database, drop } = await createTestDatabase();
afterAll(drop);

/**
 * What modules add to a content table by their own migrations, beyond the declaration: the
 * subscription tokens (0401) and the inbox's status filter index. Anything else in a content table
 * that the declaration does not imply fails the comparison, so adding a column outside the
 * declaration is a deliberate act written here.
 */
const addedByModules: Record<string, string> = {
  contact_messages: `create index contact_messages_status on contact_messages (status, created_at desc) where deleted_at is null;`,
  subscribers: `
    alter table subscribers add column confirmation_sent_at timestamptz;
    alter table subscribers add column confirm_token_hash text;
    alter table subscribers add column unsubscribe_token_hash text;
    create unique index subscribers_confirm_token on subscribers (confirm_token_hash)
      where confirm_token_hash is not null;
    create unique index subscribers_unsubscribe_token on subscribers (unsubscribe_token_hash)
      where unsubscribe_token_hash is not null;
    create index subscribers_unconfirmed on subscribers (confirmation_sent_at)
      where not confirmed and confirmation_sent_at is not null;`,
};

/** A table as PostgreSQL itself describes it, with its schema's name taken out. */
async function describeTable(db: Database, schema: string, table: string) {
  const columns = await db.query<Record<string, string>>(
    `select column_name::text as name, data_type::text as type, is_nullable::text as nullable,
            column_default::text as default
       from information_schema.columns where table_schema::text = $1 and table_name::text = $2
      order by column_name`,
    [schema, table],
  );
  const constraints = await db.query<Record<string, string>>(
    `select c.conname::text as name, c.contype::text as kind, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname::text = $1 and t.relname::text = $2 order by c.conname`,
    [schema, table],
  );
  const indexes = await db.query<{ name: string; definition: string }>(
    `select indexname::text as name, indexdef::text as definition
       from pg_indexes where schemaname::text = $1 and tablename::text = $2 order by indexname`,
    [schema, table],
  );
  const unqualified = (definition: string) => definition.replaceAll(`${schema}.`, '');
  return {
    columns,
    constraints,
    indexes: indexes.map((index) => ({ ...index, definition: unqualified(index.definition) })),
  };
}

/** Create the table the declaration describes in a scratch schema and describe it. */
async function describeDeclared(db: Database, def: ContentTypeDef) {
  const schema = `declared_${randomBytes(4).toString('hex')}`;
  // One statement batch, so `set local` holds on the one connection that runs the DDL.
  await db.exec(
    `begin; create schema ${schema}; set local search_path to ${schema}, public;
     ${contentTableSql(def)} ${addedByModules[def.table] ?? ''}; commit;`,
  );
  try {
    return await describeTable(db, schema, def.table);
  } finally {
    await db.exec(`drop schema ${schema} cascade`);
  }
}

describe('migrations and declarations', () => {
  it.each(contentTypes.map((def) => [def.name, def] as const))(
    '%s: the migrated table is exactly what the declaration describes',
    async (_name, def) => {
      const migrated = await describeTable(database, 'public', def.table);
      const declared = await describeDeclared(database, def);
      expect(migrated.columns.length, `${def.table} exists`).toBeGreaterThan(0);
      // Types, nullability and defaults of every column, and no column the declaration lacks.
      expect(migrated.columns).toEqual(declared.columns);
      // Primary key, unique slug and the check lists of select and rating fields.
      expect(migrated.constraints).toEqual(declared.constraints);
      // Index expressions: the search index must be on the very text the repository searches.
      expect(migrated.indexes).toEqual(declared.indexes);
    },
  );

  it('the Drizzle table the repository queries has the same columns as the migration', () => {
    for (const def of contentTypes) {
      const table = contentTable(def);
      expect(getTableName(table)).toBe(def.table);
      const drizzleColumns = Object.values(getTableColumns(table)).map((column) => [
        column.name,
        column.notNull,
      ]);
      expect(drizzleColumns).toEqual(contentColumns(def).map((column) => [column.name, column.notNull]));
    }
  });
});
