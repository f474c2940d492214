// A backup of the shop: its MongoDB database and its uploads folder (avatars, ticket attachments).
//
//   backup dump --out <dir> [--keep 14]         writes <dir>/vanya-<UTC time>.tar.gz, keeps the newest 14
//   backup restore --from <archive> [--drop]    into an empty database and uploads folder (--drop empties them)
//
// From the repo: pnpm --filter @vanya/api exec tsx src/cli/backup.ts dump --out <dir>; in the image:
// node dist/cli/backup.js dump --out /backups. scripts/backup.sh and scripts/restore.sh run either.
// The database is the one MONGODB_URI names (outside production, without it: the embedded server of
// .data/db, as the API uses), the uploads folder UPLOAD_DIR (else DATA_DIR/uploads), as for the API.
//
// An archive holds one folder, vanya-<UTC time>/, with manifest.json, db/<collection>.bson (the
// collection's documents, each a length-prefixed BSON document as mongodump writes them),
// db/<collection>.indexes.json (extended JSON of collection.indexes()) and uploads/ (a copy of
// UPLOAD_DIR). On a replica set (production) every collection is read at one moment, in a snapshot
// session, so the archive never holds an order without the documents written with it; a
// standalone server (the embedded one) has no snapshots, and its collections are read one after the
// other. MongoDB keeps a snapshot for 5 minutes (minSnapshotHistoryWindowInSeconds): a dump that
// takes longer fails and is tried again.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, realpathSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import type { mongo } from 'mongoose';
import { loadConfig } from '../config/env';
import { runningEmbeddedServer, startEmbeddedServer } from '../platform/db/embedded-server';
import type { EmbeddedServer } from '../platform/db/embedded-server';
import { findRepoRoot } from '../platform/paths';

const { BSON, MongoClient } = mongoose.mongo;
const run = promisify(execFile);

export const BACKUP_FORMAT = 'vanya-backup';
const FORMAT_VERSION = 1;
const FOLDER_PATTERN = /^vanya-\d{8}T\d{6}Z$/;
const ARCHIVE_PATTERN = /^vanya-\d{8}T\d{6}Z\.tar\.gz$/;
export const DEFAULT_KEEP = 14;
/** A BSON document is at most 16 MiB; a length beyond that means the file is not what we wrote. */
const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024 + 16 * 1024;
const INSERT_BATCH_DOCUMENTS = 1000;
const INSERT_BATCH_BYTES = 8 * 1024 * 1024;

/** A refusal or bad input, told to the operator as it is (no stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: string;
  /** Whether every collection was read at one moment (a replica set's snapshot). */
  pointInTime?: boolean;
  collections: { name: string; count: number; options: Record<string, unknown> }[];
  uploads: { files: number; bytes: number };
}

export interface DumpOptions {
  mongoUri: string;
  /** Overrides the database named in the URI (tests). */
  dbName?: string;
  uploadDir: string;
  outDir: string;
  /** How many archives to keep, the new one included (14). */
  keep?: number;
  now?: Date;
  say?: (line: string) => void;
}

export interface DumpResult {
  archive: string;
  manifest: Manifest;
  /** Older archives removed by the retention. */
  removed: string[];
}

export interface RestoreOptions {
  mongoUri: string;
  dbName?: string;
  uploadDir: string;
  from: string;
  /** Drop the target database and empty the uploads folder first, instead of refusing. */
  drop?: boolean;
  say?: (line: string) => void;
}

export interface RestoreResult {
  database: string;
  manifest: Manifest;
  collections: { name: string; documents: number; indexes: number }[];
  uploads: { files: number; bytes: number };
}

const timestamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** Writes the archive of the database and the uploads folder into `outDir`, then applies the retention. */
export async function dumpShop(options: DumpOptions): Promise<DumpResult> {
  const say = options.say ?? (() => {});
  const keep = options.keep ?? DEFAULT_KEEP;
  if (!Number.isInteger(keep) || keep < 1)
    throw new BackupError(`--keep must be a whole number of at least 1 (got ${keep}).`);
  const name = `vanya-${timestamp(options.now ?? new Date())}`;
  const outDir = path.resolve(options.outDir);
  const folder = path.join(outDir, name);
  const archive = path.join(outDir, `${name}.tar.gz`);
  if (existsSync(archive) || existsSync(folder))
    throw new BackupError(`${archive} already exists: one backup per second at most.`);
  await mkdir(path.join(folder, 'db'), { recursive: true });
  const partial = path.join(outDir, `.${name}.tar.gz.partial`);

  const client = new MongoClient(options.mongoUri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    const db = client.db(options.dbName);
    const { setName } = await db.admin().command({ hello: 1 });
    // Every read of the dump at one moment, where the server keeps snapshots (a replica set).
    const session = setName ? client.startSession({ snapshot: true }) : undefined;
    say(
      `Backing up database "${db.databaseName}" and ${options.uploadDir}${session ? ' (one snapshot)' : ''}`,
    );
    const listed = await db.listCollections({}, { nameOnly: false }).toArray();
    const collections: Manifest['collections'] = [];
    for (const info of listed.sort((a, b) => a.name.localeCompare(b.name))) {
      if (info.name.startsWith('system.') || (info.type && info.type !== 'collection')) continue;
      checkCollectionName(info.name);
      const count = await dumpCollection(db, info.name, path.join(folder, 'db'), session);
      const collectionOptions = (info as { options?: Record<string, unknown> }).options ?? {};
      collections.push({
        name: info.name,
        count,
        options: BSON.EJSON.serialize(collectionOptions),
      });
      say(`  ${info.name}: ${count} documents`);
    }
    const uploads = await copyTree(options.uploadDir, path.join(folder, 'uploads'));
    say(`  uploads: ${uploads.files} files, ${uploads.bytes} bytes`);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: db.databaseName,
      pointInTime: Boolean(session),
      collections,
      uploads,
    };
    await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Packed under a name no listing counts as a backup, then renamed: a half-written archive never
    // passes for one (nor pushes a good one out of the retention).
    await run('tar', ['-czf', partial, '-C', outDir, name]);
    await rename(partial, archive);
    const removed = await prune(outDir, keep);
    for (const old of removed) say(`  removed the older ${path.basename(old)}`);
    say(`Wrote ${archive}`);
    return { archive, manifest, removed };
  } finally {
    await client.close().catch(() => {});
    await rm(folder, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Streams one collection's documents, exactly the bytes the server sent, into <name>.bson. */
async function dumpCollection(
  db: mongo.Db,
  name: string,
  dir: string,
  session: mongo.ClientSession | undefined,
): Promise<number> {
  let count = 0;
  // raw: the server's BSON bytes, not deserialised; copied, as the driver's buffers are reused.
  const cursor = db.collection(name).find({}, { raw: true, batchSize: 500, session });
  async function* documents() {
    for await (const raw of cursor as unknown as AsyncIterable<Uint8Array>) {
      count += 1;
      yield Buffer.from(raw);
    }
  }
  try {
    await pipeline(Readable.from(documents()), createWriteStream(path.join(dir, `${name}.bson`)));
  } finally {
    await cursor.close();
  }
  const indexes = await db.collection(name).indexes();
  await writeFile(
    path.join(dir, `${name}.indexes.json`),
    `${BSON.EJSON.stringify(indexes, undefined, 2, { relaxed: true })}\n`,
  );
  return count;
}

function checkCollectionName(name: string) {
  if (!/^[^/\\\0]+$/.test(name) || name === '.' || name === '..')
    throw new BackupError(`The collection name "${name}" cannot be a file name in a backup.`);
}

/** Removes all but the newest `keep` archives of ours in `dir`; returns the removed paths. */
async function prune(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir)).filter((f) => ARCHIVE_PATTERN.test(f)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep)).map((f) => path.join(dir, f));
  for (const file of old) await rm(file, { force: true });
  return old;
}

/** Copies a folder's files and subfolders (a file removed during the copy is skipped). */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const total = { files: 0, bytes: 0 };
  await mkdir(to, { recursive: true });
  let entries: Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return total;
    throw err;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyTree(source, target);
      total.files += inner.files;
      total.bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        await copyFile(source, target);
        total.files += 1;
        total.bytes += (await stat(target)).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  return total;
}

/** The documents of a .bson file, one Buffer each, read as a stream. */
async function* bsonDocuments(file: string): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let available = 0;
  let needed = 4;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    available += chunk.length;
    if (available < needed) continue;
    let pending = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    let offset = 0;
    for (;;) {
      if (pending.length - offset < 4) break;
      const size = pending.readInt32LE(offset);
      if (size < 5 || size > MAX_DOCUMENT_BYTES)
        throw new BackupError(`${path.basename(file)} is damaged (a document of ${size} bytes).`);
      if (pending.length - offset < size) break;
      yield pending.subarray(offset, offset + size);
      offset += size;
    }
    pending = pending.subarray(offset);
    chunks = pending.length > 0 ? [pending] : [];
    available = pending.length;
    needed = pending.length >= 4 ? pending.readInt32LE(0) : 4;
  }
  if (available > 0)
    throw new BackupError(`${path.basename(file)} is damaged (it ends mid-document).`);
}

