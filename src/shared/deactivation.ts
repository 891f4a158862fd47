import { z } from 'zod';
import { userListItemSchema } from './auth';
import { CONTACT_STAGES } from './constants';

/** A request still open and assigned to a person being deactivated: someone must take it over. */
export const openRequestSchema = z.object({
  _id: z.string(),
  reference: z.string().optional(),
  /** The customer's name, as the request list shows it. */
  name: z.string(),
  stage: z.enum(CONTACT_STAGES),
});
export type OpenRequest = z.infer<typeof openRequestSchema>;

/** POST /api/users/:id/deactivate: the account as it is now and the open requests it leaves. */
export const deactivationSchema = z.object({
  user: userListItemSchema,
  openRequests: z.array(openRequestSchema),
});
export type Deactivation = z.infer<typeof deactivationSchema>;
