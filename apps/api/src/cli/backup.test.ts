import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bearer, signUpVerified } from '../testing/accounts';
import { orderBody, placePaidOrder } from '../testing/orders';
import { pdfText } from '../testing/pdf';
import { SmtpSink } from '../testing/smtp-sink';
import { startTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { dumpShop, restoreShop } from './backup';
import type { DumpResult } from './backup';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const tempDir = (tag: string) => mkdtempSync(path.join(os.tmpdir(), `vanya-backup-test-${tag}-`));
const newDbName = (tag: string) => `test_${tag}_${Math.random().toString(36).slice(2, 10)}`;

/** What a shopper sees of the shop, read through the API. */
async function shopperView(t: TestApp, token: string) {
  const orders = await request(t.app).get('/api/orders').set(bearer(token));
  expect(orders.status).toBe(200);
  const details = [];
  for (const order of orders.body as { _id: string }[]) {
    const detail = await request(t.app).get(`/api/orders/${order._id}`).set(bearer(token));
    expect(detail.status).toBe(200);
    details.push(detail.body);
  }
  const invoices = await request(t.app).get('/api/invoices').set(bearer(token));
  expect(invoices.status).toBe(200);
  const me = await request(t.app).get('/api/auth/me').set(bearer(token));
  expect(me.status).toBe(200);
  const avatarUrl = me.body.data.user.avatar as string;
  const avatar = await request(t.app).get(avatarUrl).buffer(true).parse(binary);
  expect(avatar.status).toBe(200);
  const tickets = await request(t.app).get('/api/tickets').set(bearer(token));
  expect(tickets.status).toBe(200);
  return {
    orders: orders.body as { _id: string; orderNumber: string }[],
    details,
    // The signed links carry their own expiry; the rest of each invoice must be the same.
    invoices: (invoices.body as { downloadUrl: string; invoiceNumber: string }[]).map(
      ({ downloadUrl: _url, ...rest }) => rest,
    ),
    downloadUrls: (invoices.body as { downloadUrl: string }[]).map((i) => i.downloadUrl),
    user: me.body.data.user as Record<string, unknown>,
    avatarUrl,
    avatar: avatar.body as Buffer,
    tickets: tickets.body as unknown,
  };
}

describe('backup dump and restore of the shop', () => {
  const mongoUri = inject('mongoUri');
  const client = new mongoose.mongo.MongoClient(mongoUri);
  const cleanup: string[] = [];
  const databases: string[] = [];
  let sink: SmtpSink;
  let token: string;
  let before: Awaited<ReturnType<typeof shopperView>>;
  let attachment: { url: string; bytes: Buffer };
  let dump: DumpResult;
  let outDir: string;
  let sourceDb: string;
  let sourceIndexes: Record<string, unknown[]>;

  /** Every collection's indexes, as the server describes them (without its own version field). */
  async function indexesOf(dbName: string) {
    const db = client.db(dbName);
    const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
    const all: Record<string, unknown[]> = {};
    for (const name of names)
      all[name] = (await db.collection(name).indexes())
        .map(({ v: _v, ...index }) => index)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    return all;
  }

  beforeAll(async () => {
    await client.connect();
    sink = await new SmtpSink().start();
    const t = await startTestApp({ SMTP_URL: sink.url });
    try {
      token = (await signUpVerified(t, sink)).token;
      const jpeg = await sharp({
        create: { width: 300, height: 300, channels: 3, background: '#B5714B' },
      })
        .jpeg()
        .toBuffer();
      const uploaded = await request(t.app)
        .post('/api/auth/upload-avatar')
        .set(bearer(token))
        .attach('avatar', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
      expect(uploaded.status).toBe(200);
      const pdf = Buffer.from('%PDF-1.4\n% the courier receipt\n%%EOF\n');
      const ticket = await request(t.app)
        .post('/api/tickets')
        .set(bearer(token))
        .field('message', 'The soap arrived cracked; the receipt is attached.')
        .attach('attachment', pdf, { filename: 'receipt.pdf', contentType: 'application/pdf' });
      expect(ticket.status).toBe(201);
      attachment = { url: ticket.body.attachment as string, bytes: pdf };
      expect(attachment.url).toMatch(/^\/uploads\/tickets\//);
      await placePaidOrder(t, token);
      await placePaidOrder(
        t,
        token,
        orderBody([{ productId: 'TanGoneSoap', quantity: 3 }], 'Karnataka'),
      );
      await t.services.idle();
      before = await shopperView(t, token);
      expect(before.orders).toHaveLength(2);
      expect(before.invoices).toHaveLength(2);
      expect(before.avatarUrl).toMatch(/^\/uploads\/avatars\//);

      outDir = tempDir('out');
      cleanup.push(outDir);
      sourceDb = t.connection.name;
      // Values a careless copy changes: a whole double becomes an int32, an int64 a double.
      const { Double, Long } = mongoose.mongo.BSON;
      await client
        .db(sourceDb)
        .collection('type_probe')
        .insertOne({ whole: new Double(2), big: Long.fromString('9007199254740993') });
      sourceIndexes = await indexesOf(sourceDb);
      dump = await dumpShop({
        mongoUri,
        dbName: sourceDb,
        uploadDir: t.config.uploadDir,
        outDir,
        now: new Date('2031-03-04T05:06:07.891Z'),
      });
    } finally {
      // The original database and uploads folder are gone: the restore can only use the archive.
      await t.close();
    }
  });

  afterAll(async () => {
    for (const name of databases) await client.db(name).dropDatabase();
    await client.close();
    await sink?.stop();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  it('writes one archive, vanya-<UTC time>.tar.gz, of the documents, indexes, manifest and uploads', () => {
    expect(dump.archive).toBe(path.join(outDir, 'vanya-20310304T050607Z.tar.gz'));
    expect(readdirSync(outDir)).toEqual(['vanya-20310304T050607Z.tar.gz']);
    const listing = execFileSync('tar', ['-tzf', dump.archive], { encoding: 'utf8' }).split('\n');
    const root = 'vanya-20310304T050607Z/';
    expect(listing).toContain(`${root}manifest.json`);
    for (const name of ['users', 'orders']) {
      expect(listing).toContain(`${root}db/${name}.bson`);
      expect(listing).toContain(`${root}db/${name}.indexes.json`);
    }
    expect(listing).toContain(`${root}uploads${before.avatarUrl.replace(/^\/uploads/, '')}`);
    expect(listing).toContain(`${root}uploads${attachment.url.replace(/^\/uploads/, '')}`);
    expect(dump.manifest).toMatchObject({
      format: 'vanya-backup',
      database: sourceDb,
      createdAt: '2031-03-04T05:06:07.891Z',
      uploads: { files: 2 },
      // The embedded server is standalone: no snapshot to read at (a replica set has one).
      pointInTime: false,
    });
    const counts = Object.fromEntries(dump.manifest.collections.map((c) => [c.name, c.count]));
    expect(counts).toMatchObject({ users: 1, orders: 2 });
  });

  it('restores into an empty database and uploads folder a shop that serves the same orders, invoices and files', async () => {
    const dbName = newDbName('restored');
    databases.push(dbName);
    const uploadDir = tempDir('uploads');
    cleanup.push(uploadDir);
    const restored = await restoreShop({ mongoUri, dbName, uploadDir, from: dump.archive });
    expect(restored.database).toBe(dbName);
    expect(restored.uploads.files).toBe(2);
    expect(restored.collections.find((c) => c.name === 'orders')?.documents).toBe(2);

    // Every document is back byte for byte (an int32 still an int32, a date still a date).
    const unpacked = tempDir('unpacked');
    cleanup.push(unpacked);
    execFileSync('tar', ['-xzf', dump.archive, '-C', unpacked]);
    for (const { name } of dump.manifest.collections) {
      const file = readFileSync(
        path.join(unpacked, 'vanya-20310304T050607Z', 'db', `${name}.bson`),
      );
      const archived: string[] = [];
      for (let at = 0; at < file.length; at += file.readInt32LE(at))
        archived.push(file.subarray(at, at + file.readInt32LE(at)).toString('hex'));
      const cursor = client.db(dbName).collection(name).find({}, { raw: true });
      const stored: string[] = [];
      for await (const raw of cursor as unknown as AsyncIterable<Uint8Array>)
        stored.push(Buffer.from(raw).toString('hex'));
      expect(stored.sort(), name).toEqual(archived.sort());
    }

    // The indexes came back too (the unique email of users among them), before the app built any.
    expect(await indexesOf(dbName)).toEqual(sourceIndexes);
    expect(sourceIndexes.users!.length).toBeGreaterThan(1);

    const t = await startTestApp({ SMTP_URL: sink.url, UPLOAD_DIR: uploadDir }, { dbName });
    try {
      const after = await shopperView(t, token);
      expect(after.orders).toEqual(before.orders);
      expect(after.details).toEqual(before.details);
      expect(after.invoices).toEqual(before.invoices);
      expect(after.user).toEqual(before.user);
      expect(after.tickets).toEqual(before.tickets);
      expect(after.avatarUrl).toBe(before.avatarUrl);
      expect(after.avatar.equals(before.avatar)).toBe(true);

      const file = await request(t.app).get(attachment.url).buffer(true).parse(binary);
      expect(file.status).toBe(200);
      expect((file.body as Buffer).equals(attachment.bytes)).toBe(true);

      for (const [i, url] of after.downloadUrls.entries()) {
        const pdf = await request(t.app).get(url).buffer(true).parse(binary);
        expect(pdf.status).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(await pdfText(pdf.body as Buffer)).toContain(before.invoices[i]!.invoiceNumber);
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a database that is not empty unless --drop, which replaces it', async () => {
    const dbName = newDbName('again');
    databases.push(dbName);
    const uploadDir = tempDir('uploads-again');
    cleanup.push(uploadDir);
    await restoreShop({ mongoUri, dbName, uploadDir, from: dump.archive });
    const users = client.db(dbName).collection('users');
    await users.insertOne({ note: 'written after the restore' });
    const count = await users.countDocuments();
    const emptyUploads = tempDir('uploads-empty');
    cleanup.push(emptyUploads);

    await expect(
      restoreShop({ mongoUri, dbName, uploadDir: emptyUploads, from: dump.archive }),
    ).rejects.toThrow(
      new RegExp(`the database "${dbName}" is not empty .*Run the restore again with --drop`),
    );
    expect(await users.countDocuments()).toBe(count);
    expect(readdirSync(emptyUploads)).toEqual([]);

    mkdirSync(path.join(uploadDir, 'avatars'), { recursive: true });
    writeFileSync(path.join(uploadDir, 'avatars', 'stray.jpg'), 'not from the backup');
    const restored = await restoreShop({
      mongoUri,
      dbName,
      uploadDir,
      from: dump.archive,
      drop: true,
    });
    expect(restored.collections.find((c) => c.name === 'users')?.documents).toBe(1);
    expect(await users.countDocuments()).toBe(1);
    expect(await users.countDocuments({ note: 'written after the restore' })).toBe(0);
    expect(existsSync(path.join(uploadDir, 'avatars', 'stray.jpg'))).toBe(false);
    expect(existsSync(path.join(uploadDir, before.avatarUrl.replace(/^\/uploads\//, '')))).toBe(
      true,
    );
  });

  it('refuses an uploads folder that is not empty, before touching the database', async () => {
    const dbName = newDbName('uploads');
    databases.push(dbName);
    const uploadDir = tempDir('uploads-full');
    cleanup.push(uploadDir);
    writeFileSync(path.join(uploadDir, 'left-over.txt'), 'someone else’s file');
    await expect(restoreShop({ mongoUri, dbName, uploadDir, from: dump.archive })).rejects.toThrow(
      /the uploads folder .* is not empty .*--drop/,
    );
    expect(await client.db(dbName).listCollections().toArray()).toEqual([]);
  });

  it('says so when the archive is missing or not one of ours', async () => {
    const dir = tempDir('bad');
    cleanup.push(dir);
    const target = { mongoUri, dbName: newDbName('bad'), uploadDir: path.join(dir, 'uploads') };
    await expect(
      restoreShop({ ...target, from: path.join(dir, 'vanya-missing.tar.gz') }),
    ).rejects.toThrow(/vanya-missing\.tar\.gz not found/);

    const notGzip = path.join(dir, 'notes.tar.gz');
    writeFileSync(notGzip, 'plain text');
    await expect(restoreShop({ ...target, from: notGzip })).rejects.toThrow(
      /is not a Vanya backup .*tar could not unpack it/,
    );

    mkdirSync(path.join(dir, 'other'));
    writeFileSync(path.join(dir, 'other', 'manifest.json'), '{"format":"something-else"}');
    const foreign = path.join(dir, 'foreign.tar.gz');
    execFileSync('tar', ['-czf', foreign, '-C', dir, 'other']);
    await expect(restoreShop({ ...target, from: foreign })).rejects.toThrow(
      /is not a Vanya backup .*one vanya-<time> folder/,
    );
    expect(existsSync(target.uploadDir)).toBe(false);
  });

  it('keeps the newest archives only (--keep), never counting other files', async () => {
    const dbName = newDbName('small');
    databases.push(dbName);
    await client.db(dbName).collection('notes').insertOne({ text: 'one' });
    const dir = tempDir('keep');
    cleanup.push(dir);
    for (const day of ['01', '02', '03'])
      writeFileSync(path.join(dir, `vanya-203101${day}T000000Z.tar.gz`), '');
    writeFileSync(path.join(dir, 'README.txt'), 'not an archive');
    const result = await dumpShop({
      mongoUri,
      dbName,
      uploadDir: path.join(dir, 'no-uploads-yet'),
      outDir: dir,
      keep: 2,
      now: new Date('2031-01-04T00:00:00Z'),
    });
    expect(result.removed.map((f) => path.basename(f))).toEqual([
      'vanya-20310101T000000Z.tar.gz',
      'vanya-20310102T000000Z.tar.gz',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'README.txt',
      'vanya-20310103T000000Z.tar.gz',
      'vanya-20310104T000000Z.tar.gz',
    ]);
    expect(result.manifest.collections).toEqual([{ name: 'notes', count: 1, options: {} }]);
    expect(result.manifest.uploads).toEqual({ files: 0, bytes: 0 });
  });
});
