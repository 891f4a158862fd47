import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOB_STATES, jobEntrySchema } from '../../../shared/jobs';
import { errorSchema, pageQuery } from '../../http/schemas';
import type { JobStore } from './store';

/** `GET /api/jobs`: what is waiting to run and what was given up, for admins. */
export function jobRoutes(store: JobStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/jobs',
      {
        config: { access: 'jobs:read' },
        schema: {
          operationId: 'listJobs',
          tags: ['jobs'],
          summary:
            'Scheduled jobs still to run and jobs given up after their last attempt: newest problems first, then by due time',
          querystring: z.object({ ...pageQuery, state: z.enum(JOB_STATES).optional() }),
          response: {
            200: z.object({ data: z.array(jobEntrySchema), totalCount: z.number().int() }),
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
          },
        },
      },
      (request) => store.list(request.query),
    );
  };
}
