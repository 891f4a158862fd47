import type { ContentTypeDef } from '../../shared/content/define';

/**
 * A declared label as it reads inside a sentence or after a verb: 'Service Center' becomes
 * 'service center'. The declarations keep their capitals (API documents and server messages start
 * with them); the admin area writes its buttons and titles in sentence case (docs/decisions/104).
 * An acronym (CSV, API, CCTV) keeps its capitals.
 */
export function inSentence(label: string): string {
  return label
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** The list screen's add button and the title of the dialog it opens: 'Add service center'. */
export const addLabel = (def: Pick<ContentTypeDef, 'label'>) => `Add ${inSentence(def.label)}`;

/** The title of the dialog that edits a record: 'Edit client'. */
export const editLabel = (def: Pick<ContentTypeDef, 'label'>) => `Edit ${inSentence(def.label)}`;
