import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

/**
 * A plugin made with `fastify-plugin`: `fp(fn, { name, dependencies })` for one that decorates the
 * application or adds its hooks, `encapsulate: true` for one that adds routes.
 */
// biome-ignore lint/suspicious/noExplicitAny: each plugin states its own options; the list holds all kinds
export type NamedPlugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;

/** A plugin and the options it is registered with. */
export interface PluginEntry {
  plugin: NamedPlugin;
  options?: object;
}

interface PluginMeta {
  name?: string;
  dependencies?: string[];
  encapsulate?: boolean;
}

/** Pair a plugin with its options, typed by what the plugin takes. */
export function withOptions<Options extends object>(
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): PluginEntry {
  return { plugin, options };
}

function metaOf(entry: PluginEntry): Required<PluginMeta> {
  const meta = (entry.plugin as unknown as Record<symbol, PluginMeta | undefined>)[Symbol.for('plugin-meta')];
  if (!meta?.name) throw new Error('Every plugin in the list is made with fastify-plugin and has a name.');
  return { name: meta.name, dependencies: meta.dependencies ?? [], encapsulate: meta.encapsulate ?? false };
}

/**
 * The order to register plugins in, whatever the order of the list: each after what it depends
 * on, every route plugin after every application-wide one (a route keeps the hooks that existed
 * when it was added, and `onRoute` hooks see only the routes added after them), and otherwise by
 * name. Hook order thus follows from declared dependencies alone; the list's own order means
 * nothing. A dependency that is not in the list, a name given twice or a circle fails here,
 * before anything is registered.
 */
export function orderPlugins(entries: readonly PluginEntry[]): PluginEntry[] {
  const byName = new Map<string, { entry: PluginEntry; meta: Required<PluginMeta> }>();
  for (const entry of entries) {
    const meta = metaOf(entry);
    if (byName.has(meta.name)) throw new Error(`Two plugins are named "${meta.name}".`);
    byName.set(meta.name, { entry, meta });
  }
  const applicationWide = [...byName.values()]
    .filter((node) => !node.meta.encapsulate)
    .map((n) => n.meta.name);
  const needs = new Map<string, Set<string>>();
  for (const { meta } of byName.values()) {
    for (const dependency of meta.dependencies) {
      if (!byName.has(dependency))
        throw new Error(`Plugin "${meta.name}" depends on "${dependency}", which is not in the plugin list.`);
    }
    needs.set(meta.name, new Set([...meta.dependencies, ...(meta.encapsulate ? applicationWide : [])]));
  }

  const ordered: PluginEntry[] = [];
  const placed = new Set<string>();
  while (placed.size < byName.size) {
    const ready = [...byName.keys()]
      .filter((name) => !placed.has(name) && [...needs.get(name)!].every((need) => placed.has(need)))
      .sort();
    const next = ready[0];
    if (next === undefined) {
      const waiting = [...byName.keys()].filter((name) => !placed.has(name));
      throw new Error(
        `These plugins cannot be ordered (a circle of dependencies runs through them): ${waiting.join(', ')}.`,
      );
    }
    placed.add(next);
    ordered.push(byName.get(next)!.entry);
  }
  return ordered;
}

/** The names of the plugins in the order they are registered (tests and the start log read it). */
export function pluginNames(entries: readonly PluginEntry[]): string[] {
  return entries.map((entry) => metaOf(entry).name);
}

/** Register the list in dependency order; Fastify checks each plugin's dependencies again. */
export async function registerPlugins(app: FastifyInstance, entries: readonly PluginEntry[]) {
  for (const { plugin, options } of orderPlugins(entries)) await app.register(plugin, options ?? {});
}
