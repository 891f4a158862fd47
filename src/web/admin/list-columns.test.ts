import { describe, expect, it } from 'vitest';
import { contentTypes, contentTypesByName } from '../../shared/content/types';
import { listColumns } from './record-view';

const columnsOf = (name: string) => listColumns(contentTypesByName.get(name)!);

describe('the columns of a content list', () => {
  it('lead with a picture and end with the category for services', () => {
    expect(columnsOf('service')).toEqual(['icon', 'title', 'description', 'serviceName']);
  });

  it('show a thumbnail for every type that has a picture, once', () => {
    for (const def of contentTypes) {
      const pictures = Object.entries(def.fields).filter(
        ([, field]) => field.kind === 'image' || field.kind === 'images',
      );
      const shown = listColumns(def).filter((column) => pictures.some(([key]) => key === column));
      expect(shown.length > 0, def.name).toBe(pictures.length > 0);
      expect(new Set(listColumns(def)).size, def.name).toBe(listColumns(def).length);
    }
  });

  it('keep the declared columns of a type without pictures or categories', () => {
    expect(columnsOf('subscribers')).toEqual(['email', 'confirmed']);
  });
});
