import type { FastifyInstance } from 'fastify';
import type { ChangeEvent } from '../db/change-log';

const MAX_KEYS = 500;

/**
 * Totals of a paginated list (the inbox at 100,000 messages) cost a scan each; the same filter
 * asked again gets the remembered number until a record of that type changes here or on another
 * instance. A count that started before a change is not remembered.
 */
export function createCountCache(app: FastifyInstance, resource: string) {
  const totals = new Map<string, number>();
  let generation = 0;
  const onChange = (event: ChangeEvent) => {
    if (event.resource !== resource) return;
    generation++;
    totals.clear();
  };
  const stopListening = app.changes.onChange(onChange);
  app.addHook('onClose', async () => {
    stopListening();
  });

  return async function cachedCount(query: object, count: () => Promise<number>): Promise<number> {
    const key = JSON.stringify(query);
    const known = totals.get(key);
    if (known !== undefined) return known;
    const started = generation;
    const total = await count();
    if (started === generation) {
      if (totals.size >= MAX_KEYS) totals.clear();
      totals.set(key, total);
    }
    return total;
  };
}
