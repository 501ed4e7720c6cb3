import { z } from 'zod';

/** Records carry `_id` strings; ours are UUIDs, and anything else is simply "not found". */
export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.string() });
export const isId = (value: string): boolean => idSchema.safeParse(value).success;
