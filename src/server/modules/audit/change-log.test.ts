import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit';
import { createTestApp } from '../../test/helpers';
import { imageUpload } from '../../test/uploads';

const t = await createTestApp();
let admin: { authorization: string; userId: string };
let editor: { authorization: string; userId: string };

beforeAll(async () => {
  admin = await t.signIn('admin');
  editor = await t.signIn('editor');
});

const inject = (method: string, url: string, headers: object, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: headers as Record<string, string>, payload });

const entriesOf = async (recordId: string) =>
  ((await inject('GET', `/api/audit?pageSize=100`, admin)).json() as { data: AuditEntry[] }).data.filter(
    (entry) => entry.recordId === recordId,
  );

async function uploadAs(who: { authorization: string }) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  const { payload, headers } = imageUpload(png);
  return t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...who } });
}

const auditCount = async () =>
  Number((await t.database.query<{ n: string }>('select count(*) as n from audit_log'))[0]?.n);

/**
 * Make the audit insert fail for real: a check constraint the code does not know, refusing every
 * row `refusedActor` writes from now on (`not valid` leaves earlier rows alone).
 */
async function refuseAuditRowsOf(actorId: string) {
  await t.database.exec(
    `alter table audit_log add constraint audit_refused check (actor_id is distinct from '${actorId}') not valid`,
  );
}

afterEach(async () => {
  await t.database.exec('alter table audit_log drop constraint if exists audit_refused');
  await t.database.exec('drop trigger if exists refuse_second_place on team_members');
});

describe('a change and its audit row are one transaction', () => {
  it('a failing audit insert rolls back the change: the record stays as it was and the answer is an error', async () => {
    const created = await inject('POST', '/api/client', editor, {
      name: 'Kept Co',
      phone: '03001234567',
      address: 'Mall road',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    const before = (await inject('GET', `/api/client/${id}`, editor)).json();
    const rows = await auditCount();

    await refuseAuditRowsOf(editor.userId);
    const update = await inject('PUT', `/api/client/${id}`, editor, { name: 'Lost Co' });
    expect(update.statusCode).toBe(500);
    const remove = await inject('DELETE', `/api/client/${id}`, editor);
    expect(remove.statusCode).toBe(500);
    const create = await inject('POST', '/api/client', editor, {
      name: 'Never Co',
      phone: '03001234567',
      address: 'Nowhere',
    });
    expect(create.statusCode).toBe(500);

    expect((await inject('GET', `/api/client/${id}`, editor)).json()).toEqual(before);
    const names = (await inject('GET', '/api/client', editor)).json() as { name: string }[];
    expect(names.map((c) => c.name)).not.toContain('Never Co');
    expect(await auditCount()).toBe(rows);
  });

  it('holds for every other writer too: trash, settings, users, password, uploads and logout', async () => {
    const refused = await t.signIn('office');
    await t.database.query(`update users set role = 'admin' where id = $1`, [refused.userId]);
    const created = await inject('POST', '/api/client', refused, {
      name: 'Trash Co',
      phone: '03001234567',
      address: 'Bin street',
    });
    const id = created.json()._id as string;
    await inject('DELETE', `/api/client/${id}`, refused);
    const settingsBefore = (await inject('GET', '/api/settings', refused)).json();
    const usersBefore = (await inject('GET', '/api/users', refused)).json();
    const rows = await auditCount();

    await refuseAuditRowsOf(refused.userId);
    const attempts = {
      restore: await inject('POST', `/api/trash/client/${id}/restore`, refused),
      settings: await inject('PUT', '/api/settings', refused, { companyName: 'Renamed Ltd' }),
      role: await inject('PUT', `/api/users/${editor.userId}`, refused, { role: 'admin' }),
      password: await inject('PUT', '/api/auth/password', refused, {
        currentPassword: 'correct horse battery',
        newPassword: 'a brand new passphrase',
      }),
      upload: await uploadAs(refused),
      purge: await inject('DELETE', `/api/trash/client/${id}`, refused),
      logout: await inject('POST', '/api/auth/logout', refused),
    };
    for (const [writer, res] of Object.entries(attempts))
      expect([writer, res.statusCode]).toEqual([writer, 500]);

    const trash = (await inject('GET', '/api/trash?resource=client', admin)).json() as {
      data: { id: string }[];
    };
    expect(trash.data.map((item) => item.id)).toContain(id);
    expect((await inject('GET', '/api/settings', admin)).json()).toEqual(settingsBefore);
    expect((await inject('GET', '/api/users', admin)).json()).toEqual(usersBefore);
    // The password did not change and the session was not ended.
    expect((await inject('GET', '/api/current-user', refused)).statusCode).toBe(200);
    const media = await t.database.query<{ n: string }>(
      'select count(*) as n from media where created_by = $1',
      [refused.userId],
    );
    expect(Number(media[0]?.n)).toBe(0);
    expect(await auditCount()).toBe(rows);
  });

  it('a request whose audit row fails is not stored and queues no mail', async () => {
    await t.database.exec(
      `alter table audit_log add constraint audit_refused check (resource <> 'contactus') not valid`,
    );
    const before = await t.database.query<{ n: string }>('select count(*) as n from contact_messages');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Visitor', email: 'v@example.com', phone: '03001234567', message: 'Hello' },
    });
    expect(res.statusCode).toBe(500);
    const after = await t.database.query<{ n: string }>('select count(*) as n from contact_messages');
    expect(after[0]?.n).toEqual(before[0]?.n);
  });
});

