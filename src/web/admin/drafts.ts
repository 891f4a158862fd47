import {
  type AccessRule,
  type ContentTypeDef,
  PUBLICATION_STATUSES,
  type PublicationMeta,
  type PublicationStatus,
} from '../../shared/content/define';
import type { Field } from '../../shared/content/fields';
import { mayCall, ROLE_DECLARATIONS, rolesMayCall } from '../../shared/permissions';
import type { Role } from '../../shared/roles';
import { ADDRESS_KEY, draftValueLabel } from './address-field';
import { formatClock, formatWhen } from './format';

/**
 * The rules of editing a type declared with `versions: { drafts: true }` in the admin, apart from
 * React (draft-editor.tsx draws them): who may publish, how a record's standing reads, when a draft
 * saves itself, and what changed since a kept version.
 */

/** How long after the last keystroke a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;

/** Whether the type's records are edited as drafts before they are published. */
export const hasDrafts = (def: ContentTypeDef): boolean => def.versions?.drafts === true;

/** The rule for publishing the type's records; none for a type without drafts. */
export const publishRule = (def: ContentTypeDef): AccessRule | null =>
  hasDrafts(def) ? (def.access.publish ?? null) : null;

export function mayPublish(role: Role | null | undefined, def: ContentTypeDef): boolean {
  const rule = publishRule(def);
  return rule !== null && mayCall(role, rule);
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * For someone who may save drafts but not publish them, who does publish, from the roles holding
 * the right: 'An admin or an editor puts them on the site.'
 */
export function publishersLine(rule: AccessRule): string {
  const names = rolesMayCall(rule).map((role) => withArticle(ROLE_DECLARATIONS[role].label.toLowerCase()));
  const who =
    names.length <= 1
      ? (names[0] ?? 'an admin')
      : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `Your changes are kept as a draft. ${who.charAt(0).toUpperCase()}${who.slice(1)} puts them on the site.`;
}

/** The publication members of a staff read, when the record carries them. */
export function publicationOf(record: Record<string, unknown> | null | undefined): PublicationMeta | null {
  const status = record?.status;
  if (typeof status !== 'string' || !(PUBLICATION_STATUSES as readonly string[]).includes(status))
    return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const draft = record?.draft as PublicationMeta['draft'] | undefined;
  return {
    status: status as PublicationStatus,
    publishedAt: text(record?.publishedAt),
    publishAt: text(record?.publishAt),
    draft: draft && typeof draft === 'object' ? draft : null,
  };
}

export const STATUS_LABELS: Record<PublicationStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  changed: 'Published with unpublished changes',
};

/** Where a record stands, in words: its status and, when scheduled, the time in the site's zone. */
export function statusWords(meta: Pick<PublicationMeta, 'status' | 'publishAt'>): {
  label: string;
  when: string | null;
} {
  return {
    label: STATUS_LABELS[meta.status],
    when: meta.status === 'scheduled' && meta.publishAt ? formatWhen(meta.publishAt) : null,
  };
}

/** A line about the record's standing for the top of its form. */
export function standingLine(meta: PublicationMeta): string {
  const parts: string[] = [];
  if (meta.status === 'draft') parts.push('Not on the site yet.');
  else if (meta.publishedAt) parts.push(`On the site since ${formatWhen(meta.publishedAt)}.`);
  if (meta.status === 'scheduled' && meta.publishAt) {
    parts.push(`The draft goes on the site ${formatWhen(meta.publishAt)}.`);
  }
  return parts.join(' ');
}

/** What the draft's line says: saving, saved at a time of day, or not saved. */
export type DraftSave =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed' };

export function draftSaveLine(save: DraftSave): string {
  switch (save.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving draft…';
    case 'saved':
      return `Draft saved at ${formatClock(save.at)}`;
    case 'failed':
      // The reason is the form's own line (a stale edit, an ended session, the server's words).
      return 'Draft not saved.';
  }
}

export interface AutosaveFacts {
  /** The record exists: a new one is stored by its first Save draft or Publish, not by typing. */
  stored: boolean;
  /** Its values differ from those last saved. */
  dirty: boolean;
  /** The browser's checks refuse them (or an upload is under way). */
  invalid: boolean;
  /** A save is on its way. */
  saving: boolean;
  /** Saving stopped until the person acts: a stale edit (409), an ended session. */
  stopped: boolean;
  /** The values as they are now, and those a failed save sent. */
  snapshot: string;
  failedSnapshot: string | null;
}

/**
 * Whether to save the draft once typing has paused: `due` (save after AUTOSAVE_DELAY_MS), `after`
 * (a save is running: decide again when it ends, never two at once), or `no`.
 */
export function autosaveDecision(facts: AutosaveFacts): 'due' | 'after' | 'no' {
  if (!facts.stored || facts.stopped || !facts.dirty || facts.invalid) return 'no';
  // The same values failing again would fail again: wait for the person to change something.
  if (facts.snapshot === facts.failedSnapshot) return 'no';
  return facts.saving ? 'after' : 'due';
}

/** Whether Publish has anything to put on the site. */
export const hasUnpublished = (meta: PublicationMeta | null, dirty: boolean): boolean =>
  dirty || meta === null || meta.status !== 'published';

/** A kept version's change of one field. */
export interface FieldDifference {
  name: string;
  label: string;
  field: Field | undefined;
  before: unknown;
  after: unknown;
}

/**
 * The fields whose values differ between a kept version (`before`) and the record now (`after`),
 * in the declaration's order. An empty text, an empty list and no value are the same nothing.
 */
export function differences(
  def: ContentTypeDef,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldDifference[] {
  const names = Object.keys(def.fields).filter((name) => def.fields[name]!.input !== 'never');
  if (def.slugFrom) names.push(ADDRESS_KEY);
  return names
    .filter((name) => name in before || name in after)
    .filter((name) => canonical(before[name]) !== canonical(after[name]))
    .map((name) => ({
      name,
      label: draftValueLabel(def, name),
      field: def.fields[name],
      before: before[name],
      after: after[name],
    }));
}

/** A value as comparable text: keys sorted, and every kind of nothing alike. */
function canonical(value: unknown): string {
  return JSON.stringify(normalized(value));
}

function normalized(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(normalized);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, normalized(inner)] as const)
      .filter(([, inner]) => inner !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.length === 0 ? null : Object.fromEntries(entries);
  }
  return value;
}

/** How a field's change is shown: words added and removed, pictures side by side, or a line. */
export function differenceView(field: Field | undefined): 'words' | 'pictures' | 'line' {
  if (field?.kind === 'longText') return 'words';
  if (field?.kind === 'image' || field?.kind === 'images') return 'pictures';
  return 'line';
}

/** The addresses of a picture field's value, one or many. */
export function picturesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  return Array.isArray(value)
    ? value.filter((url): url is string => typeof url === 'string' && url !== '')
    : [];
}
