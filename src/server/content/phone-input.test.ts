import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

/** Numbers as visitors type them are stored as the 11 digits the spec's rule judges. */
const t = await createTestApp({ ssr: true });

const storedPhone = async (email: string) => {
  const rows = await t.database.query<{ phone: string }>(
    'select phone from contact_messages where email = $1',
    [email],
  );
  return rows.map((row) => row.phone);
};

describe('phone numbers as people type them', () => {
  it('POST /api/contactus stores +92 300 1234567 as 03001234567', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Amina', email: 'amina@example.com', phone: '+92 300 1234567', message: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().phone).toBe('03001234567');
    expect(await storedPhone('amina@example.com')).toEqual(['03001234567']);
  });

  it('still refuses a number that is not 11 digits once normalised, storing nothing', async () => {
    for (const phone of ['+92 300 123456', '+1 212 555 0123', '0300-ABCDEFG']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        payload: { name: 'Bilal', email: 'bilal@example.com', phone, message: 'Hello' },
      });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().fields.phone).toBe('Phone number must be exactly 11 digits.');
    }
    expect(await storedPhone('bilal@example.com')).toEqual([]);
  });

  it('normalises the phone in the site settings too', async () => {
    const auth = await t.signIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { phone: '0092 300 7654321' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone).toBe('03007654321');
  });

  it('the no-JavaScript contact form takes 0300 123 4567', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Chanda',
        email: 'chanda@example.com',
        phone: '0300 123 4567',
        message: 'Hello',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPhone('chanda@example.com')).toEqual(['03001234567']);
  });
});
