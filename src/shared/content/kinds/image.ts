import { textKind } from './text';

/** The address of one uploaded image (or any link to one), stored as text like a link. */
export const image = textKind(() => '/api/media/0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90/800.webp');
