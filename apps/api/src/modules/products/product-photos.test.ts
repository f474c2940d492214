import { readdirSync } from 'node:fs';
import path from 'node:path';
import { STARTER_CATALOGUE } from '@vanya/catalog';
import { PRODUCT_PHOTO_MESSAGES } from '@vanya/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import { startOwnerApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';

const OWNER_EMAIL = newEmail('owner');
const PHOTO_PATH = /^\/uploads\/products\/[0-9a-f]{20}\.webp$/;
// This file's database is its own (test-app.ts): the soap's photos change here and nowhere else.
const SOAP = STARTER_CATALOGUE.get('TanGoneSoap')!;

/** A landscape photo as a phone takes it, in one colour, as `format`. */
const photo = (background: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** Reads an answer's body as bytes, whatever its type. */
const bytes = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe("the owner's product photos", () => {
  let t: TestApp;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL));
  });
  afterAll(() => close());

  const upload = (id: string, file: Buffer, contentType = 'image/png', token = owner) =>
    request(t.app)
      .post(`/api/admin/products/${id}/photos`)
      .set(bearer(token))
      .attach('photo', file, { filename: 'photo', contentType });

  it('stores an upload as a 960 and a 480 px square in WebP and AVIF, and shoppers see it', async () => {
    const res = await upload('TanGoneSoap', await photo('#2e7d32'), 'image/png').expect(200);
    expect(res.body.id).toBe('TanGoneSoap');
    expect(res.body.images.slice(0, -1)).toEqual(SOAP.images);
    const image: string = res.body.images.at(-1);
    expect(image).toMatch(PHOTO_PATH);

    const stem = image.replace(/\.webp$/, '');
    const files = [
      { url: `${stem}.webp`, type: 'image/webp', width: 960 },
      { url: `${stem}-480.webp`, type: 'image/webp', width: 480 },
      { url: `${stem}.avif`, type: 'image/avif', width: 960 },
      { url: `${stem}-480.avif`, type: 'image/avif', width: 480 },
    ];
    for (const file of files) {
      const served = await request(t.app).get(file.url).buffer(true).parse(bytes).expect(200);
      expect(served.headers['content-type'], file.url).toBe(file.type);
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.body as Buffer).metadata();
      expect([file.url, meta.width, meta.height, meta.hasAlpha]).toEqual([
        file.url,
        file.width,
        file.width,
        false,
      ]);
      expect(meta.exif).toBeUndefined();
    }
    // A square from the middle of the landscape: the photo's own colour, not padding.
    const { dominant } = await sharp(
      path.join(t.config.uploadDir, 'products', `${path.basename(stem)}.webp`),
    ).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r + 50);

    const shown = await request(t.app).get('/api/products/TanGoneSoap').expect(200);
    expect(shown.body.images.at(-1)).toBe(image);
    const listed = await request(t.app).get('/api/admin/products').set(bearer(owner)).expect(200);
    expect(listed.body.find((p: { id: string }) => p.id === 'TanGoneSoap').images.at(-1)).toBe(
      image,
    );
  });

  it('gives the same photo the same name, and leaves no temporary file behind', async () => {
    const jpeg = await photo('#b5714b', 'jpeg');
    const first = await upload('TanGoneSoap', jpeg, 'image/jpeg').expect(200);
    const second = await upload('TanGoneSoap', jpeg, 'image/jpeg').expect(200);
    expect(first.body.images.at(-1)).toMatch(PHOTO_PATH);
    expect(second.body.images.at(-1)).toBe(first.body.images.at(-1));
    expect(second.body.images).toHaveLength(first.body.images.length + 1);
    const dir = readdirSync(path.join(t.config.uploadDir, 'products'));
    expect(dir.filter((name) => name.startsWith('.'))).toEqual([]);
    // Two photos so far (the green one and this one), four files each.
    expect(dir).toHaveLength(8);
  });

  it('audits the photo with its name', async () => {
    const res = await upload('TanGoneSoap', await photo('#1565c0')).expect(200);
    const audit = await request(t.app).get('/api/admin/audit').set(bearer(owner)).expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'product.photo',
      target: 'TanGoneSoap',
      actor: OWNER_EMAIL.toLowerCase(),
      details: { image: res.body.images.at(-1) },
    });
  });

  it('refuses a file that is not an image, one too large, an unknown product and a customer', async () => {
    const text = await upload('TanGoneSoap', Buffer.from('just some words, no picture'));
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({
      code: 'INVALID_IMAGE',
      msg: PRODUCT_PHOTO_MESSAGES.invalidImage,
    });
    const plain = await upload('TanGoneSoap', Buffer.from('words'), 'text/plain');
    expect([plain.status, plain.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA']);

    const big = await upload('TanGoneSoap', Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      msg: PRODUCT_PHOTO_MESSAGES.tooLarge,
    });

    const unknown = await upload('NoSuchSoap', await photo('#000000'));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);

    const none = await request(t.app)
      .post('/api/admin/products/TanGoneSoap/photos')
      .set(bearer(owner));
    expect([none.status, none.body.code]).toEqual([400, 'INVALID_IMAGE']);

    const png = await photo('#ffffff');
    expect((await upload('TanGoneSoap', png, 'image/png', shopper.token)).status).toBe(403);
    const anonymous = await request(t.app)
      .post('/api/admin/products/TanGoneSoap/photos')
      .attach('photo', png, { filename: 'photo', contentType: 'image/png' });
    expect(anonymous.status).toBe(401);

    const shown = await request(t.app).get('/api/products/TanGoneSoap').expect(200);
    expect(shown.body.images).toHaveLength(SOAP.images.length + 4);
  });

  it('keeps a product to 8 photos: the ninth is refused with 409 and nothing changes', async () => {
    const before = await request(t.app).get('/api/products/TanGoneSoap').expect(200);
    let count: number = before.body.images.length;
    for (let i = 0; count < 8; i += 1) {
      const res = await upload('TanGoneSoap', await photo(`#0${i}0${i}0${i}`)).expect(200);
      count = res.body.images.length;
    }
    const ninth = await upload('TanGoneSoap', await photo('#ff00ff'));
    expect(ninth.status).toBe(409);
    expect(ninth.body).toMatchObject({
      code: 'TOO_MANY_PHOTOS',
      msg: PRODUCT_PHOTO_MESSAGES.tooMany,
    });
    const after = await request(t.app).get('/api/products/TanGoneSoap').expect(200);
    expect(after.body.images).toHaveLength(8);
  });
});
