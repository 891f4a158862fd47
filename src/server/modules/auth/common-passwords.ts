import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The 3,000 most common passwords of 8 or more characters, lower-cased, most common first, one a
 * line in `common-passwords.txt` (the build copies it next to the server bundle, like the
 * migrations). Derived from SecLists' Passwords/Common-Credentials/10-million-password-list-top-1000000.txt
 * (Daniel Miessler, CC BY-SA 3.0): entries shorter than 8 characters are already refused by the
 * length rule, so the list keeps the next ones instead. Compared case-insensitively (ASVS 6.2.4).
 */
const COMMON_PASSWORDS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

let common: Set<string> | undefined;

/**
 * Is this password among the most common ones? The list is read on first use, not at start: most
 * processes (a restart, a backup) never check a password. A missing file throws rather than
 * letting every password through.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(fs.readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}