describe('what an audit row says', () => {
  it('an update records only the fields whose value changed, with before and after', async () => {
    const created = await inject('POST', '/api/client', editor, {
      name: 'Diff Co',
      phone: '03001234567',
      address: 'Old road',
    });
    const id = created.json()._id as string;
    const res = await inject('PUT', `/api/client/${id}`, editor, {
      name: 'Diff Co',
      phone: '03001234567',
      address: 'New road',
    });
    expect(res.statusCode).toBe(200);
    const [update] = (await entriesOf(id)).filter((entry) => entry.action === 'update');
    expect(update).toMatchObject({
      actorId: editor.userId,
      recordName: 'Diff Co',
      fields: ['address'],
      changes: [{ field: 'address', before: 'Old road', after: 'New road' }],
    });
  });

  it('personal fields are recorded by name only, never their values', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: {
        name: 'Private Person',
        email: 'private.person@example.com',
        phone: '03007654321',
        message: 'My secret address is 12 Hidden Lane',
      },
    });
    const id = sent.json()._id as string;
    const res = await inject('PUT', `/api/contactus/${id}`, admin, {
      email: 'other.address@example.com',
      status: 'read',
    });
    expect(res.statusCode).toBe(200);
    const entries = await entriesOf(id);
    const create = entries.find((entry) => entry.action === 'create');
    const update = entries.find((entry) => entry.action === 'update');
    expect(create?.recordName).toBeNull();
    expect(create?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name' },
        { field: 'email' },
        { field: 'phone' },
        { field: 'message' },
      ]),
    );
    expect(update?.changes).toEqual([
      { field: 'email' },
      { field: 'status', before: 'Pending', after: 'read' },
    ]);
    const stored = JSON.stringify(
      await t.database.query(`select * from audit_log where record_id = $1`, [id]),
    );
    expect(stored).not.toMatch(/Private Person|private\.person|other\.address|03007654321|Hidden Lane/);
  });
});

