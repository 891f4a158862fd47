import { describe, expect, it } from 'vitest';
import { RESOURCE_ACTIONS, ROLE_DECLARATIONS, STAFF_ROLES } from '../../shared/permissions';
import { roleMatrix } from './role-matrix';

describe('the role matrix', () => {
  const rows = roleMatrix();
  const row = (resource: string) => rows.find((one) => one.resource === resource)!;

  it('has a row per resource with a readable name, in the declaration’s order', () => {
    expect(rows.map((one) => one.resource)).toEqual(Object.keys(RESOURCE_ACTIONS));
    expect(row('service').name).toBe('Services');
    expect(row('apiKeys').name).toBe('API keys');
    for (const one of rows) expect(one.name).not.toMatch(/^[a-z]+[A-Z]/);
  });

  it('lists exactly the rights each role is declared with', () => {
    for (const role of STAFF_ROLES) {
      const shown = rows.flatMap((one) =>
        one.cells[role].actions.map((action) => `${one.resource}:${action}`),
      );
      expect(new Set(shown)).toEqual(new Set(ROLE_DECLARATIONS[role].rights));
    }
    expect(row('users').cells.admin.actions).toEqual(['read', 'manage']);
  });

  it('says how many requests a role reaches, only where it reaches any', () => {
    expect(row('requests').cells.admin.reach).toBe('all');
    expect(row('requests').cells.technician).toEqual({
      actions: ['read', 'work', 'reply'],
      reach: 'own only',
    });
    expect(row('requests').cells.editor).toEqual({ actions: [], reach: undefined });
  });
});
