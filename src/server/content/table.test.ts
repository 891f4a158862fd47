import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ContentTypeDef, defineContentType } from '../../shared/content/define';
import { f } from '../../shared/content/fields';
import { contentTypes, contentTypesByName, publicContent } from '../../shared/content/types';
import { percentageField } from '../../test-fixtures/field-kinds/percentage';
import { createChangeLog } from '../db/change-log';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/helpers';
import { createContentRepository } from './repository';
import { contentTableSql, rankedOrderSql, rankedOrderTerms } from './table';

const { database, drop } = await createTestDatabase();
afterAll(drop);

/**
 * What modules add to a content table by their own migrations, beyond the declaration: the
 * subscription tokens (0401), the inbox's status filter index and the dashboard's open-request
 * indexes (0750), the address a request was filed with (0820). Anything else in a content table that the declaration does not imply fails the
 * comparison, so adding a column outside the declaration is a deliberate act written here.
 */
const addedByModules: Record<string, string> = {
  contact_messages: `create index contact_messages_status on contact_messages (status, created_at desc) where deleted_at is null;
    create index contact_messages_open_urgent on contact_messages (created_at desc)
      where deleted_at is null and urgent and stage not in ('done', 'lost');
    create index contact_messages_follow_up on contact_messages (follow_up_at)
      where deleted_at is null and follow_up_at is not null and stage not in ('done', 'lost');
    alter table contact_messages add column filed_email text;`,
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
});

describe('a new content type', () => {
  // The example: a type added as a declaration, its migration printed rather than written.
  const certification = defineContentType({
    name: 'certification',
    label: 'Certification',
    plural: 'Certifications',
    table: `certifications_${randomBytes(4).toString('hex')}`,
    fields: {
      title: f.text('Title', { required: true, max: 120 }),
      image: f.image('Image'),
      body: f.longText('Body', { max: 5000 }),
      level: f.select('Level', ['basic', 'expert'] as const, { defaultValue: 'basic' }),
    },
    titleField: 'title',
    slugFrom: 'title',
    access: publicContent('service'),
    list: { order: 'position', search: ['title', 'body'] },
    admin: { path: '/addCertification', title: 'Certifications', view: 'table', columns: ['title'] },
  }) as unknown as ContentTypeDef;

  it('gets a table from its printed migration that the repository stores and finds records in', async () => {
    await database.exec(contentTableSql(certification));
    try {
      const repository = createContentRepository(database, certification);
      // Writes run inside a transaction, as every writer's do (app.changes.write).
      const stored = await createChangeLog(database).write((tx) =>
        repository.in(tx).create({ title: 'Refrigerant handling' }),
      );
      // Defaults come from the database: the absent optional fields are stored blank, the select as declared.
      expect(stored).toMatchObject({ title: 'Refrigerant handling', image: '', body: '', level: 'basic' });
      expect(stored.slug).toBe('refrigerant-handling');
      expect((await repository.list({ q: 'refrigerant' })).map((r) => r._id)).toEqual([stored._id]);
      // The check list holds: a value outside the declared options never reaches a row.
      await expect(
        createChangeLog(database).write((tx) => repository.in(tx).update(stored._id, { level: 'guru' })),
      ).rejects.toThrow();
    } finally {
      await database.exec(`drop table ${certification.table}`);
    }
  });

  it('stores the new field kinds in their columns and reads them back as they were sent', async () => {
    const project = defineContentType({
      name: 'project',
      label: 'Project',
      plural: 'Projects',
      table: `projects_${randomBytes(4).toString('hex')}`,
      fields: {
        title: f.text('Title', { required: true, max: 120 }),
        completedOn: f.date('Completed on'),
        hours: f.number('Hours worked', { min: 1, max: 500 }),
        service: f.reference('Service', 'service', { by: 'id' }),
        steps: f.list('Steps', { title: f.text('Step', { required: true }), minutes: f.number('Minutes') }),
        open: f.weeklyHours('Opening hours'),
      },
      titleField: 'title',
      access: publicContent('service'),
      list: { order: 'position' },
      admin: { path: '/addProject', title: 'Projects', view: 'table', columns: ['title'] },
    }) as unknown as ContentTypeDef;
    const sql = contentTableSql(project);
    expect(sql).toContain('completed_on date,');
    expect(sql).toContain('hours integer check (hours between 1 and 500),');
    expect(sql).toContain('service uuid,');
    expect(sql).toContain("steps jsonb not null default '[]',");
    expect(sql).toContain("open jsonb not null default '{}'");
    await database.exec(sql);
    try {
      const repository = createContentRepository(database, project);
      const write = <T>(work: (records: ReturnType<typeof repository.in>) => Promise<T>) =>
        createChangeLog(database).write((tx) => work(repository.in(tx)));
      const blank = await write((records) => records.create({ title: 'Nothing yet' }));
      expect(blank).toMatchObject({ completedOn: null, hours: null, service: null, steps: [], open: {} });
      const values = {
        title: 'Shop wiring',
        // The last day of a month, where a day read as a Date in another zone would slip.
        completedOn: '2026-12-31',
        hours: 12,
        service: '0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90',
        steps: [
          { title: 'Survey', minutes: 30 },
          { title: 'Rewire', minutes: 240 },
        ],
        open: { monday: { opens: '09:00', closes: '18:00' }, sunday: { opens: '00:00', closes: '23:59' } },
      };
      const stored = await write((records) => records.create(values));
      expect(stored).toMatchObject(values);
      const read = await repository.findById(stored._id);
      expect(read).toMatchObject(values);
      expect(Object.keys(read!.open as object)).toEqual(['monday', 'sunday']);
      // The column holds the day itself, whatever zone the database session is in.
      const [row] = await database.query<{ day: string }>(
        `select completed_on::text as day from ${project.table} where id = $1`,
        [stored._id],
      );
      expect(row?.day).toBe('2026-12-31');
      // A number outside its bounds never reaches a row.
      await expect(write((records) => records.update(stored._id, { hours: 501 }))).rejects.toThrow();
    } finally {
      await database.exec(`drop table ${project.table}`);
    }
  });

  it('reports the column of a field of an added kind until a migration adds it, then passes', async () => {
    const table = `jobs_${randomBytes(4).toString('hex')}`;
    const jobs = (fields: ContentTypeDef['fields']) =>
      defineContentType({
        name: 'job',
        label: 'Job',
        plural: 'Jobs',
        table,
        fields: { title: f.text('Title', { required: true, max: 120 }), ...fields },
        titleField: 'title',
        access: publicContent('service'),
        list: { order: 'position' },
        admin: { path: '/addJob', title: 'Jobs', view: 'table', columns: ['title'] },
      }) as unknown as ContentTypeDef;
    // The kind's module alone (test-fixtures/field-kinds/percentage.ts) gives the field its column.
    const declared = await describeDeclared(database, jobs({ progress: percentageField('Progress') }));
    // The type as migrated before the field was declared.
    await database.exec(contentTableSql(jobs({})));
    try {
      const before = await describeTable(database, 'public', table);
      expect(before.columns).not.toEqual(declared.columns);
      const missing = declared.columns.filter(
        (column) => !before.columns.some((c) => c.name === column.name),
      );
      expect(missing).toEqual([{ name: 'progress', type: 'smallint', nullable: 'NO', default: '0' }]);
      expect(before.constraints).not.toEqual(declared.constraints);
      await database.exec(
        `alter table ${table} add column progress smallint not null default 0 check (progress between 0 and 100)`,
      );
      const after = await describeTable(database, 'public', table);
      expect(after.columns).toEqual(declared.columns);
      expect(after.constraints).toEqual(declared.constraints);
      expect(after.indexes).toEqual(declared.indexes);
    } finally {
      await database.exec(`drop table ${table}`);
    }
  });

  it('npm run migration:print prints the SQL the drift check compares with', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const run = (...args: string[]) =>
      spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/server/cli/print-migration.ts', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
    const printed = run('--', 'service');
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain(contentTableSql(contentTypesByName.get('service')!));
    const unknown = run('certificaton');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("No content type 'certificaton'");
  });
});

