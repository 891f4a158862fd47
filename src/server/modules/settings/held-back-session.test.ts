import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';

const t = await createTestApp();
const admin = await t.signIn('admin');
// A second admin: the settings' operations are an admin's to read, once nothing holds them back.
const editor = await t.signIn('office');
await t.database.query(`update users set role = 'admin' where id::text = $1`, [editor.userId]);

describe('a session held back by "two-factor sign-in required"', () => {
  it('reads only the public settings: no notify address until its second factor is on', async () => {
    await t.saveSettings(
      {
        notifyEmail: 'desk@inside.test',
        twoFactorRequiredFor: 'staff',
      },
      admin,
    );
    const settings = await t.app.inject({
      url: '/api/settings',
      headers: { authorization: editor.authorization },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().phone).toBeTruthy();
    expect(settings.json()).not.toHaveProperty('notifyEmail');
    expect(settings.json()).not.toHaveProperty('twoFactorRequiredFor');
    expect(settings.body).not.toContain('inside.test');
    // Still told what to do: who they are, and that the second factor comes first.
    const me = await t.app.inject({
      url: '/api/current-user',
      headers: { authorization: editor.authorization },
    });
    expect(me.json()).toMatchObject({ twoFactorSetupRequired: true });
  });

  it('reads them again once nothing holds it back', async () => {
    await t.database.query(`update settings set data = data || '{"twoFactorRequiredFor":"nobody"}'`);
    const settings = await t.app.inject({
      url: '/api/settings',
      headers: { authorization: editor.authorization },
    });
    expect(settings.json()).toMatchObject({
      notifyEmail: 'desk@inside.test',
    });
  });
});
