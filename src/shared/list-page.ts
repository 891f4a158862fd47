import { z } from 'zod';

/** One page of a paginated list, as every paginated API answers it (the spec's contactus shape). */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalCount: z.number().int() });

export type ListPage<T> = { data: T[]; totalCount: number };
