import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

const t = await createTestApp();

describe('POST /api/subscribers', () => {
  it('validates the address and stores it once, whatever its case', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe('Invalid email address.');

    // Known or new, the answer is the same and carries no record: nobody learns who is subscribed.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email: 'Reader@Example.com' },
    });
    expect(first.statusCode).toBe(202);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email: 'reader@example.COM' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    expect(again.json()._id).toBeUndefined();

    const auth = await t.signIn();
    // Stored (before the answer) once, whatever the case of the second spelling.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/subscribers', headers: auth })).json().totalCount,
    ).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscribers' })).statusCode).toBe(401);
  });
});
