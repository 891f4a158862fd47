import { describe, expect, it } from 'vitest';
import { fieldErrors, schemasFor } from '../../../shared/content/schema';
import { service } from '../../../shared/content/types';
import { demoTestimonials } from './people';
import { demoServiceAnswers, demoServices } from './services';

const titles = new Set(demoServices.map((s) => s.title));

describe('the demo services', () => {
  it.each(demoServices.map((s) => [s.title, s] as const))('%s answers what a customer asks', (title, s) => {
    const answers = demoServiceAnswers[title];
    expect(answers, 'price, duration, steps and FAQs').toBeDefined();
    const { related, ...rest } = answers!;
    expect(related.length).toBeGreaterThanOrEqual(1);
    expect(related.every((other) => titles.has(other) && other !== title)).toBe(true);
    expect(rest.steps.length).toBeGreaterThanOrEqual(3);
    expect(rest.faqs.length).toBe(3);
    // Everything the seed stores passes the rules staff are held to.
    const parsed = schemasFor(service).create.safeParse({ ...s, ...rest });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({});
  });

  it('each demo testimonial praises a demo service', () => {
    for (const t of demoTestimonials) expect(titles.has(t.service), t.name).toBe(true);
  });
});
