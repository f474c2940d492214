import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

describe('the wishlist', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    token = (await signUpVerified(t, sink)).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('starts empty, saves the whole list with duplicates folded and reads it back', async () => {
    expect((await request(t.app).get('/api/wishlist').set(bearer(token))).body).toEqual([]);
    const saved = await request(t.app)
      .post('/api/wishlist')
      .set(bearer(token))
      .send(['Bodybutter', 'Hamper', 'Bodybutter']);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(['Bodybutter', 'Hamper']);
    expect((await request(t.app).get('/api/wishlist').set(bearer(token))).body).toEqual([
      'Bodybutter',
      'Hamper',
    ]);
    await request(t.app).post('/api/wishlist').set(bearer(token)).send([]).expect(200);
    expect((await request(t.app).get('/api/wishlist').set(bearer(token))).body).toEqual([]);
  });

  it('refuses unknown product ids and changes nothing', async () => {
    await request(t.app).post('/api/wishlist').set(bearer(token)).send(['TanGoneSoap']).expect(200);
    const res = await request(t.app)
      .post('/api/wishlist')
      .set(bearer(token))
      .send(['TanGoneSoap', 'rose-scrub']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_PRODUCT', productId: 'rose-scrub' });
    expect((await request(t.app).get('/api/wishlist').set(bearer(token))).body).toEqual([
      'TanGoneSoap',
    ]);
  });

  it('needs a signed-in user', async () => {
    expect((await request(t.app).get('/api/wishlist')).status).toBe(401);
    expect((await request(t.app).post('/api/wishlist').send(['Hamper'])).status).toBe(401);
  });
});