describe('reordering', () => {
  async function threeMembers() {
    // Only these three exist: earlier tests made no team members.
    for (const name of ['Asad', 'Bilal', 'Chand'])
      await inject('POST', '/api/team', editor, { name, position: 'Technician' });
    return (await inject('GET', '/api/team', editor)).json() as {
      _id: string;
      name: string;
      version: number;
    }[];
  }
  const namesInOrder = async () =>
    ((await inject('GET', '/api/team', editor)).json() as { name: string }[]).map((member) => member.name);

  it('is one transaction: failing halfway moves nothing and records nothing; then one audit row', async () => {
    const members = await threeMembers();
    expect(members.map((m) => m.name)).toEqual(['Asad', 'Bilal', 'Chand']);
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const order = [c, a, b].map(({ _id, version }) => ({ _id, version }));

    // The second record's move fails in the database, after the first has moved.
    await t.database.exec(`
      create or replace function refuse_second_place() returns trigger language plpgsql as $$
      begin
        if new.sort_order = 2 then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger refuse_second_place before update on team_members
        for each row execute function refuse_second_place();`);
    const rows = await auditCount();
    const failed = await inject('PUT', '/api/team/order', editor, { order });
    expect(failed.statusCode).toBe(500);
    expect(await namesInOrder()).toEqual(['Asad', 'Bilal', 'Chand']);
    const versions = ((await inject('GET', '/api/team', editor)).json() as { version: number }[]).map(
      (m) => m.version,
    );
    expect(versions).toEqual(members.map((m) => m.version));
    expect(await auditCount()).toBe(rows);

    await t.database.exec('drop trigger refuse_second_place on team_members');
    const moved = await inject('PUT', '/api/team/order', editor, { order });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as { name: string }[]).map((m) => m.name)).toEqual(['Chand', 'Asad', 'Bilal']);
    expect(await namesInOrder()).toEqual(['Chand', 'Asad', 'Bilal']);
    expect(await auditCount()).toBe(rows + 1);
    const [entry] = (await inject('GET', '/api/audit?resource=team&action=reorder', admin)).json()
      .data as AuditEntry[];
    expect(entry).toMatchObject({
      actorId: editor.userId,
      recordId: '*',
      changes: [{ field: 'order', before: ['Asad', 'Bilal', 'Chand'], after: ['Chand', 'Asad', 'Bilal'] }],
    });
  });

  it('refuses an order made from a stale list, an incomplete one and bad input, moving nothing', async () => {
    const current = (await inject('GET', '/api/team', editor)).json() as { _id: string; version: number }[];
    const names = await namesInOrder();
    const reversed = [...current].reverse();
    const stale = reversed.map(({ _id, version }) => ({ _id, version: version + 1 }));
    expect((await inject('PUT', '/api/team/order', editor, { order: stale })).statusCode).toBe(409);
    const partial = reversed.slice(1).map(({ _id, version }) => ({ _id, version }));
    expect((await inject('PUT', '/api/team/order', editor, { order: partial })).statusCode).toBe(409);
    const twice = [reversed[0], ...reversed.slice(0, -1)].map((m) => ({ _id: m!._id, version: m!.version }));
    expect((await inject('PUT', '/api/team/order', editor, { order: twice })).statusCode).toBe(409);
    const bad = await inject('PUT', '/api/team/order', editor, { order: [{ _id: 'x', version: 'one' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('fields');
    expect((await inject('PUT', '/api/team/order', {}, { order: partial })).statusCode).toBe(401);
    expect(await namesInOrder()).toEqual(names);
    // The old way still works: one record's position through its own PUT.
    const [first] = current;
    const put = await inject('PUT', `/api/team/${first!._id}`, editor, {
      sortOrder: 99,
      version: first!.version,
    });
    expect(put.statusCode).toBe(200);
  });
});

describe('the edge guard', () => {
  it('a content repository refuses a write outside a recorded transaction', async () => {
    const repository = t.app.repositories.get('client')!;
    await expect(repository.create({ name: 'Sneaky', phone: '03001234567', address: 'x' })).rejects.toThrow(
      /must run in a transaction/,
    );
    await expect(repository.softDelete('00000000-0000-0000-0000-000000000000')).rejects.toThrow(
      /must run in a transaction/,
    );
  });
});
