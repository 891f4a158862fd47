import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { slugify, truncateWords } from '../constants';
import { fieldErrors, schemasFor } from './schema';
import { client, contactus, contentTypes, service } from './types';

describe('shared schemas', () => {
  it('name the first problem of each field with the spec messages', () => {
    const result = schemasFor(contactus).create.safeParse({
      name: '  ',
      email: 'x@',
      phone: '12',
      message: '',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Name is required.',
      email: 'Invalid email address.',
      phone: 'Phone number must be exactly 11 digits.',
      message: 'Message is required.',
    });
  });

  it('trim text, default optional fields and drop unknown keys', () => {
    const parsed = schemasFor(service).create.parse({
      title: '  AC  ',
      description: 'd',
      serviceName: 'cctv',
      extra: 1,
    });
    expect(parsed).toEqual({
      title: 'AC',
      description: 'd',
      serviceName: 'cctv',
      icon: '',
      images: [],
      summary: '',
      calloutPrice: null,
      nightPrice: null,
      warranty: '',
      price: '',
      duration: '',
      steps: [],
      faqs: [],
      related: [],
    });
  });

  it('let an update name only what changes', () => {
    expect(schemasFor(client).update.parse({ name: 'New' })).toEqual({ name: 'New' });
    expect(schemasFor(contactus).update.parse({ status: 'read' })).toEqual({ status: 'read' });
    expect(
      schemasFor(contactus).create.parse({
        name: 'a',
        email: 'a@b.co',
        phone: '03001234567',
        message: 'm',
        status: 'read',
      }),
    ).not.toHaveProperty('status');
  });

  it('truncate to words with "..." and make slugs', () => {
    expect(truncateWords('one two three four five six', 5)).toBe('one two three four five…');
    expect(truncateWords('one two', 5)).toBe('one two');
    expect(slugify('AC Repair & Gas Refilling!')).toBe('ac-repair-gas-refilling');
    expect(slugify('***')).toBe('item');
  });
});

describe('the record schema behind the declared record types', () => {
  // schemasFor types `record` as ContentRecord<D> (so the admin infers its shapes from it); the
  // schema is built at run time, so its keys are checked against the declaration here.
  it.each(contentTypes.map((def) => [def.name, def] as const))(
    '%s: one key per field, plus the bookkeeping',
    (_name, def) => {
      const shape = (schemasFor(def).record as z.ZodObject).shape;
      const expected = ['_id', 'createdAt', 'updatedAt', 'version', 'sortOrder', ...Object.keys(def.fields)];
      if (def.slugFrom) expected.push('slug');
      if (def.intake?.track) expected.push('reference');
      if (def.intake?.photos) expected.push('photos', 'photoCount');
      // Where a record stands between its draft and the site: its editors read it (decision 109).
      if (def.versions) expected.push('status', 'publishedAt', 'publishAt', 'draft');
      expect(Object.keys(shape).sort()).toEqual(expected.sort());
      for (const [key, field] of Object.entries(def.fields))
        expect(shape[key]!.safeParse(undefined).success, key).toBe(Boolean(field.staffOnly));
    },
  );
});