/** Unpacks `archive` into a new temporary folder; returns it and the backup folder inside. */
async function unpack(
  archive: string,
): Promise<{ tmp: string; folder: string; manifest: Manifest }> {
  const notOurs = `${archive} is not a Vanya backup (an archive written by "backup dump")`;
  let info;
  try {
    info = await stat(archive);
  } catch {
    throw new BackupError(`${archive} not found.`);
  }
  if (!info.isFile()) throw new BackupError(`${archive} is not a file.`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'vanya-restore-'));
  try {
    try {
      await run('tar', ['-xzf', archive, '-C', tmp, '--no-same-owner']);
    } catch (err) {
      const detail = (err as { stderr?: string }).stderr?.trim().split('\n')[0];
      throw new BackupError(`${notOurs}: tar could not unpack it${detail ? ` (${detail})` : ''}.`);
    }
    const top = await readdir(tmp);
    if (top.length !== 1 || !FOLDER_PATTERN.test(top[0]!))
      throw new BackupError(`${notOurs}: it does not hold one vanya-<time> folder.`);
    const folder = path.join(tmp, top[0]!);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new BackupError(`${notOurs}: its manifest.json is missing or unreadable.`);
    }
    if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.collections))
      throw new BackupError(`${notOurs}: its manifest.json is not one of ours.`);
    if (manifest.version > FORMAT_VERSION)
      throw new BackupError(
        `${archive} is a backup of format ${manifest.version}; this version reads up to ${FORMAT_VERSION}.`,
      );
    for (const c of manifest.collections) {
      checkCollectionName(c.name);
      if (!existsSync(path.join(folder, 'db', `${c.name}.bson`)))
        throw new BackupError(`${notOurs}: db/${c.name}.bson is missing.`);
    }
    return { tmp, folder, manifest };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

async function folderEntries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Restores an archive of dumpShop into the database and uploads folder given. Both must be empty
 * unless `drop` is set, in which case the database is dropped and the folder emptied first. Nothing
 * is touched before the archive and both targets have been checked.
 */
export async function restoreShop(options: RestoreOptions): Promise<RestoreResult> {
  const say = options.say ?? (() => {});
  const archive = path.resolve(options.from);
  const { tmp, folder, manifest } = await unpack(archive);
  const client = new MongoClient(options.mongoUri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    const db = client.db(options.dbName);
    const database = db.databaseName;
    const existing = (await db.listCollections({}, { nameOnly: true }).toArray())
      .map((c) => c.name)
      .filter((n) => !n.startsWith('system.'));
    const uploadEntries = await folderEntries(options.uploadDir);
    if (!options.drop) {
      if (existing.length > 0)
        throw new BackupError(
          `Refusing to restore: the database "${database}" is not empty (${existing.length} collections: ${existing.sort().join(', ')}). ` +
            `Restoring into it would mix the backup with what is there. Run the restore again with --drop to drop the database "${database}" (and empty ${options.uploadDir}) first.`,
        );
      if (uploadEntries.length > 0)
        throw new BackupError(
          `Refusing to restore: the uploads folder ${options.uploadDir} is not empty (${uploadEntries.length} entries). ` +
            `Run the restore again with --drop to empty it (and drop the database "${database}") first.`,
        );
    }
    say(
      `Restoring ${path.basename(archive)} (taken ${manifest.createdAt} from "${manifest.database}") into "${database}" and ${options.uploadDir}`,
    );
    if (options.drop) {
      if (existing.length > 0) say(`  --drop: dropping the database "${database}"`);
      await db.dropDatabase();
      if (uploadEntries.length > 0) say(`  --drop: emptying ${options.uploadDir}`);
      for (const entry of uploadEntries)
        await rm(path.join(options.uploadDir, entry), { recursive: true, force: true });
    }

    const collections: RestoreResult['collections'] = [];
    for (const entry of manifest.collections) {
      const restored = await restoreCollection(db, path.join(folder, 'db'), entry);
      collections.push(restored);
      say(`  ${entry.name}: ${restored.documents} documents, ${restored.indexes} indexes`);
    }
    const uploads = await copyTree(path.join(folder, 'uploads'), options.uploadDir);
    say(`  uploads: ${uploads.files} files, ${uploads.bytes} bytes`);
    if (uploads.files !== manifest.uploads.files)
      throw new BackupError(
        `The archive's uploads/ holds ${uploads.files} files where its manifest says ${manifest.uploads.files}: it is damaged.`,
      );
    return { database, manifest, collections, uploads };
  } finally {
    await client.close().catch(() => {});
    await rm(tmp, { recursive: true, force: true });
  }
}

