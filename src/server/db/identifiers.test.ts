import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { sqlIdentifier } from './identifiers';

describe('sqlIdentifier', () => {
  it('quotes a declared name, so a keyword such as user or order stays a name', async () => {
    expect(sqlIdentifier('service_name')).toBe('"service_name"');
    const { database, drop } = await createTestDatabase();
    try {
      await database.exec(`create table ${sqlIdentifier('order')} (${sqlIdentifier('user')} text)`);
      await database.query(`insert into ${sqlIdentifier('order')} (${sqlIdentifier('user')}) values ($1)`, [
        'ann',
      ]);
      const rows = await database.query<{ user: string }>(
        `select ${sqlIdentifier('user')} from ${sqlIdentifier('order')}`,
      );
      expect(rows).toEqual([{ user: 'ann' }]);
    } finally {
      await drop();
    }
  });

  it('refuses anything but a plain lower-case name', () => {
    for (const name of ['Users', 'a"b', 'x; drop table users', '', '1st', 'a'.repeat(64)])
      expect(() => sqlIdentifier(name)).toThrow(/Not a plain SQL identifier/);
  });
});
