import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const storage = new AsyncLocalStorage<Promise<unknown>[]>();
const pendingOf = new WeakMap<FastifyRequest, Promise<unknown>[]>();
const scopeOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Make the response of the request being handled wait until `work` settles. Change listeners
 * (the audit log) call this so that what they write is stored before the client hears "done";
 * outside a request it does nothing but hand `work` back.
 */
export function awaitBeforeResponse<T>(work: Promise<T>): Promise<T> {
  storage.getStore()?.push(work);
  return work;
}

/** Give every request its own list of work its response waits for. */
export function registerRequestWork(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const pending: Promise<unknown>[] = [];
    pendingOf.set(request, pending);
    storage.run(pending, () => {
      scopeOf.set(request, new AsyncResource('request-work'));
      done();
    });
  });
  // The body arrives through socket events, outside the request's context: step back into it.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopeOf.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
  app.addHook('onSend', async (request) => {
    const pending = pendingOf.get(request);
    while (pending?.length) await Promise.allSettled(pending.splice(0));
  });
}
