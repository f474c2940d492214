import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedServer } from '../platform/db/embedded-server';
import { findRepoRoot } from '../platform/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
  }
}

/** Starts the same embedded server the API uses in development, on a throw-away data folder. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_MONGODB_URI) {
    project.provide('mongoUri', process.env.TEST_MONGODB_URI);
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vanya-test-db-'));
  const server = await startEmbeddedServer({
    dataDir,
    repoRoot: findRepoRoot(),
    say: (line) => console.log(line),
  });
  project.provide('mongoUri', server.uri);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
