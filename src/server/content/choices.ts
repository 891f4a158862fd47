import type { ContentTypeDef } from '../../shared/content/define';
import { referenceMessage } from '../../shared/content/field-checks';
import { validationFailed } from '../errors';

/** What checking a choice needs from the modules app.ts hands in (content records, accounts). */
export interface ChoiceLookups {
  /** Whether a live record of a slugged type has this slug (a reference field). */
  hasSlug(type: string, slug: string): Promise<boolean>;
  /** Whether this id names an approved staff account (a user field). */
  isApprovedStaff(id: string): Promise<boolean>;
}

/**
 * A reference must name a live record and a user an approved staff member: a made-up, trashed or
 * pending one is the client's 400, not a 500 nor a stored dangling id. A value equal to what the
 * record already holds (`current`) is not checked again, so a record whose service was trashed or
 * whose assignee left can still be saved whole.
 */
export function createChoiceCheck(lookups: ChoiceLookups) {
  return async function checkChoices(
    def: ContentTypeDef,
    values: Record<string, unknown>,
    current?: Record<string, unknown> | null,
  ): Promise<void> {
    const problems: Record<string, string> = {};
    for (const [key, field] of Object.entries(def.fields)) {
      const value = values[key];
      if (typeof value !== 'string' || (current && current[key] === value)) continue;
      if (field.kind === 'reference' && !(await lookups.hasSlug(field.to, value)))
        problems[key] = referenceMessage(field);
      if (field.kind === 'user' && !(await lookups.isApprovedStaff(value)))
        problems[key] = referenceMessage(field);
    }
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
  };
}

export type ChoiceCheck = ReturnType<typeof createChoiceCheck>;
