import { z } from 'zod';

const partState = z.enum(['up', 'down']);

/**
 * `GET /api/ready`: whether this instance can serve now (200) or not (503), and which part is
 * down. A load balancer sends traffic to the instances that answer 200 (docs/operations.md#monitoring).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: partState,
  changeFeed: partState,
});

export type Readiness = z.infer<typeof readinessSchema>;
