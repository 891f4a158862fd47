import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tapEventSchema } from '../../../shared/tap-event';
import { TAP_EVENTS_PATH } from '../../../shared/taps';
import { HttpError } from '../../errors';
import { jsonDepthWithin, MAX_JSON_DEPTH, tooDeep } from '../../http/body-size';
import { refuseOtherSites } from '../../http/same-site';
import { errorSchema } from '../../http/schemas';
import type { TapStore } from './tap-store';

/**
 * `POST /api/events`: a tap on a Call or WhatsApp link, sent by the public pages with
 * `navigator.sendBeacon`. A beacon of a string arrives as `text/plain` (a type a browser sends
 * to any site without asking first), so that is read as JSON here, as `application/json` is.
 * Anonymous on purpose: no session is looked at, no cookie is set, and only the day and the kind
 * of tap are stored (docs/decisions/070). Only taps sent from this site's pages count: any page
 * elsewhere could otherwise send beacons from its visitors' browsers and inflate the numbers.
 */
export function tapRoutes(store: TapStore): FastifyPluginAsyncZod {
  return async (app) => {
    // This plugin's own scope: other routes keep Fastify's plain-text parser.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      // Bounded like every JSON body (plugins/request-parsing.ts), before it is parsed.
      if (!jsonDepthWithin(String(body), MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new HttpError(400, 'The body must be JSON, e.g. {"type":"call"}.'), undefined);
      }
    });

    app.post(
      TAP_EVENTS_PATH,
      {
        onRequest: refuseOtherSites("Taps are counted only when sent from this site's own pages."),
        config: {
          access: 'public',
          writeLimit: {
            bucket: 'tap-events',
            max: app.env.EVENTS_RATE_LIMIT,
            windowMinutes: 10,
            message: 'Too many events. Please try again later.',
          },
        },
        schema: {
          operationId: 'countTap',
          tags: ['events'],
          summary: 'Count a tap on a Call or WhatsApp link (anonymous: only the day and the kind are stored)',
          body: tapEventSchema,
          response: {
            204: z.null().describe('Counted'),
            400: errorSchema,
            403: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        await store.recordTap(request.body.type);
        return reply.code(204).send(null);
      },
    );
  };
}
