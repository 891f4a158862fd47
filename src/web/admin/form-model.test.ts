import { describe, expect, it } from 'vitest';
import { settings } from '../../shared/content/settings';
import { client, contactus, gallery, testimonial } from '../../shared/content/types';
import { formFields, initialValues, payloadFor, validateValues } from './form-model';

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
