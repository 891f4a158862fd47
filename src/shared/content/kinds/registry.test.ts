import { describe, expect, it } from 'vitest';
import {
  type PercentageField,
  percentage,
  percentageField,
} from '../../../test-fixtures/field-kinds/percentage';
import { type ContentTypeDef, defineContentType } from '../define';
import { examplesFor } from '../examples';
import { f } from '../fields';
import { fieldSchema, schemasFor } from '../schema';
import { storedValue } from '../stored-values';
import { publicContent } from '../types';
import { fieldKinds, kindOf, withFieldKinds } from '.';
import type { FieldKindModule } from './kind';

/** Never called: each line states what the compiler refuses (`npx tsc` fails if it accepts one). */
function _refusedByTheCompiler() {
  const { example: _example, ...withoutExample } = percentage;
  // @ts-expect-error A kind without one of its pieces (here its example) is not a kind.
  const incomplete: FieldKindModule<PercentageField> = withoutExample;
  // @ts-expect-error A product kind cannot be replaced by an added one.
  withFieldKinds({ text: percentage });
  // @ts-expect-error A registry entry must be the module of that kind's declaration.
  const wrong: (typeof fieldKinds)['number'] = fieldKinds.select;
  return [incomplete, wrong];
}

describe('the field kind registry', () => {
  const progress = percentageField('Progress');

  it('gives an added kind its rule, read-back and example from its one module', () => {
    expect(kindOf(progress)).toBe(percentage);
    expect(fieldSchema(progress).parse(undefined)).toBe(0);
    expect(fieldSchema(progress).safeParse(101).error?.issues[0]?.message).toBe(
      'Progress must be a whole number from 0 to 100.',
    );
    expect(storedValue(progress, 7)).toBe(7);
    const job = defineContentType({
      name: 'job',
      label: 'Job',
      plural: 'Jobs',
      table: 'jobs',
      fields: { title: f.text('Title', { required: true }), progress },
      titleField: 'title',
      access: publicContent('service'),
      list: { order: 'position' },
      admin: { path: '/addJob', title: 'Jobs', view: 'table', columns: ['title'] },
    }) as unknown as ContentTypeDef;
    const { create, record } = examplesFor(job);
    expect(create.progress).toBe(50);
    expect(schemasFor(job).create.parse(create)).toMatchObject({ progress: 50 });
    expect(schemasFor(job).record.parse(record)).toMatchObject({ progress: 50 });
  });

  it("names the field when its kind is neither the product's nor added", () => {
    const stray = { ...f.text('Colour'), kind: 'colour' } as unknown as Parameters<typeof kindOf>[0];
    expect(() => kindOf(stray)).toThrow('Colour: "colour" is not a field kind');
  });
});
