import type { ContentTypeDef } from '../../shared/content/define';
import type { Field } from '../../shared/content/fields';
import { kindOf } from '../../shared/content/kinds';
import { type ColumnType, quote } from '../../shared/content/kinds/kind';

/** Column name of a declared field: `serviceName` -> `service_name`. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One column of a content table, described once. Both the statements the repository writes and
 * the SQL a migration creates (`contentTableSql`) are rendered from these, and `table.test.ts`
 * compares the migrated database with that SQL, so a declaration and its table cannot drift apart.
 */
export interface ColumnSpec {
  /** The name the repository uses: the declared field name, or camelCase bookkeeping. */
  key: string;
  name: string;
  type: ColumnType;
  notNull: boolean;
  /** SQL expression; absent means the writer must always send a value. */
  default?: string;
  primaryKey?: boolean;
  unique?: boolean;
  /** SQL condition of the column's check constraint. */
  check?: string;
}

/** Columns every content table carries before its declared fields: written here and nowhere else. */
const bookkeepingColumns: readonly ColumnSpec[] = [
  { key: 'id', name: 'id', type: 'uuid', notNull: true, default: 'gen_random_uuid()', primaryKey: true },
  { key: 'sortOrder', name: 'sort_order', type: 'integer', notNull: true, default: '0' },
  { key: 'version', name: 'version', type: 'integer', notNull: true, default: '1' },
  { key: 'createdAt', name: 'created_at', type: 'timestamptz', notNull: true, default: 'now()' },
  { key: 'updatedAt', name: 'updated_at', type: 'timestamptz', notNull: true, default: 'now()' },
  { key: 'deletedAt', name: 'deleted_at', type: 'timestamptz', notNull: false },
];

/**
 * Columns of a type whose records are tracked by their sender (`intake.track`): the short reference,
 * the SHA-256 of the track link's token (to look it up) and the token sealed with the server's
 * secret box (to put the link in mails to the sender; decision 071). Null for rows older than
 * tracking (migration 0710), and the sealed token for rows older than 0720.
 */
const trackColumns: readonly ColumnSpec[] = [
  { key: 'reference', name: 'reference', type: 'text', notNull: false, unique: true },
  { key: 'trackTokenHash', name: 'track_token_hash', type: 'text', notNull: false, unique: true },
  { key: 'trackTokenSealed', name: 'track_token_sealed', type: 'text', notNull: false },
];

/**
 * The column of a type whose records can be urgent (`intake.urgent`): when the escalation of a
 * request still unanswered was claimed (and its mail queued in the same transaction), so it is
 * sent once by one instance. Null until then.
 */
const urgentColumns: readonly ColumnSpec[] = [
  { key: 'escalatedAt', name: 'escalated_at', type: 'timestamptz', notNull: false },
];

/**
 * The column of a type with versions (decision 109): when the values in the row were published,
 * null while the record is not on the site (created as a draft, or taken off). Every public read
 * asks for rows where it is set. A row written without it (the spec's create, the demo) is on the
 * site at once, as before drafts existed.
 */
const publicationColumns: readonly ColumnSpec[] = [
  { key: 'publishedAt', name: 'published_at', type: 'timestamptz', notNull: false, default: 'now()' },
];

/** A declared field's column: its kind says type, nullability, default and check (kinds/<kind>.ts). */
function fieldColumn(key: string, field: Field): ColumnSpec {
  const name = columnName(key);
  return { key, name, ...kindOf(field).column(field, name) };
}

/**
 * Every column of a content type's table, in the order a new migration creates them. A declared
 * field may not take the key or column of one the engine writes itself (a field \`version\` or
 * \`updatedAt\` would be overwritten by, or overwrite, the bookkeeping): such a declaration stops here.
 */
