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
import net from 'node:net';
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

  it('starts on another port when its port is taken meanwhile, and never answers with the taker', async () => {
    // Another process holds the port the server is first given (as when one takes the free port
    // chosen for the server before the server binds it): it accepts connections, but is not it.
    const taker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taker.listen(0, '127.0.0.1', resolve));
    const taken = (taker.address() as net.AddressInfo).port;
    try {
      // In a data folder not yet made, as the journeys and the browser suite start it.
      const server = await startEmbeddedServer({
        dataDir: path.join(tempDir(), 'db'),
        repoRoot: findRepoRoot(),
        port: taken,
      });
      try {
        expect(server.port).not.toBe(taken);
        const connection = await mongoose.createConnection(server.uri).asPromise();
        await connection.collection('notes').insertOne({ text: 'batch 15' });
        expect(await connection.collection('notes').countDocuments()).toBe(1);
        await connection.close();
      } finally {
        await server.stop();
      }
    } finally {
      taker.close();
    }
  });

  it('hands SQLite the equalities on strings and ObjectIDs, and still matches as MongoDB does', async () => {
    const server = await startEmbeddedServer({ dataDir: tempDir(), repoRoot: findRepoRoot() });
    const connection = await mongoose.createConnection(server.uri).asPromise();
    try {
      const orders = connection.collection('orders');
      const userId = new mongoose.Types.ObjectId();
      const { insertedIds } = await orders.insertMany([
        { userId, key: 'k-1', status: 'paid', tags: ['gift', 'soap'], total: 877 },
        { userId, key: 'k-2', status: 'pending', tags: 'gift', total: 349 },
        { userId: String(userId), key: 'k-3', status: 'paid', tags: [{ name: 'gift' }] },
        { key: 'k-4', status: 'paid' },
      ]);
      const [paid, pending] = [insertedIds[0]!, insertedIds[1]!];
      const plan = async (filter: Record<string, unknown>) =>
        ((await orders.find(filter).explain()) as { filterPushdown?: boolean }).filterPushdown;
      // What the guarded moves and look-ups send is filtered by SQLite, not read in full.
      expect(await plan({ _id: paid })).toBe(true);
      expect(await plan({ _id: paid, status: 'paid' })).toBe(true);
      expect(await plan({ userId, key: 'k-1' })).toBe(true);
      expect(await plan({ total: { $gt: 400 } })).toBe(false);
      expect(await plan({ total: 877 })).toBe(false);
      // The rest of the filter still decides, by MongoDB's rules.
      const keys = async (filter: Record<string, unknown>) =>
        (await orders.find(filter).sort({ key: 1 }).toArray()).map((o) => o.key as string);
      expect(await keys({ _id: paid, status: 'pending' })).toEqual([]);
      expect(await keys({ userId })).toEqual(['k-1', 'k-2']); // an ObjectID is not its hex string
      expect(await keys({ userId: String(userId) })).toEqual(['k-3']);
      expect(await keys({ tags: 'gift' })).toEqual(['k-1', 'k-2']); // in an array, or the value
      expect(await keys({ tags: 'soap', status: 'paid' })).toEqual(['k-1']);
      expect(await keys({ status: 'paid', total: { $gt: 400 } })).toEqual(['k-1']);
      expect(await keys({ status: 'paid', $or: [{ key: 'k-3' }, { key: 'k-4' }] })).toEqual([
        'k-3',
        'k-4',
      ]);
      expect(await orders.countDocuments({ status: 'paid' })).toBe(3);
      // Guarded writes move only what matches.
      const moved = await orders.updateOne({ _id: pending, status: 'paid' }, { $set: { n: 1 } });
      expect(moved.matchedCount).toBe(0);
      expect(
        await orders.findOneAndUpdate(
          { _id: pending, status: 'pending' },
          { $set: { status: 'paid' } },
          { returnDocument: 'after' },
        ),
      ).toMatchObject({ key: 'k-2', status: 'paid' });
      expect((await orders.deleteMany({ status: 'paid', userId })).deletedCount).toBe(2);
      expect(await keys({})).toEqual(['k-3', 'k-4']);
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
