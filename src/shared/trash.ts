import { z } from 'zod';

/** A row of the Trash screen: a deleted record of any content type (GET /api/trash). */
export const trashItemSchema = z.object({
  /** The content type's name. */
  resource: z.string(),
  id: z.string(),
  title: z.string(),
  deletedAt: z.string(),
  /** Username of whoever moved it to the trash, from the audit log; null when unknown. */
  deletedBy: z.string().nullable(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;
