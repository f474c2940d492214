import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../paths';
import { EmbeddedDatabaseError, NO_DATABASE_HELP, startEmbeddedServer } from './embedded-server';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vanya-embedded-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database server', () => {
  it('keeps data across a restart on the same data folder', async () => {
    const dataDir = tempDir();
    const first = await startEmbeddedServer({ dataDir, repoRoot: findRepoRoot() });
    const a = await mongoose.createConnection(first.uri).asPromise();
    await a.collection('notes').insertOne({ text: 'kokum butter batch 14' });
    await a.close();
    await first.stop();

    const second = await startEmbeddedServer({ dataDir, repoRoot: findRepoRoot() });
    const b = await mongoose.createConnection(second.uri).asPromise();
    const note = await b.collection('notes').findOne({});
    expect(note?.text).toBe('kokum butter batch 14');
    await b.close();
    await second.stop();
  });

  it('says exactly what to install when no server can be found or built', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = tempDir();
    try {
      await expect(
        startEmbeddedServer({ dataDir: tempDir(), repoRoot: tempDir() }),
      ).rejects.toThrow(EmbeddedDatabaseError);
      await expect(
        startEmbeddedServer({ dataDir: tempDir(), repoRoot: tempDir() }),
      ).rejects.toThrow(NO_DATABASE_HELP);
    } finally {
      process.env.PATH = savedPath;
    }
    expect(NO_DATABASE_HELP).toMatch(/MONGODB_URI/);
    expect(NO_DATABASE_HELP).toMatch(/mongod/);
    expect(NO_DATABASE_HELP).toMatch(/Go/);
  });
});
