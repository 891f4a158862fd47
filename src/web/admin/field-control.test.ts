import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../shared/content/fields';
import { f } from '../../shared/content/fields';
import { percentageField } from '../../test-fixtures/field-kinds/percentage';
import '../../test-fixtures/field-kinds/percentage-control';
import { FieldControl } from './field-control';

const render = (name: string, field: Field, value: unknown, error?: string) =>
  renderToString(
    createElement(FieldControl, {
      name,
      field,
      value,
      error,
      idPrefix: 'job',
      onChange: () => {},
      onBlur: () => {},
    }),
  );

describe('an admin field control', () => {
  it('shows a field of an added kind with the control its own module gives, labelled and described', () => {
    const html = render(
      'progress',
      percentageField('Progress', { required: true, help: 'How much is done.' }),
      40,
      'Too much.',
    );
    expect(html).toContain('<label for="job-progress">Progress</label>');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*min="0"[^>]*max="100"[^>]*value="40"/);
    expect(html).toContain('aria-describedby="job-progress-help job-progress-error"');
    expect(html).toContain('<p id="job-progress-error" class="field-error">Too much.</p>');
    expect(html).toContain('class="required"');
  });

  it('shows a product kind through its own control', () => {
    const html = render(
      'stage',
      f.select('Stage', ['new', 'done'] as const, { optionLabels: { done: 'Done' } }),
      'done',
    );
    expect(html).toMatch(/<select[^>]*id="job-stage"/);
    expect(html).toContain('<option value="done" selected="">Done</option>');
  });

  it("shows a text field's fixed start before its box, read out with it and not part of the value", () => {
    const html = render(
      'slug',
      f.text('Web address', { prefix: '/services/', help: 'The old one keeps working.' }),
      'ac-repair',
    );
    expect(html).toContain('<span id="job-slug-prefix" class="input-prefix">/services/</span>');
    expect(html).toMatch(/<input[^>]*aria-describedby="job-slug-prefix job-slug-help"[^>]*value="ac-repair"/);
    expect(render('title', f.text('Title'), 'x')).not.toContain('input-prefix');
  });
});
