import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Guards of the one design system: one set of tokens, one button system, a short list of
// breakpoints. Each check reads every stylesheet under src/web, so a new sheet is covered the day
// it is added, and names the file and rule that broke the rule.

const webDir = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string, extensions: string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [full] : [];
  });
}

interface StyleRule {
  sheet: string;
  selector: string;
  declarations: Array<[property: string, value: string]>;
}

interface Stylesheet {
  name: string;
  rules: StyleRule[];
  /** The preludes of its @media rules, e.g. `@media (min-width: 768px)`. */
  mediaQueries: string[];
}

function withoutComments(css: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = css.indexOf('/*', from);
    if (start < 0) return out + css.slice(from);
    out += css.slice(from, start);
    const end = css.indexOf('*/', start + 2);
    if (end < 0) return out;
    from = end + 2;
  }
}

/** The selector without its `:not(...)` parts (our sheets never nest parentheses inside them). */
function withoutNegations(selector: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = selector.indexOf(':not(', from);
    if (start < 0) return out + selector.slice(from);
    out += selector.slice(from, start);
    const end = selector.indexOf(')', start);
    if (end < 0) return out;
    from = end + 1;
  }
}

function parseDeclarations(body: string): Array<[string, string]> {
  return body
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes(':'))
    .map((part) => {
      const colon = part.indexOf(':');
      return [part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()];
    });
}

/** Enough of CSS for our own sheets: rules, @media, @keyframes, @import, quoted strings. */
function parseStylesheet(file: string): Stylesheet {
  const name = path.relative(webDir, file);
  const text = withoutComments(fs.readFileSync(file, 'utf8'));
  const rules: StyleRule[] = [];
  const mediaQueries: string[] = [];
  const open: string[] = [];
  let chunkStart = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"' || char === "'") {
      const close = text.indexOf(char, i + 1);
      if (close < 0) break;
      i = close;
    } else if (char === '{') {
      const prelude = text.slice(chunkStart, i).trim();
      if (prelude.startsWith('@media')) mediaQueries.push(prelude);
      open.push(prelude);
      chunkStart = i + 1;
    } else if (char === '}') {
      const prelude = open.pop() ?? '';
      const inKeyframes = open.some((outer) => outer.startsWith('@keyframes'));
      if (!prelude.startsWith('@') && !inKeyframes)
        rules.push({
          sheet: name,
          selector: prelude,
          declarations: parseDeclarations(text.slice(chunkStart, i)),
        });
      chunkStart = i + 1;
    } else if (char === ';' && open.length === 0) {
      chunkStart = i + 1; // a top-level @import
    }
  }
  return { name, rules, mediaQueries };
}

const sheets = filesUnder(webDir, ['.css']).map(parseStylesheet);
const sheet = (name: string) => sheets.find((candidate) => candidate.name === name)!;
const tokens = sheet(path.join('styles', 'tokens.css'));
const buttons = sheet(path.join('styles', 'buttons.css'));
const declaredTokens = new Map(
  tokens.rules.flatMap((rule) => rule.declarations).filter(([property]) => property.startsWith('--')),
);
const sourceFiles = filesUnder(webDir, ['.tsx', '.ts']).filter((file) => !file.endsWith('.test.ts'));

