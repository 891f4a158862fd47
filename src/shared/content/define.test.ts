import { describe, expect, it } from 'vitest';
import { defineContentType, SQL_IDENTIFIER } from './define';
import { f } from './fields';
import { contentTypes, publicContent } from './types';

const declaration = (table: string, key: string) =>
  ({
    name: 'thing',
    label: 'Thing',
    plural: 'Things',
    table,
    fields: { [key]: f.text('Title') },
    titleField: key,
    access: publicContent('service'),
    list: { order: 'position' },
    admin: { path: '/things', title: 'Things', view: 'table', columns: [key] },
  }) as const;

describe('a declaration names its table and columns plainly', () => {
  it('holds for every declared type', () => {
    expect(contentTypes.filter((def) => !SQL_IDENTIFIER.test(def.table))).toEqual([]);
  });

  it('refuses a table or field name that SQL would have to quote', () => {
    expect(() => defineContentType(declaration('things', 'title'))).not.toThrow();
    expect(() => defineContentType(declaration('things; drop table users', 'title'))).toThrow(/table/);
    expect(() => defineContentType(declaration('Things', 'title'))).toThrow(/table/);
    expect(() => defineContentType(declaration('things', 'ti"tle'))).toThrow(/field/);
    expect(() => defineContentType(declaration('things', 'title_2'))).toThrow(/field/);
  });
});