async function restoreCollection(
  db: mongo.Db,
  dir: string,
  entry: Manifest['collections'][number],
): Promise<RestoreResult['collections'][number]> {
  const options = BSON.EJSON.deserialize(entry.options ?? {}) as mongo.CreateCollectionOptions;
  const collection = await db.createCollection(entry.name, options);
  let batch: mongo.Document[] = [];
  let batchBytes = 0;
  let documents = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await collection.insertMany(batch, { ordered: true });
    documents += batch.length;
    batch = [];
    batchBytes = 0;
  };
  // promoteValues off: an int32, a double and an int64 stay what they were, byte for byte.
  for await (const bytes of bsonDocuments(path.join(dir, `${entry.name}.bson`))) {
    batch.push(BSON.deserialize(bytes, { promoteValues: false, bsonRegExp: true }));
    batchBytes += bytes.length;
    if (batch.length >= INSERT_BATCH_DOCUMENTS || batchBytes >= INSERT_BATCH_BYTES) await flush();
  }
  await flush();
  if (documents !== entry.count)
    throw new BackupError(
      `db/${entry.name}.bson holds ${documents} documents where the manifest says ${entry.count}: the archive is damaged.`,
    );

  const indexFile = path.join(dir, `${entry.name}.indexes.json`);
  const specs = existsSync(indexFile)
    ? (BSON.EJSON.parse(await readFile(indexFile, 'utf8'), { relaxed: true }) as mongo.Document[])
    : [];
  const indexes = specs
    .filter((spec) => spec.name !== '_id_')
    .map(({ v: _v, ns: _ns, ...spec }) => spec);
  if (indexes.length > 0) await db.command({ createIndexes: entry.name, indexes });
  return { name: entry.name, documents, indexes: indexes.length };
}

const USAGE = `Usage:
  backup dump --out <dir> [--keep ${DEFAULT_KEEP}]
      Writes <dir>/vanya-<UTC time>.tar.gz (the database MONGODB_URI names and UPLOAD_DIR) and
      keeps the newest ${DEFAULT_KEEP} (--keep) archives of <dir>.
  backup restore --from <archive.tar.gz> [--drop]
      Restores an archive into the database MONGODB_URI names and into UPLOAD_DIR. Both must be
      empty; --drop drops the database and empties the folder first. Stop the API before.`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  let values: { out?: string; keep?: string; from?: string; drop?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        out: { type: 'string' },
        keep: { type: 'string' },
        from: { type: 'string' },
        drop: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const valid =
    (command === 'dump' && values.out && !values.from && !values.drop) ||
    (command === 'restore' && values.from && !values.out && values.keep === undefined);
  if (!valid) {
    console.error(USAGE);
    process.exit(2);
  }

  const envFile = path.join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  // Only what the backup needs is read: the API's secrets are not needed here.
  const config = loadConfig({
    MONGODB_URI: process.env.MONGODB_URI,
    UPLOAD_DIR: process.env.UPLOAD_DIR,
    DATA_DIR: process.env.DATA_DIR,
  });
  let embedded: EmbeddedServer | undefined;
  let uri = config.mongodbUri;
  if (!uri) {
    if (process.env.NODE_ENV === 'production')
      throw new BackupError('MONGODB_URI is not set: it names the database to back up or restore.');
    const dataDir = path.join(config.dataDir, 'db');
    uri = await runningEmbeddedServer(dataDir);
    if (!uri) {
      embedded = await startEmbeddedServer({ dataDir, repoRoot: config.repoRoot });
      uri = embedded.uri;
    }
  }
  const say = (line: string) => console.log(line);
  try {
    if (command === 'dump') {
      const keep = values.keep === undefined ? DEFAULT_KEEP : Number(values.keep);
      await dumpShop({
        mongoUri: uri,
        uploadDir: config.uploadDir,
        outDir: values.out!,
        keep,
        say,
      });
    } else {
      const result = await restoreShop({
        mongoUri: uri,
        uploadDir: config.uploadDir,
        from: values.from!,
        drop: values.drop ?? false,
        say,
      });
      const documents = result.collections.reduce((sum, c) => sum + c.documents, 0);
      say(
        `Restored ${result.collections.length} collections (${documents} documents) and ${result.uploads.files} uploaded files into "${result.database}".`,
      );
    }
  } finally {
    await embedded?.stop();
  }
}

/** The URL of the script node was started with (this file when run as the CLI, not when imported). */
function invokedAs(): string | undefined {
  try {
    return process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : undefined;
  } catch {
    return undefined;
  }
}

if (import.meta.url === invokedAs()) {
  main().catch((err: unknown) => {
    console.error(
      err instanceof BackupError ? err.message : err instanceof Error ? err.stack : err,
    );
    process.exit(1);
  });
}
