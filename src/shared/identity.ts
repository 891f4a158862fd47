/**
 * The one form in which an identity (a username, an e-mail address) is compared, counted, looked
 * up and kept unique: NFKC, then one case folding, then NFKC again (decision 010, "One canonical
 * form for every identity"). Every spelling that folds alike is the same account, and the same
 * key of every limit; the database compares the stored form with `=` and never lowers a column.
 *
 * The folding is lower, upper, lower: `ß`, `ẞ` and `SS` become `ss`, final and medial sigma meet,
 * fullwidth letters, ligatures, the Kelvin sign and the long s fall to their plain letters (NFKC),
 * and the dotless `ı` folds to `i`; the dotted capital `İ` folds, as in Unicode's own full folding,
 * to `i` with a combining dot, which is a different identity from `i`. Applying it twice changes
 * nothing (a test walks every code point).
 */
export function canonicalIdentity(value: string): string {
  return value.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC').trim();
}