describe('one set of design tokens', () => {
  it('is declared in tokens.css and nowhere else, and every var() names one of them', () => {
    expect(declaredTokens.size).toBeGreaterThan(20);
    const elsewhere: string[] = [];
    const unknown: string[] = [];
    for (const { name, rules } of sheets) {
      for (const rule of rules) {
        for (const [property, value] of rule.declarations) {
          if (property.startsWith('--') && name !== tokens.name)
            elsewhere.push(`${name}: ${rule.selector} { ${property} }`);
          for (const used of value.matchAll(/var\((--[\w-]+)/g))
            if (!declaredTokens.has(used[1]!)) unknown.push(`${name}: ${rule.selector} uses ${used[1]}`);
        }
      }
    }
    expect(elsewhere, 'custom properties declared outside tokens.css').toEqual([]);
    expect(unknown, 'var() of a name tokens.css does not declare').toEqual([]);
  });

  it('is not copied: a colour that has a token is written as the token in every other sheet', () => {
    const colourTokens = new Map<string, string>();
    for (const [name, value] of declaredTokens)
      if (/^#[0-9a-f]{3,8}$/i.test(value) && name !== '--color-white')
        colourTokens.set(value.toLowerCase(), name);
    const copies: string[] = [];
    for (const { name, rules } of sheets) {
      if (name === tokens.name) continue;
      for (const rule of rules)
        for (const [property, value] of rule.declarations)
          for (const hex of value.matchAll(/#[0-9a-f]{3,8}\b/gi)) {
            const token = colourTokens.get(hex[0].toLowerCase());
            if (token) copies.push(`${name}: ${rule.selector} { ${property}: ${hex[0]} } is var(${token})`);
          }
    }
    expect(copies).toEqual([]);
  });
});

describe('named breakpoints', () => {
  const breakpoints = [...declaredTokens]
    .filter(([name]) => name.startsWith('--breakpoint-'))
    .map(([name, value]) => ({ name, px: Number.parseFloat(value) }));

  it('are a short list in tokens.css', () => {
    expect(breakpoints.length).toBeGreaterThanOrEqual(2);
    expect(breakpoints.length).toBeLessThanOrEqual(5);
  });

  it('are the only widths a media query uses: (min-width: N) or (max-width: N - 1) of a breakpoint', () => {
    const allowed = new Set(breakpoints.map(({ px }) => px));
    const strays: string[] = [];
    let widths = 0;
    for (const { name, mediaQueries } of sheets) {
      for (const query of mediaQueries) {
        for (const match of query.matchAll(/(min|max)-width:\s*([\d.]+)([a-z]*)/g)) {
          widths += 1;
          const [, bound, amount, unit] = match;
          const breakpoint = Number(amount) + (bound === 'max' ? 1 : 0);
          if (unit !== 'px' || !allowed.has(breakpoint)) strays.push(`${name}: ${query}`);
        }
        // Range syntax (width < 768px) and other lengths would slip past the check above.
        if (/[<>]|device-width|\bem\b|rem\)/.test(query)) strays.push(`${name}: ${query}`);
      }
    }
    expect(widths).toBeGreaterThan(5);
    expect(strays, `widths outside ${breakpoints.map(({ px }) => px).join(', ')}`).toEqual([]);
  });
});

describe('one button system', () => {
  const buttonClasses = new Set(
    buttons.rules.flatMap((rule) => [...rule.selector.matchAll(/\.(btn[\w-]*)/g)].map((match) => match[1])),
  );

  it('defines every btn class a page names', () => {
    const undefinedClasses: string[] = [];
    for (const file of sourceFiles) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bbtn(-[a-z]+)*\b/g))
        if (!buttonClasses.has(match[0]))
          undefinedClasses.push(`${path.relative(webDir, file)}: ${match[0]}`);
    }
    expect(buttonClasses.has('btn')).toBe(true);
    expect(undefinedClasses).toEqual([]);
  });

  it('is styled only in buttons.css: other sheets may place a button, not restyle it', () => {
    const placement =
      /^(display|margin(-\w+)*|align-self|justify-self|order|flex(-\w+)*|grid-(column|row|area))$/;
    const restyled: string[] = [];
    for (const { name, rules } of sheets) {
      if (name === buttons.name) continue;
      for (const rule of rules) {
        const targetsButton = rule.selector.split(',').some((selector) => {
          // `a:not(.btn)` leaves buttons alone: only what the selector picks counts.
          const subject = withoutNegations(selector.trim())
            .split(/[\s>+~]+/)
            .pop();
          return /\.btn\b/.test(subject ?? '') || /\.btn-/.test(subject ?? '');
        });
        if (!targetsButton) continue;
        for (const [property] of rule.declarations)
          if (!placement.test(property)) restyled.push(`${name}: ${rule.selector} { ${property} }`);
      }
    }
    expect(restyled).toEqual([]);
  });

  it('is not recoloured by a rule for the links or buttons of a region', () => {
    // `.auth-page a { color }` outranks `.btn-primary { color }` and turned a link button's text
    // the colour of its own background; such rules must leave buttons out with `:not(.btn)`.
    // Site-wide `a` and `a:hover` rank below every button rule and may stay.
    const colouring = /^(color|background(-\w+)*|border(-\w+)*)$/;
    const recoloured: string[] = [];
    for (const { name, rules } of sheets) {
      if (name === buttons.name) continue;
      for (const rule of rules) {
        if (!rule.declarations.some(([property]) => colouring.test(property))) continue;
        for (const selector of rule.selector.split(',').map((part) => part.trim())) {
          const subject = selector.split(/[\s>+~]+/).pop() ?? '';
          // `a.chip` names its own kind of link; a bare `a` in a region picks buttons too.
          const picksLinksOrButtons =
            /^(a|button)(?![\w-])/.test(subject) && !withoutNegations(subject).includes('.');
          const outranksAButton = selector !== subject;
          if (picksLinksOrButtons && outranksAButton && !subject.includes(':not(.btn)'))
            recoloured.push(`${name}: ${selector}`);
        }
      }
    }
    expect(recoloured).toEqual([]);
  });
});

