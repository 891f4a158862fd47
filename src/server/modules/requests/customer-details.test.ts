import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_FORMAT } from '../../../shared/location';
import { NO_REPLY_ADDRESS } from '../../../shared/request-desk';
import { createTestApp } from '../../test/helpers';
import { eventually, startSmtpPeer } from '../../test/smtp-peer';

// What a customer may tell us about themselves and where they are (decision 096): a phone alone
// is enough, and a street address and a location reach the desk checked.
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const t = await createTestApp({
  env: { SMTP_URL: peer.url, MAIL_RETRY_SECONDS: '0.2', CONTACT_RATE_LIMIT: '0' },
});
let staff: { authorization: string; userId: string };
beforeAll(async () => {
  staff = await t.signIn();
  await t.saveSettings({ email: 'desk@coolfix.example' }, staff);
});

const file = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: { name: 'Night Caller', phone: '0300 1234567', message: 'The freezer stopped', ...payload },
  });

describe('a request with a phone and no e-mail', () => {
  it('is accepted, reaches the desk and its staff mail, and a reply by e-mail is refused in words', async () => {
    const res = await file({ urgent: true });
    expect(res.statusCode, res.body).toBe(201);
    const { _id, reference } = res.json() as { _id: string; reference: string };
    const queue = await t.app.inject({ method: 'GET', url: '/api/contactus?order=queue', headers: staff });
    const row = (queue.json() as { data: Record<string, unknown>[] }).data.find((r) => r._id === _id);
    expect(row).toMatchObject({ name: 'Night Caller', email: '', phone: '03001234567', reference });
    const one = await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: staff });
    expect(one.json()).toMatchObject({ email: '', filedEmail: null });
    // Staff hear of it all the same.
    await eventually(() => peer.received.find((mail) => mail.raw.includes('Night Caller')));
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/contactus/${_id}/reply`,
      headers: staff,
      payload: { text: 'We are on our way.' },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ error: NO_REPLY_ADDRESS });
    const after = await t.app.inject({ method: 'GET', url: `/api/contactus/${_id}`, headers: staff });
    expect((after.json() as { history: unknown[] }).history).toEqual([]);
  });

  it('still needs the phone', async () => {
    const res = await file({ phone: undefined, email: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: expect.stringContaining('Phone') });
  });
});

describe('where the customer is', () => {
  it('stores the street address and a point or a maps link as given', async () => {
    const point = await file({ address: 'House 12, Street 4, Block 5', location: '24.8607, 67.0011' });
    expect(point.statusCode, point.body).toBe(201);
    const link = 'https://maps.app.goo.gl/Xy12AbCd';
    const linked = await file({ location: link });
    expect(linked.statusCode, linked.body).toBe(201);
    for (const [sent, expected] of [
      [point, { address: 'House 12, Street 4, Block 5', location: '24.8607, 67.0011' }],
      [linked, { address: '', location: link }],
    ] as const) {
      const id = (sent.json() as { _id: string })._id;
      const one = await t.app.inject({ method: 'GET', url: `/api/contactus/${id}`, headers: staff });
      expect(one.json()).toMatchObject(expected);
    }
  });

  it('refuses a location that is no maps link or point, and an overlong address, with the field message', async () => {
    for (const location of [
      'https://evil.example/maps',
      '95,67',
      'behind the mosque',
      'http://maps.google.com/?q=1,2',
    ]) {
      const res = await file({ location });
      expect(res.statusCode, location).toBe(400);
      expect(res.json().fields).toEqual({ location: LOCATION_FORMAT.message });
    }
    const long = await file({
      address: 'x'.repeat(201),
      location: `https://maps.apple.com/?q=${'a'.repeat(1000)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields).sort()).toEqual(['address', 'location']);
  });
});