describe('a declared field named like a column the engine keeps', () => {
  const declare = (fields: Record<string, ReturnType<typeof f.text>>) =>
    defineContentType({
      name: 'clash',
      label: 'Clash',
      plural: 'Clashes',
      table: 'clashes',
      fields: { title: f.text('Title', { required: true, max: 120 }), ...fields },
      titleField: 'title',
      slugFrom: 'title',
      access: publicContent('service'),
      list: { order: 'position' },
      admin: { path: '/addClash', title: 'Clashes', view: 'table', columns: ['title'] },
    }) as unknown as ContentTypeDef;

  for (const name of ['version', 'updatedAt', 'deletedAt', 'sortOrder', 'createdAt', 'slug', 'id'])
    it(`stops the type's repository when a field is called ${name}`, () => {
      expect(() =>
        createContentRepository(database, declare({ [name]: f.text('Clash', { max: 10 }) })),
      ).toThrow(/clash: the field .* which the engine keeps itself/);
    });

  it('leaves a type whose fields take no such name alone', () => {
    expect(() =>
      createContentRepository(database, declare({ note: f.text('Note', { max: 10 }) })),
    ).not.toThrow();
  });
});

describe('a named order under filters', () => {
  const contactus = contentTypesByName.get('contactus')!;

  it('sorts by exactly the expressions its index is built on when no filter decides it', () => {
    const { rank, oldest } = rankedOrderSql(contactus, 'queue')!;
    expect(rankedOrderTerms(contactus, 'queue', { service: 'painting' })).toEqual([
      `(${rank})`,
      `(${oldest})`,
      'created_at desc',
      'id desc',
    ]);
  });

  it('leaves out a rank the filters fix, so the filter index orders the rows', () => {
    // No request past `new` is put first: newest first, as the (stage, service) index runs.
    expect(rankedOrderTerms(contactus, 'queue', { stage: 'contacted', service: 'painting' })).toEqual([
      'created_at desc',
      'id desc',
    ]);
    // Every urgent new request is in the first group: oldest first.
    expect(rankedOrderTerms(contactus, 'queue', { stage: 'new', urgent: true })).toEqual([
      'created_at',
      'id desc',
    ]);
    // New requests: urgent ones first, each group oldest first; nothing left over.
    expect(rankedOrderTerms(contactus, 'queue', { stage: 'new' })).toEqual([
      '(case when urgent = true then 0 else 1 end)',
      '(created_at)',
      'created_at desc',
      'id desc',
    ]);
  });
});
