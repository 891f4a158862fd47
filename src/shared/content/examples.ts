import { slugify } from '../constants';
import type { ContentTypeDef } from './define';
import type { Field } from './fields';
import { kindOf } from './kinds';

/**
 * What the API document shows as a type's example: a record and a body that creates one, made from
 * the declaration like everything else, so an eleventh type has its examples too. Values satisfy
 * the field rules (examples.test.ts parses them with the shared schemas).
 */
export function examplesFor(def: ContentTypeDef): {
  create: Record<string, unknown>;
  record: Record<string, unknown>;
} {
  const entries = Object.entries(def.fields);
  const create = Object.fromEntries(
    entries.filter(([, field]) => field.input === 'always').map(([key, field]) => [key, exampleValue(field)]),
  );
  const record: Record<string, unknown> = {
    _id: '0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90',
    createdAt: '2026-05-04T09:30:00.000Z',
    updatedAt: '2026-05-04T09:30:00.000Z',
    version: 1,
    sortOrder: 0,
    ...Object.fromEntries(entries.map(([key, field]) => [key, exampleValue(field)])),
  };
  if (def.slugFrom) record.slug = slugify(String(record[def.slugFrom]));
  if (def.intake?.track) record.reference = `${def.intake.track.prefix}-7Q3K`;
  return { create, record };
}

/** A value of the field that satisfies its rule: its kind's example (kinds/<kind>.ts). */
const exampleValue = (field: Field): unknown => kindOf(field).example(field);
