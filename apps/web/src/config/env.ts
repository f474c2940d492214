import { z } from 'zod';

// Vite inlines `import.meta.env` at build time; an empty variable counts as unset.
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  VITE_API_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .min(1)
      .default('/api')
      .transform((url) => url.replace(/\/+$/, '') || '/'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new Error(
      `Invalid web configuration (import.meta.env): ${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}

export const env = parseEnv(import.meta.env);
