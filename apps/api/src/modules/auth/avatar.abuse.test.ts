import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { imageWork } from '../users/image-work';

const picture = (background: string) =>
  sharp({ create: { width: 600, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

function upload(t: TestApp, token: string, image: Buffer) {
  return request(t.app)
    .post('/api/auth/upload-avatar')
    .set(bearer(token))
    .attach('avatar', image, { filename: 'me.png', contentType: 'image/png' });
}

describe('avatar uploads under pressure', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let image: Buffer;
  const filesOnDisk = () => {
    try {
      return readdirSync(path.join(t.config.uploadDir, 'avatars')).map(
        (f) => `/uploads/avatars/${f}`,
      );
    } catch {
      return [];
    }
  };
  const avatarOf = async (token: string) =>
    (await request(t.app).get('/api/auth/me').set(bearer(token))).body.data.user.avatar as string;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    image = await picture('#2F4F3A');
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('twelve uploads at once by one shopper leave one file: the one the account points at', async () => {
    const { token } = await signUpVerified(t, sink);
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(t, token, image)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const avatar = await avatarOf(token);
    expect(answers.map((a) => a.body.avatar)).toContain(avatar);
    expect(filesOnDisk()).toEqual([avatar]);
  });

  it('uploads and a removal at once leave the account and the folder in step', async () => {
    const { token } = await signUpVerified(t, sink);
    const before = filesOnDisk();
    await Promise.all([
      upload(t, token, image),
      upload(t, token, image),
      request(t.app).post('/api/auth/remove-avatar').set(bearer(token)),
      upload(t, token, image),
    ]);
    const avatar = await avatarOf(token);
    const mine = filesOnDisk().filter((f) => !before.includes(f));
    expect(mine).toEqual(avatar ? [avatar] : []);
    // Removing it last leaves nothing of this shopper's behind.
    await request(t.app).post('/api/auth/remove-avatar').set(bearer(token)).expect(200);
    expect(filesOnDisk().filter((f) => !before.includes(f))).toEqual([]);
  });

  it('decodes one image at a time, however many shoppers upload at once', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, () => signUpVerified(t, sink).then((s) => s.token)),
    );
    const answers = await Promise.all(shoppers.map((token) => upload(t, token, image)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(imageWork.peakActive).toBe(1);
  });
});

describe('the upload rate limit (production limits)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('refuses a shopper’s 21st upload within the hour with 429 and Retry-After, before reading it', async () => {
    const { token } = await signUpVerified(t, sink);
    const image = await picture('#B5714B');
    for (let i = 0; i < 20; i += 1) expect((await upload(t, token, image)).status).toBe(200);
    const refused = await upload(t, token, image);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another shopper is not held up by it.
    const other = await signUpVerified(t, sink);
    expect((await upload(t, other.token, image)).status).toBe(200);
  });
});
