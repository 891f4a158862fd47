import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from '../test/migration-before';
import { migrate } from './migrate';

const PROOF = '0980_proof_of_work.sql';

describe('migration 0980: captioned gallery pictures and what we did for each client', () => {
  it('turns each stored picture address into a captioned row, and gives clients an empty work line', async () => {
    const database = await emptyDatabase();
    const dir = await migrationsBefore(PROOF);
    await migrate(database, dir);
    await database.query(
      `insert into gallery (title, images, sort_order) values
         ('Recent installations', '["/media/a.webp", "/media/b.webp"]', 0),
         ('Empty album', '[]', 1)`,
    );
    await database.query(
      `insert into clients (name, phone, address, sort_order) values ('Metro', '04235761234', 'Lahore', 0)`,
    );
    const [album] = await database.query<{ id: string; seeded: unknown }>(
      `select id::text, to_jsonb(g) as seeded from gallery g where title = 'Recent installations'`,
    );
    await database.query(
      `insert into demo_records (resource, record_id, seeded) values ('gallery', $1, $2::jsonb)`,
      [album!.id, JSON.stringify(album!.seeded)],
    );

    await fs.copyFile(path.join(MIGRATIONS, PROOF), path.join(dir, PROOF));
    expect(await migrate(database, dir)).toEqual([PROOF]);

    const captioned = [
      { image: '/media/a.webp', caption: 'Recent installations, photo 1', project: null },
      { image: '/media/b.webp', caption: 'Recent installations, photo 2', project: null },
    ];
    const rows = await database.query<{ title: string; images: unknown }>(
      'select title, images from gallery order by sort_order',
    );
    expect(rows).toEqual([
      { title: 'Recent installations', images: captioned },
      { title: 'Empty album', images: [] },
    ]);
    const [seeded] = await database.query<{ images: unknown }>(
      `select seeded->'images' as images from demo_records where resource = 'gallery'`,
    );
    expect(seeded!.images).toEqual(captioned);
    const [client] = await database.query<{ work: string; phone: string }>('select work, phone from clients');
    expect(client).toEqual({ work: '', phone: '04235761234' });
  });
});
