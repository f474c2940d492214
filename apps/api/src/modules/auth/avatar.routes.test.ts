import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('avatar uploads that are refused', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let avatar: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    token = (await signUpVerified(t, sink)).token;
    const jpeg = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#B5714B' },
    })
      .jpeg()
      .toBuffer();
    avatar = (
      await request(t.app)
        .post('/api/auth/upload-avatar')
        .set(bearer(token))
        .attach('avatar', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' })
    ).body.avatar;
    expect(avatar).toMatch(/^\/uploads\/avatars\//);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  async function expectAvatarUntouched() {
    const me = await request(t.app).get('/api/auth/me').set(bearer(token));
    expect(me.body.data.user.avatar).toBe(avatar);
    expect(existsSync(path.join(t.config.uploadDir, 'avatars', path.basename(avatar)))).toBe(true);
  }

  const upload = (content: Buffer, contentType: string, field = 'avatar') =>
    request(t.app)
      .post('/api/auth/upload-avatar')
      .set(bearer(token))
      .attach(field, content, { filename: 'upload', contentType });

  it('serves an uploaded avatar, and answers 404 NOT_FOUND for one that is not there', async () => {
    expect((await request(t.app).get(avatar)).status).toBe(200);
    const missing = await request(t.app).get('/uploads/avatars/nobody.jpg');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a file that only claims to be an image with 400', async () => {
    const res = await upload(Buffer.from('%PDF-1.7 definitely not a picture'), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_IMAGE',
      msg: 'Choose a JPEG, PNG or WebP image.',
    });
    await expectAvatarUntouched();
  });

  it('refuses a truncated image with 400', async () => {
    const full = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(full.subarray(0, Math.floor(full.length / 2)), 'image/jpeg');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_IMAGE');
    await expectAvatarUntouched();
  });

  it('refuses a decompression bomb (a small file of 100 million pixels) with 400', async () => {
    // A real small PNG whose header is rewritten to claim 10,000 x 10,000 pixels, CRC fixed up.
    const bomb = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#000000' },
    })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(10_000);
    const res = await upload(bomb, 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_IMAGE');
    await expectAvatarUntouched();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    await expectAvatarUntouched();
  });

  it('refuses a non-image type with 415', async () => {
    const res = await upload(Buffer.from('hello'), 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA');
    await expectAvatarUntouched();
  });

  it('refuses a request without a file, or with the file in another field, with 400', async () => {
    expect((await request(t.app).post('/api/auth/upload-avatar').set(bearer(token))).status).toBe(
      400,
    );
    expect((await upload(Buffer.from('x'), 'image/png', 'picture')).status).toBe(400);
    await expectAvatarUntouched();
  });

  it('refuses a multipart body it cannot read (no boundary, a cut-off part) with 400', async () => {
    const noBoundary = await request(t.app)
      .post('/api/auth/upload-avatar')
      .set(bearer(token))
      .set('Content-Type', 'multipart/form-data')
      .send('');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.code).toBe('INVALID_UPLOAD');
    const cutOff = await request(t.app)
      .post('/api/auth/upload-avatar')
      .set(bearer(token))
      .set('Content-Type', 'multipart/form-data; boundary=vanya')
      .send('--vanya\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n');
    expect(cutOff.status).toBe(400);
    expect(cutOff.body.code).toBe('INVALID_UPLOAD');
    await expectAvatarUntouched();
  });

  it('refuses uploads without a session', async () => {
    const res = await request(t.app)
      .post('/api/auth/upload-avatar')
      .attach('avatar', Buffer.from('x'), { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(401);
  });
});