describe('the page grid', () => {
  // `.container` gives its element the inline padding that keeps content off a phone's edges and on
  // the header's grid. A class beside it that sets `padding` (even `padding: 2rem 0`) takes that
  // away: the service detail body touched both screen edges that way.
  it('leaves the inline padding of a .container element to .container', () => {
    const besideContainer = new Set<string>();
    for (const file of sourceFiles)
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/className="([^"]*)"/g)) {
        const classes = match[1]!.split(/\s+/);
        if (classes.includes('container'))
          for (const name of classes) if (name !== 'container') besideContainer.add(name);
      }
    expect(besideContainer.size).toBeGreaterThan(3);
    const overrides: string[] = [];
    // The admin sheet is not loaded with the public pages, where every .container is.
    for (const { name, rules } of sheets.filter((candidate) => !candidate.name.startsWith('admin')))
      for (const rule of rules) {
        const classes = [...withoutNegations(rule.selector).matchAll(/\.([\w-]+)(?=[^\w-]*$)/g)].map(
          (m) => m[1]!,
        );
        if (!classes.some((cls) => besideContainer.has(cls))) continue;
        for (const [property] of rule.declarations)
          if (/^padding(-left|-right|-inline(-start|-end)?)?$/.test(property))
            overrides.push(`${name}: ${rule.selector} { ${property} }`);
      }
    expect(overrides, 'use padding-block on a class that sits beside .container').toEqual([]);
  });
});

describe('one voice in the type', () => {
  // Headings, eyebrows, table headings and buttons show the words as written, in sentence case
  // (docs/decisions/104); capitals are for the few badges that read as a stamp, not a sentence.
  const BADGES = new Set(['.admin-brand-tag', '.badge-urgent', '.status-badge', '.project-facts dt']);

  it('sets text in capitals only on the badges', () => {
    const shouting: string[] = [];
    for (const { name, rules } of sheets)
      for (const rule of rules)
        for (const [property, value] of rule.declarations)
          if (
            property === 'text-transform' &&
            /uppercase|capitalize/.test(value) &&
            !BADGES.has(rule.selector)
          )
            shouting.push(`${name}: ${rule.selector} { text-transform: ${value} }`);
    expect(shouting).toEqual([]);
  });

  it('has one typeface, from fonts.css, for the site and the admin area alike', () => {
    const families = sheets.flatMap(({ name, rules }) =>
      rules.flatMap((rule) =>
        rule.declarations
          .filter(([property]) => property === 'font-family' || property === 'font')
          .filter(([, value]) => !/^(inherit|var\(--font-sans\))$/.test(value) && !/monospace/.test(value))
          .map(([property, value]) => `${name}: ${rule.selector} { ${property}: ${value} }`),
      ),
    );
    expect(families).toEqual([]);
    const root = tokens.rules.find((rule) => rule.selector === ':root');
    expect(new Map(root?.declarations).get('--font-sans')).toMatch(/^"Inter", "Inter fallback",/);
    // Before the typeface is loaded (decision 106), the same stack without Inter.
    const later = tokens.rules.find((rule) => rule.selector === ':root[data-fonts]');
    const [, ...stack] = String(new Map(root?.declarations).get('--font-sans')).split(', ');
    expect(new Map(later?.declarations).get('--font-sans')).toBe(stack.join(', '));
  });
});
