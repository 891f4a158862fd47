/**
 * Print the SQL migration that creates a content type's table from its declaration:
 *   npm run migration:print -- certification > src/server/db/migrations/0600_certifications.sql
 * The output is what `content/table.test.ts` compares every migrated table with, so a printed
 * migration passes that check as it is. Columns added to an existing type still need a
 * hand-written `alter table` (the test then says whether it matches the declaration).
 */
import { contentTypes } from '../../shared/content/types';
import { contentTableSql } from '../content/table';

const wanted = process.argv.slice(2).filter((arg) => arg !== '--');
const known = contentTypes.map((def) => def.name);
if (wanted.length === 0) {
  console.error(`Usage: npm run migration:print -- <type>...\nTypes: ${known.join(', ')}`);
  process.exit(2);
}
for (const name of wanted) {
  const def = contentTypes.find((type) => type.name === name || type.table === name);
  if (!def) {
    console.error(`No content type '${name}'. Types: ${known.join(', ')}`);
    process.exit(2);
  }
  console.log(`-- ${def.plural}: derived from the declaration '${def.name}' (npm run migration:print).`);
  console.log(contentTableSql(def));
}
