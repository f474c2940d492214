import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { orderBody, placePaidOrder } from '../../testing/orders';
import type { Items } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createLogger } from '../../platform/logger';
import { createReviews, REVIEW_REQUEST_AFTER_MS } from './reviews.service';

const OWNER_EMAIL = 'owner.reviews@vanyanaturals.in';
const REVIEW = { rating: 5, title: 'Gentle and it works', body: 'My tan faded in two weeks.' };

describe('reviews from real buyers', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, OWNER_EMAILS: OWNER_EMAIL });
    owner = (await signUpVerified(t, sink, OWNER_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  /** A shopper whose order of `items` was paid, packed, shipped and delivered. */
  async function buyer(items: Items, email?: string) {
    const shopper = await signUpVerified(t, sink, email);
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(items, 'Maharashtra', { email: shopper.email }),
    );
    const move = (body: object) =>
      request(t.app)
        .post(`/api/admin/orders/${order._id}/status`)
        .set(bearer(owner))
        .send(body)
        .expect(200);
    await move({ status: 'packed' });
    await move({ status: 'shipped', carrier: 'India Post', trackingNumber: 'EE1IN' });
    await move({ status: 'delivered' });
    return { ...shopper, order };
  }
  const write = (token: string, productId: string, body: object = REVIEW) =>
    request(t.app).post(`/api/products/${productId}/reviews`).set(bearer(token)).send(body);
  const published = (productId: string) =>
    request(t.app).get(`/api/products/${productId}/reviews`).expect(200);

  it('refuses a stranger, and takes a bundle buyer’s review of its soap, shown once published', async () => {
    const stranger = await signUpVerified(t, sink);
    const refused = await write(stranger.token, 'TanGoneSoap');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_A_BUYER');

    // The Tan-Free Trio holds three soaps: its buyer is a buyer of the soap.
    const trio = await buyer([{ productId: 'TanFreeTrio', quantity: 1 }]);
    const written = await write(trio.token, 'TanGoneSoap');
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ status: 'pending', rating: 5, verifiedBuyer: true });
    expect((await published('TanGoneSoap')).body).toEqual({ items: [], average: 0, count: 0 });
    expect((await write(trio.token, 'TanGoneSoap')).body.code).toBe('REVIEW_EXISTS');

    const queue = await request(t.app)
      .get('/api/admin/reviews?status=pending')
      .set(bearer(owner))
      .expect(200);
    expect(queue.body.map((r: { _id: string }) => r._id)).toContain(written.body._id);
    const shown = await request(t.app)
      .post(`/api/admin/reviews/${written.body._id}`)
      .set(bearer(owner))
      .send({ action: 'publish', reply: 'Thank you! Keep it dry between uses.' })
      .expect(200);
    expect(shown.body.status).toBe('published');

    const list = (await published('TanGoneSoap')).body;
    expect(list).toMatchObject({ average: 5, count: 1 });
    expect(list.items[0]).toMatchObject({
      title: REVIEW.title,
      author: expect.stringMatching(/^\S+/),
      verifiedBuyer: true,
      reply: { body: 'Thank you! Keep it dry between uses.' },
    });
    // The buyer's full name and address stay with the owner.
    expect(JSON.stringify(list)).not.toContain(trio.email);

    // Another buyer's 2 stars: the average moves; hiding one takes it out again.
    const other = await buyer([{ productId: 'TanGoneSoap', quantity: 1 }]);
    const second = await write(other.token, 'TanGoneSoap', { ...REVIEW, rating: 2 });
    await request(t.app)
      .post(`/api/admin/reviews/${second.body._id}`)
      .set(bearer(owner))
      .send({ action: 'publish' })
      .expect(200);
    expect((await published('TanGoneSoap')).body).toMatchObject({ average: 3.5, count: 2 });
    await request(t.app)
      .post(`/api/admin/reviews/${second.body._id}`)
      .set(bearer(owner))
      .send({ action: 'hide' })
      .expect(200);
    expect((await published('TanGoneSoap')).body).toMatchObject({ average: 5, count: 1 });
  });

  it('tells a signed-in shopper whether they may review, and lets a reviewer edit their review', async () => {
    const mine = (token: string, productId = 'Bodybutter') =>
      request(t.app).get(`/api/products/${productId}/reviews/mine`).set(bearer(token)).expect(200);
    const edit = (token: string, body: object, productId = 'Bodybutter') =>
      request(t.app).put(`/api/products/${productId}/reviews/mine`).set(bearer(token)).send(body);

    const stranger = await signUpVerified(t, sink);
    expect((await mine(stranger.token)).body).toEqual({ buyer: false, review: null });
    expect((await edit(stranger.token, REVIEW)).status).toBe(404);

    const shopper = await buyer([{ productId: 'Bodybutter', quantity: 1 }]);
    expect((await mine(shopper.token)).body).toEqual({ buyer: true, review: null });
    // Bought the butter, not the scrub.
    expect((await mine(shopper.token, 'ExfoliatingScrub')).body.buyer).toBe(false);

    const written = await write(shopper.token, 'Bodybutter');
    await request(t.app)
      .post(`/api/admin/reviews/${written.body._id}`)
      .set(bearer(owner))
      .send({ action: 'publish', reply: 'Thank you!' })
      .expect(200);
    expect((await mine(shopper.token)).body).toEqual({
      buyer: true,
      review: {
        ...REVIEW,
        status: 'published',
        reply: { body: 'Thank you!', at: expect.any(String) },
      },
    });
    expect((await published('Bodybutter')).body.count).toBe(1);

    // Edited, it waits for the owner again: the old words no longer show.
    const changed = { rating: 4, title: 'Still good', body: 'A month on, still soft skin.' };
    const edited = await edit(shopper.token, changed);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      ...changed,
      status: 'pending',
      reply: { body: 'Thank you!' },
    });
    expect((await published('Bodybutter')).body).toMatchObject({ items: [], count: 0 });
    expect((await mine(shopper.token)).body.review).toMatchObject({
      ...changed,
      status: 'pending',
    });
    expect((await edit(shopper.token, { ...changed, rating: 0 })).status).toBe(400);
    await request(t.app).get('/api/products/Bodybutter/reviews/mine').expect(401);
  });

  it('keeps moderation to the owner, and checks what is written', async () => {
    const shopper = await signUpVerified(t, sink);
    await request(t.app).get('/api/admin/reviews').set(bearer(shopper.token)).expect(403);
    const bad = await write(shopper.token, 'Bodybutter', { rating: 6, title: ' ', body: 'x' });
    expect(bad.status).toBe(400);
    await request(t.app).post('/api/products/Bodybutter/reviews').send(REVIEW).expect(401);
  });

  it('asks each buyer for a review a week after delivery, once', async () => {
    const shopper = await buyer([{ productId: 'Bodybutter', quantity: 1 }]);
    const at = (ms: number) =>
      createReviews({
        mailer: t.services.mailer,
        logger: createLogger(t.config),
        webOrigin: t.config.webOrigin,
        staleAfterMs: 60_000,
        catalogue: t.services.stock.catalogue,
        now: () => Date.now() + ms,
      });
    expect(await at(REVIEW_REQUEST_AFTER_MS - 60_000).requestReviews()).toBe(0);
    expect(await at(REVIEW_REQUEST_AFTER_MS + 60_000).requestReviews()).toBeGreaterThanOrEqual(1);
    expect(await at(REVIEW_REQUEST_AFTER_MS + 120_000).requestReviews()).toBe(0);
    const mail = await sink.waitFor(shopper.email, /How do you like your/);
    expect(mail.text).toContain(`${t.config.webOrigin}/products/Bodybutter#reviews`);
    expect(
      sink.received.filter(
        (m) => m.to.includes(shopper.email) && /How do you like/.test(m.subject),
      ),
    ).toHaveLength(1);
  });
});
