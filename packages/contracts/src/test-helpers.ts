// Test-only helpers (not exported from the package).
import type { z } from 'zod';

/** The messages of a parse's issues; [] when the value was accepted. */
export function issueMessages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The issues' paths joined with dots, for asserting which field was refused. */
export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}
