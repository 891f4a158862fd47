import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { schemasFor, slugSchema } from '../../shared/content/schema';
import { settings } from '../../shared/content/settings';
import { client, contactus, gallery, service, servicecenter, testimonial } from '../../shared/content/types';
import { formFields, initialValues, payloadFor, recordFormFields, validateValues } from './form-model';

describe('the generic admin form', () => {
  it('shows only the fields a person may send, and a message status only when editing', () => {
    expect(formFields(contactus.fields, 'create').map(([name]) => name)).toEqual([
      'name',
      'phone',
      'email',
      'service',
      'urgent',
      'message',
      'area',
      'address',
      'location',
      'preferredTime',
    ]);
    expect(formFields(contactus.fields, 'update').map(([name]) => name)).toContain('status');
    expect(formFields(contactus.fields, 'update').map(([name]) => name)).toContain('stage');
  });

  it("gives the spec's messages for empty, malformed e-mail and short phone values", () => {
    const entries = formFields(contactus.fields, 'create');
    const errors = validateValues(entries, { name: '', email: 'nope', phone: '12345', message: ' ' });
    expect(errors).toEqual({
      name: 'Name is required.',
      email: 'Invalid email address.',
      phone: 'Phone number must be exactly 11 digits.',
      message: 'Message is required.',
    });
  });

  it('accepts a complete client and starts an empty form with empty values', () => {
    const entries = formFields(client.fields, 'create');
    expect(initialValues(entries)).toEqual({ name: '', work: '', phone: '', address: '', images: [] });
    const values = { name: ' Acme ', phone: '03001234567', address: 'Main road', images: ['/media/x.webp'] };
    expect(validateValues(entries, values)).toEqual({});
    expect(payloadFor(entries, values).name).toBe('Acme');
  });

  it('prefills an edit with the stored values and defaults for what is missing', () => {
    const entries = formFields(testimonial.fields, 'update');
    const values = initialValues(entries, { name: 'Sara', position: 'Owner', text: 'Great', image: null });
    expect(values).toMatchObject({ name: 'Sara', rating: 5, image: '' });
    expect(formFields(gallery.fields, 'create').map(([name]) => name)).toEqual(['title', 'images']);
  });

  it('validates the site settings from their declaration', () => {
    const entries = formFields(settings.fields, 'update');
    const errors = validateValues(entries, { ...initialValues(entries), facebookUrl: 'facebook' });
    expect(errors.companyName).toBe('Company name is required.');
    expect(errors.facebookUrl).toMatch(/https:\/\//);
  });
});

describe("a record's web address in its form", () => {
  const serviceForm = (mode: 'create' | 'update') => recordFormFields(service, mode);

  it('is edited on an existing record of a type whose address may change, after the field it was made from', () => {
    const names = serviceForm('update').map(([name]) => name);
    expect(names.slice(0, 2)).toEqual(['title', 'slug']);
    const [, field] = serviceForm('update')[1]!;
    expect(field).toMatchObject({ label: 'Web address', required: true, prefix: '/services/' });
    expect(field.help).toMatch(/old address keeps working/);
    expect(recordFormFields(servicecenter, 'update').find(([name]) => name === 'slug')?.[1]).toMatchObject({
      prefix: '/serviceCenter/',
    });
  });

  it('is made from the title on create, and types without an address of their own have none', () => {
    expect(serviceForm('create').map(([name]) => name)).not.toContain('slug');
    expect(recordFormFields(client, 'update').map(([name]) => name)).not.toContain('slug');
    expect(recordFormFields(client, 'update')).toEqual(formFields(client.fields, 'update'));
  });

  it('is checked with the schema the server checks a changed address with, not a copy', () => {
    const [, , rule] = serviceForm('update').find(([name]) => name === 'slug')!;
    const serverRule = schemasFor(service).update.shape.slug as z.ZodOptional<z.ZodType>;
    expect(rule).toBe(slugSchema);
    expect(serverRule.unwrap()).toBe(slugSchema);
  });

  it('gives the server’s messages for an address it would refuse, and none for a good one', () => {
    const entries = serviceForm('update');
    const values = initialValues(entries, { title: 'AC repair', slug: 'ac-repair' });
    expect(validateValues(entries, values).slug).toBeUndefined();
    for (const slug of ['AC Repair', 'ac--repair', '-ac', '', 'ac_repair', 'a'.repeat(101)])
      expect(validateValues(entries, { ...values, slug }).slug, slug).toBe(
        slugSchema.safeParse(slug).error?.issues[0]?.message,
      );
    expect(validateValues(entries, { ...values, slug: 'AC Repair' }).slug).toMatch(/lower-case letters/);
    expect(payloadFor(entries, { ...values, slug: ' ac-repair-2 ' }).slug).toBe('ac-repair-2');
  });
});
