import type { ContentTypeDef } from '../../../shared/content/define';
import type { Field, FieldKind } from '../../../shared/content/fields';
import { contentTypesByName } from '../../../shared/content/types';
import { columnName } from '../../content/table';
import type { Database } from '../../db/client';
import { sqlIdentifier } from '../../db/identifiers';

/**
 * Remember that `recordId` of `resource` is demo content, and its row as the seed wrote it, in the
 * seed's own transaction: the checklist compares the record with it (decision 099).
 */
export async function markDemoRecord(tx: Database, resource: string, recordId: string): Promise<void> {
  const def = contentTypesByName.get(resource);
  if (!def) throw new Error(`Demo content of no declared type: ${resource}`);
  await tx.query(
    `insert into demo_records (resource, record_id, seeded)
     select $1, t.id::text, to_jsonb(t) from ${sqlIdentifier(def.table)} t where t.id::text = $2
     on conflict do nothing`,
    [resource, recordId],
  );
}

const WORDS: readonly FieldKind[] = ['longText'];
const PICTURES: readonly FieldKind[] = ['image', 'images'];

/** Words are long texts; pictures are images, and a list whose rows hold one (the gallery's). */
const isWords = (field: Field) => WORDS.includes(field.kind);
const isPictures = (field: Field) =>
  PICTURES.includes(field.kind) ||
  (field.kind === 'list' && Object.values(field.fields).some((sub) => sub.kind === 'image'));

/**
 * The SQL condition under which the demo record `d` of `def` (row `t`) still says the demo's:
 * its title is the seeded one, or its words (every long text: a description, an address, a
 * testimonial) and its pictures all are. A record the seed did not keep (none since 0940) is the
 * demo's while it lives. Column names go in as parameters, pushed onto `params`.
 */
function stillDemo(def: ContentTypeDef, params: unknown[]): string {
  const same = (key: string) => {
    const column = `$${params.push(columnName(key))}::text`;
    return `d.seeded->${column} is not distinct from to_jsonb(t)->${column}`;
  };
  const of = (kind: (field: Field) => boolean) =>
    Object.entries(def.fields)
      .filter(([key, field]) => key !== def.titleField && kind(field))
      .map(([key]) => same(key));
  const wordsAndPictures = [...of(isWords), ...of(isPictures)];
  return `(d.seeded is null or ${same(def.titleField)} or (${wordsAndPictures.join(' and ') || 'true'}))`;
}

/** Whether a live service center has an emergency line (its 24/7 number). */
export async function anyEmergencyLine(database: Database): Promise<boolean> {
  const [row] = await database.query<{ found: boolean }>(
    `select exists (select 1 from service_centers where deleted_at is null and emergency_phone <> '') as found`,
  );
  return row?.found === true;
}

/** Mail that has failed at least once and waits: how much, and the newest error. */
export async function failingMail(
  database: Database,
): Promise<{ waiting: number; lastError: string | null }> {
  const [row] = await database.query<{ waiting: number; lastError: string | null }>(
    `select count(*)::int as waiting,
            (array_agg(last_error order by next_attempt_at desc))[1] as "lastError"
       from mail_outbox where sent_at is null and attempts > 0 and last_error is not null`,
  );
  return { waiting: row?.waiting ?? 0, lastError: row?.lastError ?? null };
}

/**
 * The demo records of one type that are live and still the demo's: the first `limit` titles,
 * oldest first, and how many there are.
 */
export interface DemoRecords {
  def: ContentTypeDef;
  titles: string[];
  count: number;
}

/**
 * The demo records of every type that are live and still the demo's, in one statement (the
 * dashboard asks again whenever a request changes). Types without any are left out.
 */
export async function liveDemoRecords(
  database: Database,
  defs: readonly ContentTypeDef[],
  limit: number,
): Promise<DemoRecords[]> {
  const params: unknown[] = [limit];
  const perType = defs.map(
    (def, index) =>
      `(select ${index} as type, t.${sqlIdentifier(columnName(def.titleField))}::text as name,
               count(*) over ()::int as n
          from demo_records d join ${sqlIdentifier(def.table)} t on t.id::text = d.record_id and t.deleted_at is null
         where d.resource = $${params.push(def.name)} and ${stillDemo(def, params)}
         order by t.created_at limit $1)`,
  );
  const rows = await database.query<{ type: number; name: string; n: number }>(
    perType.join(' union all '),
    params,
  );
  return defs.flatMap((def, index) => {
    const named = rows.filter((row) => row.type === index);
    return named.length ? [{ def, titles: named.map((row) => row.name), count: named[0]!.n }] : [];
  });
}
