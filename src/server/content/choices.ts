import type { ContentTypeDef } from '../../shared/content/define';
import { referenceMessage, selfReferenceMessage } from '../../shared/content/field-checks';
import type { Field, ReferenceField, UserField } from '../../shared/content/fields';
import { validationFailed } from '../errors';

/** What checking a choice needs from the modules app.ts hands in (content records, accounts). */
export interface ChoiceLookups {
  /** Whether a live record of a slugged type has this slug (a reference field by slug). */
  hasSlug(type: string, slug: string): Promise<boolean>;
  /** Whether a live record of a type has this id (a reference field by id). */
  hasId(type: string, id: string): Promise<boolean>;
  /** Whether this id names an approved staff account (a user field). */
  isApprovedStaff(id: string): Promise<boolean>;
}

/**
 * A reference must name a live record and a user an approved staff member: a made-up, trashed or
 * pending one is the client's 400, not a 500 nor a stored dangling id. So must each reference in
 * a list's rows, and its message names the row. A value the record already holds (`current`) is
 * not checked again, so a record whose service was trashed or whose assignee left can still be
 * saved whole. A record never names itself (a service among its own related services): the page
 * would link to the page it is on.
 */
export function createChoiceCheck(lookups: ChoiceLookups) {
  const namesLive = (field: ReferenceField | UserField, value: string) =>
    field.kind === 'user'
      ? lookups.isApprovedStaff(value)
      : field.by === 'id'
        ? lookups.hasId(field.to, value)
        : lookups.hasSlug(field.to, value);

  return async function checkChoices(
    def: Pick<ContentTypeDef, 'fields'> & { name?: string },
    values: Record<string, unknown>,
    current?: Record<string, unknown> | null,
  ): Promise<void> {
    /** What is wrong with a chosen value, or undefined when it names another live record. */
    const problemWith = async (field: ReferenceField | UserField, value: string) => {
      if (field.kind === 'reference' && isSelf(def, field, value, current))
        return selfReferenceMessage(field);
      return (await namesLive(field, value)) ? undefined : referenceMessage(field);
    };
    const problems: Record<string, string> = {};
    for (const [key, field] of Object.entries(def.fields)) {
      const value = values[key];
      if (field.kind === 'list' && Array.isArray(value)) {
        const problem = await listProblem(field.label, field.fields, value, current?.[key], problemWith);
        if (problem) problems[key] = problem;
        continue;
      }
      if (typeof value !== 'string' || (current && current[key] === value)) continue;
      if (field.kind !== 'reference' && field.kind !== 'user') continue;
      const problem = await problemWith(field, value);
      if (problem) problems[key] = problem;
    }
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
  };

  /** The first row of a list whose reference names nothing live (or the record itself), as its message. */
  async function listProblem(
    label: string,
    fields: Record<string, Field>,
    rows: unknown[],
    stored: unknown,
    problemWith: (field: ReferenceField, value: string) => Promise<string | undefined>,
  ): Promise<string | undefined> {
    const references = Object.entries(fields).filter(
      (entry): entry is [string, ReferenceField] => entry[1].kind === 'reference',
    );
    const storedRows = Array.isArray(stored) ? (stored as Record<string, unknown>[]) : [];
    for (const [index, row] of rows.entries()) {
      for (const [key, field] of references) {
        const value = (row as Record<string, unknown>)[key];
        if (typeof value !== 'string' || storedRows.some((kept) => kept?.[key] === value)) continue;
        const problem = await problemWith(field, value);
        if (problem) return `${label}, row ${index + 1}: ${problem}`;
      }
    }
    return undefined;
  }
}

/** Whether `value` names the record being edited: a reference by id to a record of its own type. */
function isSelf(
  def: { name?: string },
  field: ReferenceField,
  value: string,
  current: Record<string, unknown> | null | undefined,
): boolean {
  return (
    field.by === 'id' &&
    def.name !== undefined &&
    field.to === def.name &&
    typeof current?._id === 'string' &&
    current._id.toLowerCase() === value.toLowerCase()
  );
}

export type ChoiceCheck = ReturnType<typeof createChoiceCheck>;
