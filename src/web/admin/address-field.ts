import type { ContentTypeDef } from '../../shared/content/define';
import { f } from '../../shared/content/fields';
import { addressPrefix, hasMovableAddress, slugSchema } from '../../shared/content/schema';
import type { FieldEntry } from './form-model';

/**
 * A record's web address (its `slug`, decision 109). No declaration lists it, but staff edit it,
 * compare it between versions and read it in the audit log as a field, under this one name.
 */
export const ADDRESS_LABEL = 'Web address';
export const ADDRESS_KEY = 'slug';

/**
 * The web address as a form field, checked with the schema the server checks it with; none for a
 * type whose addresses never change (made once from the title, or no page of their own).
 */
export function addressEntry(def: ContentTypeDef): FieldEntry | null {
  if (!hasMovableAddress(def)) return null;
  const field = f.text(ADDRESS_LABEL, {
    required: true,
    input: 'updateOnly',
    prefix: addressPrefix(def) ?? undefined,
    help: 'Changes when you publish. The old address keeps working: it sends visitors and search engines on to the new one.',
  });
  return [ADDRESS_KEY, field, slugSchema];
}

/** The name staff read for a value a draft or a version holds: its field's label, or the address's. */
export const draftValueLabel = (def: ContentTypeDef, name: string): string =>
  def.fields[name]?.label ?? (name === ADDRESS_KEY ? ADDRESS_LABEL : name);
