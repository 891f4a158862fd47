import { textKind } from './text';

/** Paragraphs of plain text: a description, a message. */
export const longText = textKind((field) => `${field.label}: a few plain sentences.`);
