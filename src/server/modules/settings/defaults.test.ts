import { describe, expect, it } from 'vitest';
import { fieldErrors, singletonSchemas } from '../../../shared/content/schema';
import { settings } from '../../../shared/content/settings';
import { DEFAULT_SETTINGS, DEMO_TRUST_SETTINGS } from './defaults';

describe('the settings a new site starts with', () => {
  // The defaults are written here, not typed into the form: the declared rules must still hold,
  // or the first save of an untouched settings form is refused for a value nobody entered.
  it('pass the same declared rules as a save from the settings form', () => {
    const parsed = singletonSchemas(settings).values.safeParse(DEFAULT_SETTINGS);
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({});
  });

  it("and so do the demo company's trust signals, which the first start writes with the demo content", () => {
    const parsed = singletonSchemas(settings).values.safeParse({
      ...DEFAULT_SETTINGS,
      ...DEMO_TRUST_SETTINGS,
    });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({});
  });
});
