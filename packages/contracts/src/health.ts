// GET /health: liveness for the platform and for people.
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number().nonnegative(),
  version: z.string(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
