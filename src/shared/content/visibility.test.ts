import { describe, expect, expectTypeOf, it } from 'vitest';
import { may } from '../permissions';
import { ROLES, type Role } from '../roles';
import { type ContentRecord, defineContentType, type PublicRecord } from './define';
import { f } from './fields';
import { settings } from './settings';
import { type contactus, contentTypes, publicContent } from './types';
import { visibleKeys, visibleTo } from './visibility';

const readers: { who: string; user: { role: Role } | null; staff: boolean }[] = [
  { who: 'a visitor', user: null, staff: false },
  ...ROLES.map((role) => ({ who: `a signed-in ${role}`, user: { role }, staff: role !== 'pending' })),
];

/** A record holding a value for every declared field. */
const recordOf = (fields: Record<string, unknown>) => ({
  _id: 'a',
  version: 1,
  ...Object.fromEntries(Object.keys(fields).map((key) => [key, `${key} value`])),
});

// A public type with a staff-only field: the case no declaration has today, and the next one might.
const withInternalNote = defineContentType({
  name: 'certification',
  label: 'Certification',
  plural: 'Certifications',
  table: 'certifications',
  fields: {
    title: f.text('Title', { required: true }),
    internalNote: f.longText('Internal note', { staffOnly: true }),
  },
  titleField: 'title',
  access: publicContent('service'),
  list: { order: 'position' },
  admin: { path: '/addCertification', title: 'Certifications', view: 'table', columns: ['title'] },
});

describe('visibleTo: one rule for staff-only fields', () => {
  const declared = [...contentTypes, settings, withInternalNote];

  it.each(readers)(
    'shows $who exactly the fields their role may read, in every declaration',
    ({ user, staff }) => {
      for (const def of declared) {
        const record = recordOf(def.fields);
        const seen = visibleTo(user, def, record);
        // A declaration may name the right that reads its staff-only fields (the settings' operations).
        const right = 'staffOnlyRight' in def ? def.staffOnlyRight : undefined;
        const readsStaffOnly = staff && (!right || may(user?.role, right));
        for (const [key, field] of Object.entries(def.fields)) {
          const shown = readsStaffOnly || !field.staffOnly;
          expect(key in seen, `${def.name}.${key}`).toBe(shown);
          expect(visibleKeys(user, def).includes(key), `${def.name}.${key} column`).toBe(shown);
        }
        // The stored record itself is never changed.
        expect(Object.keys(record)).toHaveLength(Object.keys(def.fields).length + 2);
      }
    },
  );

  it('hides the settings address messages are mailed to and a message spam flag from visitors', () => {
    expect(visibleTo(null, settings, { notifyEmail: 'office@example.com', phone: '1' })).toEqual({
      phone: '1',
    });
    expect(visibleTo({ role: 'pending' }, withInternalNote, { title: 't', internalNote: 'n' })).toEqual({
      title: 't',
    });
    expect(visibleTo({ role: 'editor' }, withInternalNote, { title: 't', internalNote: 'n' })).toEqual({
      title: 't',
      internalNote: 'n',
    });
  });

  it('types a staff-only value as one a reader may not have, and a public record without it', () => {
    expectTypeOf<ContentRecord<typeof contactus>['spam']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PublicRecord<typeof contactus>>().not.toHaveProperty('spam');
    expectTypeOf<PublicRecord<typeof withInternalNote>>().not.toHaveProperty('internalNote');
    expectTypeOf<PublicRecord<typeof withInternalNote>['title']>().toEqualTypeOf<string>();
  });
});

describe("the settings' operations", () => {
  it('are read by an admin only, while every role reads the public words', () => {
    const record = recordOf(settings.fields);
    for (const role of ['office', 'editor', 'technician'] as const) {
      const seen = visibleTo({ role }, settings, record);
      expect('notifyEmail' in seen, role).toBe(false);
      expect('companyName' in seen, role).toBe(true);
    }
    expect('notifyEmail' in visibleTo({ role: 'admin' }, settings, record)).toBe(true);
  });
});
