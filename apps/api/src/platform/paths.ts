import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The first of `candidates` that exists: a file the API loads by name (a worker's script) sits
 * next to the built code in one form and next to the source in another.
 */
export function firstExisting(candidates: URL[], what: string): URL {
  const found = candidates.find((candidate) => existsSync(fileURLToPath(candidate)));
  if (!found) throw new Error(`${what} not found next to the API code`);
  return found;
}

/** The monorepo's root: the nearest folder above `start` holding pnpm-workspace.yaml (else `start`). */
export function findRepoRoot(start: string = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}
