import { z } from 'zod';
import { TAP_TYPES } from './taps';

/** What a tap beacon carries: its kind, and nothing that could tell one visitor from another (other keys are dropped). */
export const tapEventSchema = z.object({
  type: z.enum(TAP_TYPES, { error: `Type must be one of: ${TAP_TYPES.join(', ')}.` }),
});
export type TapEvent = z.infer<typeof tapEventSchema>;
