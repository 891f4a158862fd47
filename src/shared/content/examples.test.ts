import { describe, expect, it } from 'vitest';
import { examplesFor } from './examples';
import { schemasFor } from './schema';
import { contentTypes } from './types';

describe("the API document's examples", () => {
  it.each(contentTypes.map((def) => [def.name, def] as const))('of %s pass its own schemas', (_name, def) => {
    const { create, record } = examplesFor(def);
    const schemas = schemasFor(def);
    expect(schemas.create.safeParse(create).error?.issues).toBeUndefined();
    expect(schemas.record.safeParse(record).error?.issues).toBeUndefined();
  });
});
