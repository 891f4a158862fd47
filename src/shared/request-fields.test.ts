import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from './api-keys';
import { contactus } from './content/types';
import {
  fieldsReachableBy,
  fieldsRoleReaches,
  REQUEST_FIELD_GROUPS,
  REQUEST_UPDATE_RIGHTS,
  type RequestPart,
  scopeReaching,
} from './request-fields';

describe("a request's field groups", () => {
  it('hold every declared field (and the photos) in exactly one group', () => {
    const grouped = Object.values(REQUEST_FIELD_GROUPS).flat() as string[];
    const parts = [...Object.keys(contactus.fields), 'photos'];
    const counts = Object.fromEntries(parts.map((part) => [part, grouped.filter((g) => g === part).length]));
    expect(counts).toEqual(Object.fromEntries(parts.map((part) => [part, 1])));
    // And nothing that is not a part: a renamed field leaves no stale name behind.
    expect(grouped.filter((part) => !parts.includes(part))).toEqual([]);
  });

  it('give each leads scope its own group, and the customer words and stamps to nobody', () => {
    const reach = (scopes: Parameters<typeof fieldsReachableBy>[0]) => [...fieldsReachableBy(scopes)].sort();
    expect(reach(['leads:write'])).toEqual(['followUpAt', 'scheduledAt', 'service', 'stage', 'status']);
    expect(reach(['leads:assign'])).toEqual(['assignee']);
    expect(reach(['leads:contact'])).toEqual(['address', 'area', 'email', 'location', 'name', 'phone']);
    expect(reach(['leads:read', 'leads:reply', 'content:write'])).toEqual([]);
    const everyKey = fieldsReachableBy(API_KEY_SCOPES);
    const staff = fieldsRoleReaches('office');
    for (const part of [...REQUEST_FIELD_GROUPS.words, ...REQUEST_FIELD_GROUPS.stamps] as RequestPart[]) {
      expect(everyKey.has(part), part).toBe(false);
      expect(staff.has(part), part).toBe(false);
      expect(scopeReaching(part), part).toBeUndefined();
    }
    // Hiding a request as spam is a staff member's call, never a key's.
    expect(everyKey.has('spam')).toBe(false);
    expect(staff.has('spam')).toBe(true);
  });
});

describe("a request's field groups by role", () => {
  it('give the office and admins every group but the words and stamps, a technician the work, an editor none', () => {
    const reach = (role: Parameters<typeof fieldsRoleReaches>[0]) => [...fieldsRoleReaches(role)].sort();
    const desk = [
      'address',
      'area',
      'assignee',
      'email',
      'followUpAt',
      'location',
      'name',
      'phone',
      'scheduledAt',
      'service',
      'spam',
      'stage',
      'status',
    ];
    expect(reach('admin')).toEqual(desk);
    expect(reach('office')).toEqual(desk);
    expect(reach('technician')).toEqual(['followUpAt', 'scheduledAt', 'service', 'stage', 'status']);
    expect(reach('editor')).toEqual([]);
    expect(reach('pending')).toEqual([]);
  });

  it("name exactly the rights the requests' update admits", () => {
    expect([...(contactus.access.update as readonly string[])].sort()).toEqual(
      [...REQUEST_UPDATE_RIGHTS].sort(),
    );
  });
});