export function contentColumns(def: ContentTypeDef): ColumnSpec[] {
  const columns = allColumns(def);
  const seen = new Map<string, string>();
  for (const column of columns)
    for (const name of new Set([column.key, column.name])) {
      const earlier = seen.get(name);
      if (earlier)
        throw new Error(
          `${def.name}: the field "${column.key}" takes the name "${name}" of ${earlier === column.key ? 'another column' : `"${earlier}"`}, which the engine keeps itself; rename the field.`,
        );
      seen.set(name, column.key);
    }
  return columns;
}

function allColumns(def: ContentTypeDef): ColumnSpec[] {
  return [
    ...bookkeepingColumns,
    ...(def.slugFrom
      ? [{ key: 'slug', name: 'slug', type: 'text', notNull: true, unique: true } as const]
      : []),
    ...Object.entries(def.fields).map(([key, field]) => fieldColumn(key, field)),
    ...(def.intake?.track ? trackColumns : []),
    ...(def.intake?.urgent ? urgentColumns : []),
    ...(def.versions ? publicationColumns : []),
  ];
}

/**
 * The text a list's `?q=` searches: the declared search fields joined by spaces. The repository
 * builds the same join from the same columns; the trigram index must be on exactly this expression
 * or the planner cannot use it.
 */
const searchExpression = (def: ContentTypeDef) => (def.list.search ?? []).map(columnName).join(" || ' ' || ");

const sqlValue = (value: string | boolean) => (typeof value === 'boolean' ? String(value) : quote(value));

/**
 * A named order of the declaration (\`list.orders\`) as SQL: the group a row falls in (\`rank\`), the
 * time that orders a group oldest first (\`oldest\`, null for the rest), then newest first. The
 * repository sorts by exactly these expressions and the order's index is built on them, so the
 * planner walks the index instead of sorting the table.
 */
export function rankedOrderSql(def: ContentTypeDef, name: string): { rank: string; oldest: string } | null {
  const order = def.list.orders?.[name];
  if (!order) return null;
  return rankSql(
    order.first.map((group) => Object.entries(group) as Condition[]),
    true,
  );
}

type Condition = [key: string, value: string | boolean];

function rankSql(
  groups: Condition[][],
  restRemain: boolean,
  name: (key: string) => string = columnName,
): { rank: string; oldest: string } {
  const conditions = groups.map((group) =>
    group.map(([key, value]) => `${name(key)} = ${sqlValue(value)}`).join(' and '),
  );
  // A last group that always matches leaves no rest: it becomes the `else`.
  const whens = restRemain ? conditions : conditions.slice(0, -1);
  const rank = `case ${whens.map((condition, index) => `when ${condition} then ${index}`).join(' ')} else ${whens.length} end`;
  return {
    rank,
    oldest: restRemain ? `case when ${rank} < ${groups.length} then created_at end` : 'created_at',
  };
}

/**
 * A named order's sort terms for a list whose equality filters already decide some of its
 * conditions (`?stage=contacted`): a group the filters rule out is dropped, a condition they
 * guarantee is dropped from its group. The rows and their order are the same; but where the rank
 * no longer varies it is left out, so the planner walks the filter's own index (`list.indexes`,
 * ending in created_at desc, id desc) instead of sorting every matching row. Without filters that
 * touch the order, the terms are exactly those its index is built on.
 */
export function rankedOrderTerms(
  def: ContentTypeDef,
  name: string,
  fixed: Readonly<Record<string, string | boolean>>,
  /** How a field's column is written: bare as in the index, or quoted as the repository writes it. */
  column: (key: string) => string = columnName,
): string[] | null {
  const order = def.list.orders?.[name];
  if (!order) return null;
  const groups: Condition[][] = [];
  let restRemain = true;
  for (const group of order.first) {
    const conditions = Object.entries(group) as Condition[];
    if (conditions.some(([key, value]) => key in fixed && fixed[key] !== value)) continue;
    const open = conditions.filter(([key]) => !(key in fixed));
    groups.push(open);
    if (open.length === 0) {
      restRemain = false;
      break;
    }
  }
  const newest = ['created_at desc', 'id desc'];
  // Nothing the filters let through is put first: plain newest first.
  if (groups.length === 0) return newest;
  // Everything they let through falls in one first group: oldest first.
  if (groups.length === 1 && !restRemain) return ['created_at', 'id desc'];
  const { rank, oldest } = rankSql(groups, restRemain, column);
  return [`(${rank})`, `(${oldest})`, ...newest];
}

