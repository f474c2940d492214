import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

  it('finds a document by its _id index when the filter names more than the _id, and still applies the rest', async () => {
    const server = await startEmbeddedServer({ dataDir: tempDir(), repoRoot: findRepoRoot() });
    const connection = await mongoose.createConnection(server.uri).asPromise();
    try {
      const orders = connection.collection('orders');
      const { insertedIds } = await orders.insertMany([
        { status: 'paid', tags: ['gift'] },
        { status: 'pending' },
      ]);
      const paid = insertedIds[0]!;
      const plan = async (filter: Record<string, unknown>) =>
        (await orders.find(filter).explain()) as { filterPushdown?: boolean };
      // What the guarded moves send ({_id, status}) is read by the index, as {_id} alone is;
      // a filter without an _id, or with an _id condition that is not a value, is not.
      expect((await plan({ _id: paid })).filterPushdown).toBe(true);
      expect((await plan({ _id: paid, status: 'paid' })).filterPushdown).toBe(true);
      expect((await plan({ status: 'paid' })).filterPushdown).toBe(false);
      expect((await plan({ _id: { $in: [paid] }, status: 'paid' })).filterPushdown).toBe(false);
      // The rest of the filter still decides: a wrong status or tag finds nothing, an array
      // field still matches one of its values, and a guarded update moves only the match.
      expect(await orders.findOne({ _id: paid, status: 'pending' })).toBeNull();
      expect(await orders.findOne({ _id: paid, tags: 'gift' })).toMatchObject({ status: 'paid' });
      expect(await orders.findOne({ _id: paid, tags: 'soap' })).toBeNull();
      const moved = await orders.updateOne(
        { _id: insertedIds[1]!, status: 'paid' },
        { $set: { status: 'shipped' } },
      );
      expect(moved.matchedCount).toBe(0);
      expect(
        await orders.findOneAndUpdate(
          { _id: insertedIds[1]!, status: 'pending' },
          { $set: { status: 'paid' } },
          { returnDocument: 'after' },
        ),
      ).toMatchObject({ status: 'paid' });
    } finally {
      await connection.close();
      await server.stop();
    }
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

  it('rebuilds an older FerretDB build in .tools/bin before running it', async () => {
    // A checkout whose .tools/bin holds a build stamped by an older script (before updates were
    // serialised, say) and whose script now builds something newer: the stand-in script records
    // that it was asked to build and stamps the binary, as the real one does.
    const realBin = path.join(findRepoRoot(), '.tools', 'bin', 'ferretdb');
    const repoRoot = tempDir();
    const toolsBin = path.join(repoRoot, '.tools', 'bin');
    mkdirSync(toolsBin, { recursive: true });
    mkdirSync(path.join(repoRoot, 'scripts'));
    copyFileSync(realBin, path.join(toolsBin, 'ferretdb'));
    chmodSync(path.join(toolsBin, 'ferretdb'), 0o755);
    writeFileSync(path.join(toolsBin, 'ferretdb.build'), 'v1.24.2 with the _id index used\n');
    const script = path.join(repoRoot, 'scripts', 'build-ferretdb.sh');
    writeFileSync(
      script,
      [
        'set -e',
        'here="$(cd "$(dirname "$0")/.." && pwd)"',
        'if [ "${1:-}" = "--print-build" ]; then echo "newer build"; exit 0; fi',
        'echo rebuilt > "$here/rebuilt"',
        'echo "newer build" > "$here/.tools/bin/ferretdb.build"',
      ].join('\n'),
    );
    const said: string[] = [];
    const server = await startEmbeddedServer({
      dataDir: tempDir(),
      repoRoot,
      say: (line) => said.push(line),
    });
    await server.stop();
    expect(existsSync(path.join(repoRoot, 'rebuilt'))).toBe(true);
    expect(said.join('\n')).toMatch(/older build/);
    expect(readFileSync(path.join(toolsBin, 'ferretdb.build'), 'utf8').trim()).toBe('newer build');

    // Stamped as the script builds: run as it is.
    rmSync(path.join(repoRoot, 'rebuilt'));
    const again = await startEmbeddedServer({ dataDir: tempDir(), repoRoot });
    await again.stop();
    expect(existsSync(path.join(repoRoot, 'rebuilt'))).toBe(false);
  });

  it('stamps the build the repository script makes with its serialised updates', () => {
    const root = findRepoRoot();
    const wanted = execFileSync(
      'bash',
      [path.join(root, 'scripts', 'build-ferretdb.sh'), '--print-build'],
      {
        encoding: 'utf8',
      },
    ).trim();
    expect(wanted).toMatch(/updates serialised/);
  });
});
