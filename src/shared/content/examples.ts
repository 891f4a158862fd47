import type { ContentTypeDef } from './define';
import type { Field } from './fields';

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
  if (def.slugFrom) record.slug = slugOf(String(record[def.slugFrom]));
  if (def.intake?.track) record.reference = `${def.intake.track.prefix}-7Q3K`;
  return { create, record };
}

function exampleValue(field: Field): unknown {
  switch (field.kind) {
    case 'text':
      return field.label.slice(0, field.max ?? 120);
    case 'longText':
      return `${field.label}: a few plain sentences.`;
    case 'email':
      return 'name@example.com';
    case 'phone':
      return '03001234567';
    case 'url':
      return 'https://www.example.com/';
    case 'image':
      return '/api/media/0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90/800.webp';
    case 'images':
      return ['/api/media/0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a90/800.webp'];
    case 'select':
      return field.defaultValue;
    case 'rating':
      return 5;
    case 'boolean':
      return false;
    case 'emailList':
      return [];
    case 'reference':
      // Staff choose it from a list; an example that must name one names an id or a slug.
      if (!field.required) return null;
      return field.by === 'id' ? '0b6f4c1e-5d3a-4c8e-9a57-2f1d8e6b7a91' : 'air-conditioning';
    case 'dateTime':
    case 'user':
      return null;
    case 'date':
      return '2026-05-04';
    case 'number':
      return field.min;
    case 'list':
      return [Object.fromEntries(Object.entries(field.fields).map(([key, sub]) => [key, exampleValue(sub)]))];
    case 'weeklyHours':
      return {
        monday: { opens: '09:00', closes: '18:00' },
        saturday: { opens: '10:00', closes: '14:00' },
      };
  }
}

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