/** Indexes the declaration implies beyond the primary key and unique columns. */
function contentIndexes(def: ContentTypeDef): { name: string; sql: string }[] {
  const indexes: { name: string; sql: string }[] = [];
  const live = 'where deleted_at is null';
  if (def.uniqueField) {
    // One live row per value whatever its case; a trashed duplicate may wait to be purged.
    const name = `${def.table}_${columnName(def.uniqueField)}_live`;
    indexes.push({
      name,
      sql: `create unique index ${name} on ${def.table} (lower(${columnName(def.uniqueField)})) ${live}`,
    });
  }
  if (def.list.order === 'position') {
    // The display order, so a page of a long list (a staff screen's, `?page=`) is one index range
    // instead of a sort of every record.
    const name = `${def.table}_position`;
    indexes.push({
      name,
      sql: `create index ${name} on ${def.table} (sort_order, created_at, id) ${live}`,
    });
  }
  if (def.list.order === 'newest') {
    const name = `${def.table}_newest`;
    const by = def.list.newestBy ? `${columnName(def.list.newestBy)} desc nulls last, ` : '';
    indexes.push({
      name,
      sql: `create index ${name} on ${def.table} (${by}created_at desc, id desc) ${live}`,
    });
  }
  for (const keys of def.list.indexes ?? []) {
    const name = `${def.table}_${keys.map(columnName).join('_')}`;
    const columns = keys.map(columnName).join(', ');
    indexes.push({
      name,
      sql: `create index ${name} on ${def.table} (${columns}, created_at desc, id desc) ${live}`,
    });
  }
  for (const order of Object.keys(def.list.orders ?? {})) {
    const { rank, oldest } = rankedOrderSql(def, order)!;
    const name = `${def.table}_order_${columnName(order)}`;
    indexes.push({
      name,
      sql: `create index ${name} on ${def.table} ((${rank}), (${oldest}), created_at desc, id desc) ${live}`,
    });
  }
  // Paginated lists grow without bound (the inbox): their search needs a trigram index.
  if (def.list.paginated && def.list.search?.length) {
    const name = `${def.table}_search`;
    indexes.push({
      name,
      sql: `create index ${name} on ${def.table} using gin ((${searchExpression(def)}) gin_trgm_ops) ${live}`,
    });
  }
  // The escalation sweep looks only at urgent records not yet escalated: a small slice of the inbox.
  const urgent = def.intake?.urgent;
  if (urgent) {
    const name = `${def.table}_urgent_open`;
    indexes.push({
      name,
      sql: `create index ${name} on ${def.table} (created_at) where ${columnName(urgent.flag)} and escalated_at is null and deleted_at is null`,
    });
  }
  return indexes;
}

function columnSql(column: ColumnSpec): string {
  return [
    column.name,
    column.type,
    column.primaryKey ? 'primary key' : column.notNull ? 'not null' : '',
    column.unique ? 'unique' : '',
    column.default === undefined ? '' : `default ${column.default}`,
    column.check ? `check (${column.check})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The SQL that creates a content type's table and indexes, as a new migration would hold it
 * (`npm run migration:print -- <type>`). `table.test.ts` runs it beside the migrated table and
 * compares the two through the catalog.
 */
export function contentTableSql(def: ContentTypeDef): string {
  const lines = [
    `create table ${def.table} (`,
    contentColumns(def)
      .map((column) => `  ${columnSql(column)}`)
      .join(',\n'),
    ');',
  ];
  const indexes = contentIndexes(def);
  if (indexes.some((index) => index.sql.includes('gin_trgm_ops')))
    lines.push('create extension if not exists pg_trgm;');
  for (const index of indexes) lines.push(`${index.sql};`);
  return `${lines.join('\n')}\n`;
}
