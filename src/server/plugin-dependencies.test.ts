import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPlugins } from './app';
import type { PluginEntry } from './http/plugin-order';
import { testEnv } from './test/helpers';

/**
 * A plugin may read only what it, or a plugin it depends on (directly or through others), put on
 * the application. A read of an undeclared decoration works today only because of the order the
 * list happens to give, or because it is read late (inside a handler); it breaks, or hides a cycle,
 * when someone moves a plugin. The order test cannot see late reads, so this reads the source:
 * each plugin file and the server files it imports (up to the next plugin file) are searched for
 * `app.<decoration>`, and each decoration's owner must be among the file's plugins' dependencies.
 */

const SERVER = path.join(import.meta.dirname);

interface Meta {
  name: string;
  dependencies: string[];
  encapsulate: boolean;
}

function metaOf(entry: PluginEntry): Meta {
  const meta = (entry.plugin as unknown as Record<symbol, Partial<Meta>>)[Symbol.for('plugin-meta')] ?? {};
  return {
    name: meta.name ?? '',
    dependencies: meta.dependencies ?? [],
    encapsulate: meta.encapsulate ?? false,
  };
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name) ? [file] : [];
  });
}

const files = new Map(sourceFiles(SERVER).map((file) => [file, fs.readFileSync(file, 'utf8')]));
const isPluginFile = (text: string) => /\bfp\(/.test(text);

/** The plugin names a file declares, in the order they appear. */
function declaredNames(text: string): { name: string; at: number }[] {
  return [...text.matchAll(/\bname: '([\w-]+)'/g)].map((m) => ({ name: m[1] as string, at: m.index }));
}

/** Decoration name → the plugin that decorates it: the first plugin name after `decorate('x'`. */
function decorationOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const text of files.values()) {
    if (!isPluginFile(text)) continue;
    const names = declaredNames(text);
    for (const match of text.matchAll(/\.decorate\(\s*'(\w+)'/g)) {
      const owner = names.find((n) => n.at > match.index);
      if (owner) owners.set(match[1] as string, owner.name);
    }
  }
  return owners;
}

/** The server files a file imports by relative path, by the names it imports from each. */
function importsOf(file: string): { names: string[]; target: string }[] {
  const text = files.get(file) ?? '';
  return [...text.matchAll(/import (?:type )?\{([^}]*)\} from '(\.{1,2}\/[^']+)'/g)].flatMap((m) => {
    const base = path.resolve(path.dirname(file), m[2] as string);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => files.has(candidate));
    const names = (m[1] as string).split(',').map(
      (name) =>
        name
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
    );
    return target ? [{ names: names.filter(Boolean), target }] : [];
  });
}

/** The file and what it imports, not following into other plugin files (their reads are their own). */
function reachable(file: string): string[] {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    for (const { target } of importsOf(queue.shift() as string)) {
      if (seen.has(target) || isPluginFile(files.get(target) ?? '')) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return [...seen];
}

/**
 * Each `fp(...)` of a plugin file with the plugin it names, and the text it reads: the call itself
 * and every server file whose exports the call uses (with what those import in turn).
 */
function pluginReads(file: string): { plugin: string; texts: { file: string; text: string }[] }[] {
  const text = files.get(file) ?? '';
  const imports = importsOf(file);
  return [...text.matchAll(/\bfp\(/g)].flatMap((call) => {
    const named = declaredNames(text).find((n) => n.at > call.index);
    if (!named) return [];
    const segment = text.slice(call.index, named.at);
    const used = imports
      .filter(({ names }) => names.some((name) => new RegExp(`\\b${name}\\b`).test(segment)))
      .flatMap(({ target }) => (isPluginFile(files.get(target) ?? '') ? [] : reachable(target)));
    return [
      {
        plugin: named.name,
        texts: [
          { file, text: segment },
          ...[...new Set(used)].map((f) => ({ file: f, text: files.get(f) ?? '' })),
        ],
      },
    ];
  });
}

describe('plugin dependencies', () => {
  const metas = appPlugins({ env: testEnv() }).map(metaOf);
  const byName = new Map(metas.map((meta) => [meta.name, meta]));
  const applicationWide = metas.filter((meta) => !meta.encapsulate).map((meta) => meta.name);

  /** What a plugin may read: itself and everything it is registered after, by declaration. */
  function reach(name: string): Set<string> {
    const found = new Set<string>([name]);
    const queue = [name];
    while (queue.length) {
      const meta = byName.get(queue.shift() as string);
      if (!meta) continue;
      for (const next of [...meta.dependencies, ...(meta.encapsulate ? applicationWide : [])])
        if (!found.has(next)) found.add(next) && queue.push(next);
    }
    return found;
  }

  it('finds the decorations and their owners it checks', () => {
    const owners = decorationOwners();
    expect(owners.get('recovery')).toBe('recovery');
    expect(owners.get('site')).toBe('site');
    expect(owners.size).toBeGreaterThan(15);
  });

  it('every decoration a plugin reads comes from a plugin it depends on', () => {
    const owners = decorationOwners();
    const problems = new Set<string>();
    for (const [file, text] of files) {
      if (!isPluginFile(text)) continue;
      for (const { plugin, texts } of pluginReads(file)) {
        if (!byName.has(plugin)) continue;
        const allowed = reach(plugin);
        for (const read of texts)
          for (const match of read.text.matchAll(/\bapp\.(\w+)/g)) {
            const owner = owners.get(match[1] as string);
            if (owner && !allowed.has(owner))
              problems.add(
                `"${plugin}" reads app.${match[1]} (from "${owner}") in ${path.relative(SERVER, read.file)} without depending on it`,
              );
          }
      }
    }
    expect([...problems]).toEqual([]);
  });
});
