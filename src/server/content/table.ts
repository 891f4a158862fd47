import { boolean, integer, jsonb, type PgTable, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ContentTypeDef } from '../../shared/content/define';
import type { Field } from '../../shared/content/fields';

/** Column name of a declared field: `serviceName` -> `service_name`. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function fieldColumn(key: string, field: Field) {
  const name = columnName(key);
  switch (field.kind) {
    case 'images':
      return jsonb(name).$type<string[]>().notNull().default([]);
    case 'rating':
      return integer(name).notNull().default(5);
    case 'boolean':
      return boolean(name).notNull().default(false);
    default:
      return text(name).notNull().default('');
  }
}

const bookkeeping = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  sortOrder: integer('sort_order').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * The Drizzle table of a content type, derived from its declaration. The committed migrations
 * create the same columns; `table.test.ts` checks that the two never drift apart.
 */
export function contentTable(def: ContentTypeDef) {
  const columns: Record<string, ReturnType<typeof fieldColumn>> = {};
  for (const [key, field] of Object.entries(def.fields)) columns[key] = fieldColumn(key, field);
  // Columns are only known at run time, so the table is typed as any table; the repository
  // reaches columns by name through getTableColumns.
  return pgTable(def.table, {
    ...bookkeeping(),
    ...(def.slugFrom ? { slug: text('slug').notNull() } : {}),
    ...columns,
  }) as unknown as PgTable;
}

export type ContentTable = PgTable;
