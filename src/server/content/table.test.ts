import { getTableColumns, getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentTypes } from '../../shared/content/types';
import { createTestDatabase } from '../test/helpers';
import { contentTable } from './table';

const { database, drop } = await createTestDatabase();

describe('migrations and declarations', () => {
  it.each(contentTypes.map((def) => [def.name, def] as const))(
    '%s: every declared column exists after migrating',
    async (_name, def) => {
      const table = contentTable(def);
      const rows = await database.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name::text = $1`,
        [getTableName(table)],
      );
      const actual = new Set(rows.map((r) => r.column_name));
      for (const column of Object.values(getTableColumns(table)))
        expect(actual, column.name).toContain(column.name);
      await (contentTypes.at(-1) === def ? drop() : Promise.resolve());
    },
  );
});
