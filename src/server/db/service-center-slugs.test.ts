import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../shared/constants';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from '../test/migration-before';
import { migrate } from './migrate';

const SLUGS = '0810_service_center_slugs.sql';

describe('migration 0810: service centers get slugs', () => {
  it('names each center created before it by its name, as the repository names new ones, unique', async () => {
    const database = await emptyDatabase();
    const dir = await migrationsBefore(SLUGS);
    await migrate(database, dir);
    // In listed order: the first of two same-named centers keeps the plain slug.
    const names = [
      ['Lahore Head Office', 0],
      ['Karachi Service Center', 1],
      ['Lahore head office', 2],
      ['  Café Zürich — Ünïon Street #5 ', 3],
      ['مرکز', 4],
      ['Lahore Head Office', 5],
      ['Lahore Head Office 2', 6],
      [`${'Very long name '.repeat(8)}end`, 7],
    ] as const;
    for (const [name, position] of names)
      await database.query('insert into service_centers (name, sort_order) values ($1, $2)', [
        name,
        position,
      ]);
    await database.query(
      "update service_centers set deleted_at = now() where name = 'Karachi Service Center'",
    );

    await fs.copyFile(path.join(MIGRATIONS, SLUGS), path.join(dir, SLUGS));
    expect(await migrate(database, dir)).toEqual([SLUGS]);

    const rows = await database.query<{ name: string; slug: string }>(
      'select name, slug from service_centers order by sort_order',
    );
    expect(rows.map((row) => row.slug)).toEqual([
      'lahore-head-office',
      'karachi-service-center',
      'lahore-head-office-2',
      'cafe-zurich-union-street-5',
      'item',
      'lahore-head-office-3',
      // Its own slug was taken by the second center named like the first: it gets the next free one.
      'lahore-head-office-2-2',
      slugify(names[7][0]),
    ]);
    // Each base is exactly what the repository's rule makes of the name.
    for (const row of rows) expect(row.slug.startsWith(slugify(row.name))).toBe(true);
    await expect(
      database.query("insert into service_centers (name, slug) values ('Copy', 'item')"),
    ).rejects.toThrow();
    await expect(database.query("insert into service_centers (name) values ('No slug')")).rejects.toThrow();
  });
});
