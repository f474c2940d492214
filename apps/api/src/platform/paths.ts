import { existsSync } from 'node:fs';
import path from 'node:path';

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
