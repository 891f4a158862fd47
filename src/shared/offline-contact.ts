/**
 * The company's numbers as one small file the service worker keeps (docs/decisions/098): a page
 * read offline, kept days ago, dials the number the settings say now, not the one it was
 * rendered with. The file is tagged (ETag), so keeping it fresh costs a 304 while nothing changed.
 * No schema here: the islands and the service worker import this, and ship no zod (its schema is
 * the route's, on the server).
 */
export const OFFLINE_CONTACT_PATH = '/offline-contact.json';

export interface OfflineContact {
  phone: string;
  chatNumber: string;
}
