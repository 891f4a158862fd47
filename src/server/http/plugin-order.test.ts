import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { orderPlugins, type PluginEntry, pluginNames, registerPlugins } from './plugin-order';

const named = (name: string, dependencies: string[] = [], encapsulate = false): PluginEntry => ({
  plugin: fp(async () => {}, { name, dependencies, encapsulate }),
});

describe('the plugin order', () => {
  it('puts each plugin after what it depends on and routes after every application-wide plugin', () => {
    const list = [
      named('routes', [], true),
      named('compression', ['cache-store']),
      named('cache-store', ['headers']),
      named('headers'),
      named('access', ['cookies']),
      named('cookies'),
    ];
    expect(pluginNames(orderPlugins(list))).toEqual([
      'cookies',
      'access',
      'headers',
      'cache-store',
      'compression',
      'routes',
    ]);
    expect(pluginNames(orderPlugins([...list].reverse()))).toEqual(pluginNames(orderPlugins(list)));
  });

  it('refuses a dependency that is not in the list, naming both', () => {
    expect(() => orderPlugins([named('access', ['cookies'])])).toThrow(
      'Plugin "access" depends on "cookies", which is not in the plugin list.',
    );
  });

  it('refuses a circle and a name given twice', () => {
    expect(() => orderPlugins([named('a', ['b']), named('b', ['a']), named('c')])).toThrow(
      'a circle of dependencies runs through them): a, b.',
    );
    expect(() => orderPlugins([named('a'), named('a')])).toThrow('Two plugins are named "a".');
  });

  it('refuses a plugin without a name', () => {
    expect(() => orderPlugins([{ plugin: async () => {} }])).toThrow('has a name');
  });

  it('registers hooks in the derived order, whatever the order of the list', async () => {
    const hookAdder = (name: string, dependencies: string[]): PluginEntry => ({
      plugin: fp(
        async (app: FastifyInstance) => {
          app.addHook('onRequest', async (request) => {
            (request as unknown as { seen: string[] }).seen.push(name);
          });
        },
        { name, dependencies },
      ),
    });
    const list = [hookAdder('third', ['second']), hookAdder('first', []), hookAdder('second', ['first'])];
    const app = Fastify();
    app.decorateRequest('seen', null);
    app.addHook('onRequest', async (request) => {
      (request as unknown as { seen: string[] }).seen = [];
    });
    await registerPlugins(app, list);
    app.get('/', async (request) => (request as unknown as { seen: string[] }).seen);
    expect((await app.inject('/')).json()).toEqual(['first', 'second', 'third']);
    await app.close();
  });
});
