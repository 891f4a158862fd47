import { textKind } from './text';

/** One e-mail address, checked with the spec's pattern. */
export const email = textKind(() => 'name@example.com');
