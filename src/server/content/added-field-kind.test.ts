import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContentTypeDef, defineContentType } from '../../shared/content/define';
import { f } from '../../shared/content/fields';
import { publicContent } from '../../shared/content/types';
import { percentageField } from '../../test-fixtures/field-kinds/percentage';
import { createTestApp } from '../test/helpers';
import { contentTableSql } from './table';

// A type whose only new part is a field of a kind outside the product's: the kind's one module
// (test-fixtures/field-kinds/percentage.ts) is all the API and the table learn it from.
const job = defineContentType({
  name: `job${randomBytes(3).toString('hex')}`,
  label: 'Job',
  plural: 'Jobs',
  table: `jobs_${randomBytes(4).toString('hex')}`,
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    progress: percentageField('Progress'),
  },
  titleField: 'title',
  access: publicContent('service'),
  list: { order: 'position' },
  admin: { path: '/addJob', title: 'Jobs', view: 'table', columns: ['title'] },
}) as unknown as ContentTypeDef;

const t = await createTestApp({ extraContentTypes: [job] });
let auth: { authorization: string };
beforeAll(async () => {
  // The type's migration, printed from its declaration as `npm run migration:print` would.
  await t.database.exec(contentTableSql(job));
  auth = await t.signIn();
});

describe('a field of a kind added beside the product kinds', () => {
  it('is stored in its column and read back through the API as it was sent', async () => {
    const created = await t.create(job.name, { title: 'Shop wiring', progress: 40 }, auth);
    expect(created.progress).toBe(40);
    const read = await t.app.inject({ method: 'GET', url: `/api/${job.name}/${created._id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Shop wiring', progress: 40 });
    const [row] = await t.database.query<{ progress: number; type: string }>(
      `select progress, pg_typeof(progress)::text as type from ${job.table} where id = $1`,
      [created._id],
    );
    expect(row).toEqual({ progress: 40, type: 'smallint' });
  });

  it("takes the kind's blank when left out, and refuses a value its rule refuses with its message", async () => {
    const blank = await t.create(job.name, { title: 'Not started' }, auth);
    expect(blank.progress).toBe(0);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/${job.name}`,
      headers: auth,
      payload: { title: 'Overdone', progress: 140 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ progress: 'Progress must be a whole number from 0 to 100.' });
  });
});
