import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicUserSchema, userUpdateSchema } from './auth';
import { ROLES, STAFF_ROLES } from './roles';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file);

describe('roles and staff-only fields are each decided in one place', () => {
  it('takes every role the API accepts or answers from ROLES', () => {
    for (const role of ROLES) expect(userUpdateSchema.safeParse({ role }).success, role).toBe(true);
    expect(userUpdateSchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(publicUserSchema.shape.role.options).toEqual([...ROLES]);
    expect(ROLES.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role))).toEqual(['pending']);
  });

  it('spells the list of roles nowhere but shared/roles.ts', () => {
    // A second list ('admin' | 'editor', ['admin', 'editor', 'pending']) drifts when a role is added.
    const list = /['"](admin|editor|pending)['"]\s*[,|]\s*['"](admin|editor|pending)['"]/;
    const copies = sourceFiles(SRC)
      .filter((file) => relative(file) !== path.join('shared', 'roles.ts'))
      .filter((file) => list.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(copies).toEqual([]);
  });

  it('redacts staff-only fields only through visibleTo', () => {
    // Reading `.staffOnly` to hide values by hand is how the rule came to be written three times.
    const allowed = ['fields.ts', 'visibility.ts', 'schema.ts'].map((name) =>
      path.join('shared', 'content', name),
    );
    const readers = sourceFiles(SRC)
      .filter((file) => !allowed.includes(relative(file)))
      .filter((file) => /\.staffOnly\b/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(readers).toEqual([]);
  });
});
