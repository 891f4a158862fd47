/** The names the declarations produce: lower-case snake case, nothing a quote could hide in. */
const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A table, column or channel name for SQL text, where a parameter cannot stand, double-quoted.
 * Such names come from declarations (a content type's table, a field's column), never from a
 * request; the check makes a bad declaration fail loudly instead of reaching the database as text,
 * and the quotes keep a plain name that is also a keyword (`user`, `order`) a name.
 */
export function sqlIdentifier(name: string): string {
  if (!PLAIN_IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Any name read from the catalog (a backup's tables and columns), quoted so it is only ever a name. */
export const quotedIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
