// GET /health/live and /health/ready (the older /health is readiness): for the platform and for people.
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  // 'unchecked': the liveness answer, which never asks the database.
  database: z.enum(['up', 'down', 'unchecked']),
  uptimeSeconds: z.number().nonnegative(),
  version: z.string(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
