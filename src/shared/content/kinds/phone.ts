import { textKind } from './text';

/** A phone number, stored as the 11 digits the rule judges however it was typed. */
export const phone = textKind(() => '03001234567');
