import { z } from 'zod';

/** The answer shapes of the API (docs/architecture.md#the-shared-contract): they keep the original API's MongoDB-style fields. */
export const insertAckSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const updateAckSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});
export const deleteAckSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export const plainAckSchema = z.object({ acknowledged: z.boolean() });
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type InsertAck = z.infer<typeof insertAckSchema>;
export type UpdateAck = z.infer<typeof updateAckSchema>;
export type DeleteAck = z.infer<typeof deleteAckSchema>;
export type PlainAck = z.infer<typeof plainAckSchema>;
