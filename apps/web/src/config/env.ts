// Vite inlines `import.meta.env` at build time; an empty variable counts as unset. Checked by hand
// (not with zod) because this module loads with the first page.

export type Env = {
  /** Where API calls go: '/api' by default, without a trailing slash. */
  VITE_API_URL: string;
};

export function parseEnv(source: Record<string, unknown>): Env {
  const raw = source.VITE_API_URL;
  if (raw === undefined || raw === '') return { VITE_API_URL: '/api' };
  const url = typeof raw === 'string' ? raw.trim() : '';
  if (url === '') {
    throw new Error(
      `Invalid web configuration (import.meta.env): VITE_API_URL must be a URL or a path, got ${JSON.stringify(raw)}`,
    );
  }
  return { VITE_API_URL: url.replace(/\/+$/, '') || '/' };
}

export const env = parseEnv(import.meta.env);
