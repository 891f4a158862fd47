import { textKind } from './text';

/** A link: a full `https://` address or one on this site (`/services`). */
export const url = textKind(() => 'https://www.example.com/');
