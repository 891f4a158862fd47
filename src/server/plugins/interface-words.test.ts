import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../app';
import { seedDemoInto } from '../modules/demo/seed';
import { createTestApp } from '../test/helpers';

/**
 * One voice (docs/decisions/104): headings and buttons in sentence case, never in capitals; one
 * spelling of each button word ("Read more", not READ MORE or Read More); no word glued out of two
 * ("LogOut") and no symbol for a word ("Add+"). Checked on what visitors get (every page of the
 * demo site's sitemap, rendered) and on the words written in the web app's source, the admin
 * area's included, so a new screen or component is covered the day it is added.
 */

/** Capitals that are the word itself, not shouting. */
const ACRONYMS = new Set([
  'AC',
  'API',
  'CCTV',
  'CSV',
  'DB',
  'FAQ',
  'HD',
  'HVACR',
  'ID',
  'IP',
  'ISO',
  'LED',
  'PDF',
  'PEC',
  'QR',
  'SMTP',
  'SMS',
  'UPS',
  'URL',
  'PKR',
  'VAT',
  'PIN',
  'OK',
  'CPU',
  'TOTP',
  'RSS',
  'XML',
  'JSON',
  'PK',
]);
/** Names that are spelt with a capital inside. */
const NAMES_WITH_INNER_CAPITALS = new Set([
  'WhatsApp',
  'LinkedIn',
  'YouTube',
  'CoolFix',
  'PostgreSQL',
  'PGlite',
]);

/** What is wrong with a heading's or a button's words, if anything. */
function wordProblems(words: string): string[] {
  const problems: string[] = [];
  const shouted = words
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length >= 3 && word === word.toUpperCase() && !ACRONYMS.has(word));
  if (shouted.length > 0) problems.push(`in capitals (${shouted.join(' ')})`);
  for (const match of words.matchAll(/read\s+more/gi))
    if (match[0] !== 'Read more') problems.push(`"${match[0]}" is spelt "Read more"`);
  for (const match of words.matchAll(/\b[A-Z][a-z]+[A-Z][A-Za-z]*\b/g))
    if (!NAMES_WITH_INNER_CAPITALS.has(match[0])) problems.push(`"${match[0]}" is two words`);
  if (/\w\+(\s|$)/.test(words)) problems.push('a "+" stands for a word');
  return problems;
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&nbsp;', ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The headings, buttons, button-styled links and disclosure labels of a page. */
function headingsAndButtons(html: string): string[] {
  const body = html.slice(html.indexOf('<body'));
  const found = [
    ...body.matchAll(/<(h[1-6])\b[^>]*>([\s\S]*?)<\/\1>/g),
    ...body.matchAll(/<(button)\b[^>]*>([\s\S]*?)<\/button>/g),
    ...body.matchAll(/<(summary)\b[^>]*>([\s\S]*?)<\/summary>/g),
    ...body.matchAll(/<(a)\b[^>]*class="[^"]*\bbtn\b[^"]*"[^>]*>([\s\S]*?)<\/a>/g),
  ];
  return found.map((match) => decode(match[2]!)).filter(Boolean);
}

describe('the words of every public page (needs npm run build)', async () => {
  const t = await createTestApp({ ssr: true, env: { PUBLIC_URL: 'https://www.coolfix.example' } });
  await seedDemoInto(t.app);
  const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  const paths = [...sitemap.body.matchAll(/<loc>https:\/\/www\.coolfix\.example([^<]+)<\/loc>/g)].map(
    (match) => match[1]!,
  );

  it('reads the fixed pages and every record page', () => {
    expect(paths).toEqual(expect.arrayContaining(['/home', '/about', '/services', '/contact']));
    expect(paths.length).toBeGreaterThan(15);
  });

  it.each(paths)('%s: no heading or button in capitals, one spelling of each button word', async (page) => {
    const res = await t.app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    const words = headingsAndButtons(res.body);
    expect(words.length).toBeGreaterThan(2);
    const problems = words.flatMap((text) => wordProblems(text).map((problem) => `"${text}": ${problem}`));
    expect(problems).toEqual([]);
  });

  it('says "Read more" on the about entries and "Log out" to signed-in staff', async () => {
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(headingsAndButtons(about.body).filter((text) => text.includes('Read more'))).not.toEqual([]);
    const { authorization } = await t.signIn();
    const home = await t.app.inject({ method: 'GET', url: '/home', headers: { authorization } });
    expect(home.body).toContain('>Log out</a>');
    // Signing in hashes a password: slow only on a machine that is busy with other work.
  }, 120_000);
});

describe('the words written in the web app', () => {
  const webDir = path.join(PROJECT_ROOT, 'src/web');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(full);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
    });
  const sources = files(webDir).map((file) => ({
    file: path.relative(PROJECT_ROOT, file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  /** Text between JSX tags, and the strings given to props and fields that people read. */
  function writtenWords(text: string): string[] {
    // Between a tag's end and the next tag; a type argument (`Map<string, SiteRecord>`) or an
    // `extends` clause reads the same way to a pattern, and is left out by its shape.
    const jsxText = [...text.matchAll(/>([^<>{}=;()]*[A-Za-z][^<>{}=;()]*)</g)]
      .map((match) => match[1]!.trim())
      .filter((words) => !/\bextends\b|[:|,]\s*[A-Z]\w*$/.test(words));
    const named = [
      ...text.matchAll(
        /\b(?:title|label|tile|submitLabel|aria-label|placeholder)\s*[:=]\s*\{?\s*(['"])([^'"\n]*[A-Za-z][^'"\n]*)\1/g,
      ),
    ].map((match) => match[2]!);
    return [...jsxText, ...named].filter(Boolean);
  }

  it('finds words to read in the admin area and the components', () => {
    const admin = sources.filter(({ file }) => file.includes('/admin/'));
    expect(admin.flatMap(({ text }) => writtenWords(text)).length).toBeGreaterThan(200);
    expect(writtenWords('<button>Add+</button>').flatMap(wordProblems)).toEqual(['a "+" stands for a word']);
  });

  it('has no words in capitals, glued together or standing for a sign, and one "Read more"', () => {
    const problems = sources.flatMap(({ file, text }) =>
      writtenWords(text).flatMap((words) =>
        wordProblems(words).map((problem) => `${file}: "${words}": ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });
});
