// .env.example lists every setting the code, docker compose and the build read, in a form compose
// and Node read alike; copied unchanged, it leaves compose refusing to start, naming each
// required setting.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../platform/paths';
import { CONFIG_VARIABLES } from './env';

const root = findRepoRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);

const example = read('.env.example');
/** KEY -> value, from the lines that are neither blank nor comments. */
const listed = new Map(
  example
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const eq = line.indexOf('=');
      return [line.slice(0, eq), line.slice(eq + 1)] as const;
    }),
);

const compose = read('docker-compose.yml');
const composeVariables = names(compose, /\$\{(\w+)/g);
const composeRequired = names(compose, /\$\{(\w+):\?/g);
const buildSources = [
  'apps/web/vite.config.ts',
  'apps/api/tsup.config.ts',
  ...readdirSync(path.join(root, 'apps/web/vite-plugins'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `apps/web/vite-plugins/${f}`),
];
const buildVariables = buildSources.flatMap((file) => names(read(file), /process\.env\.(\w+)/g));
// The web app's own configuration, which Vite fills in at build time.
const webVariables = names(read('apps/web/src/config/env.ts'), /\b(VITE_\w+)/g);
const scriptVariables = names(read('scripts/backup.sh'), /\$\{(\w+):-/g);

describe('.env.example', () => {
  it('holds only KEY=value lines and whole-line comments (compose would keep an inline comment as the value)', () => {
    for (const [key, value] of listed) {
      expect(key, `line "${key}=${value}"`).toMatch(/^[A-Z][A-Z0-9_]*$/);
      const unquoted = value.startsWith('"') ? value.slice(value.indexOf('"', 1) + 1) : value;
      expect(unquoted, `${key} has something after its value`).not.toMatch(/\s/);
    }
  });

  it('lists every setting the API, docker compose, the build and the backup script read', () => {
    const read = new Set([
      ...CONFIG_VARIABLES,
      ...composeVariables,
      ...buildVariables,
      ...webVariables,
      ...scriptVariables,
    ]);
    const missing = [...read].filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
    // And nothing nobody reads (UV_THREADPOOL_SIZE is Node's own).
    const unread = [...listed.keys()].filter((name) => !read.has(name));
    expect(unread).toEqual(['UV_THREADPOOL_SIZE']);
  });

  it('leaves every setting compose requires empty, so a copy made unchanged is refused by name', () => {
    expect(composeRequired.length).toBeGreaterThan(10);
    const filled = composeRequired.filter((name) => (listed.get(name) ?? '') !== '');
    // The two with a sensible value of their own.
    expect(filled.sort()).toEqual(['MAIL_FROM', 'SELLER_LEGAL_NAME']);
  });

  it('has turbo hash every variable the build reads, so changing one rebuilds', () => {
    const turbo = JSON.parse(read('turbo.json')) as { tasks: { build: { env?: string[] } } };
    const hashed = turbo.tasks.build.env ?? [];
    const covers = (name: string) =>
      hashed.some((entry) =>
        entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : entry === name,
      );
    // API_PORT is the development server's, never part of a build's output.
    const built = [...buildVariables, ...webVariables].filter((name) => name !== 'API_PORT');
    expect(built.filter((name) => !covers(name))).toEqual([]);
  });
});
