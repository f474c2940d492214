import express, { Router } from 'express';
import type { Request, RequestHandler, Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config/env';
import { errorHandler } from '../errors/error-handler';
import { createLogger } from '../logger';
import { guardAll, handle, handleRawBody } from './contract-route';
import { requireAuth } from './require-auth';
import { requireOwner } from './require-owner';

const ID = '65a1b2c3d4e5f6a7b8c9d0e1';
const passThrough: RequestHandler = (_req, _res, next) => next();
const answer = (_req: Request, res: Response) => void res.end();

/** An app serving `router` below /api, with the API's JSON parser and error answers. */
function appOf(router: Router) {
  const app = express();
  app.use(express.json());
  app.use('/api', router);
  app.use(errorHandler(createLogger({ logLevel: 'silent', logPretty: false })));
  return app;
}

describe('routes registered from the contract', () => {
  it("serves the contract's path and hands the handler the params and query as the contract parses them", async () => {
    const router = Router();
    handle(router, 'get /invoices/{id}/pdf', (_req, res, { params, query, body }) => {
      res.json({ params, query, body: body ?? 'none' });
    });
    const app = appOf(router);
    const ok = await request(app).get(
      `/api/invoices/${ID}/pdf?sig=abcdefghijklmnop&exp=1700000000`,
    );
    expect(ok.status).toBe(200);
    // exp arrives as the number the contract's schema coerces it to.
    expect(ok.body).toEqual({
      params: { id: ID },
      query: { sig: 'abcdefghijklmnop', exp: 1700000000 },
      body: 'none',
    });
    const badId = await request(app).get('/api/invoices/42/pdf?sig=abcdefghijklmnop&exp=1');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(badId.body.issues[0].path).toEqual(['id']);
    const badQuery = await request(app).get(`/api/invoices/${ID}/pdf?sig=short&exp=1`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.issues[0].path).toEqual(['sig']);
  });

  it('validates the body the contract declares, after the middleware it is given', async () => {
    const router = Router();
    const seen: string[] = [];
    const first: RequestHandler = (_req, _res, next) => {
      seen.push('middleware');
      next();
    };
    handle(router, 'post /waitlist', first, (_req, res, { body }) => {
      res.json({ name: body.name, email: body.email });
    });
    const app = appOf(router);
    const ok = await request(app)
      .post('/api/waitlist')
      .send({ name: 'Asha', email: 'asha@example.in' });
    expect(ok.body).toEqual({ name: 'Asha', email: 'asha@example.in' });
    const bad = await request(app).post('/api/waitlist').send({ name: 'Asha', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(seen).toEqual(['middleware', 'middleware']);
  });

  it('leaves the body of a raw-body route to its handler', async () => {
    const router = Router();
    handleRawBody(router, 'post /payments/webhook', express.raw({ type: '*/*' }), (req, res) => {
      res.json({ bytes: (req.body as Buffer).length });
    });
    const answer = await request(appOf(router))
      .post('/api/payments/webhook')
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from('not json'));
    expect(answer.body).toEqual({ bytes: 8 });
  });

  it('refuses at start-up a route the contracts do not list', () => {
    // @ts-expect-error: not a route of the contracts
    expect(() => handle(Router(), 'post /products/{id}/questions', answer)).toThrow(
      'post /products/{id}/questions is not in the contracts',
    );
  });

  it("refuses at start-up a session guard that disagrees with the contract's auth", () => {
    const guard = requireAuth('secret');
    expect(() => handle(Router(), 'get /wishlist', passThrough, answer)).toThrow(
      'get /wishlist: the contract says auth: true, but the route is not given a session guard',
    );
    expect(() => handle(Router(), 'post /waitlist', guard, answer)).toThrow(
      'post /waitlist: the contract says auth: false, but the route is given a session guard',
    );
    expect(() => handle(Router(), 'get /wishlist', guard, answer)).not.toThrow();
    // A guard over a whole prefix counts for the routes below it, and only for those.
    const router = Router();
    const owner = requireOwner({ jwtSecret: 'secret', ownerEmails: [] } as unknown as Config);
    guardAll(router, '/admin/coupons', ...owner);
    expect(() => handle(router, 'get /admin/coupons', answer)).not.toThrow();
    expect(() => handle(router, 'get /admin/coupons/{code}/uses', answer)).not.toThrow();
    expect(() => handle(router, 'get /admin/stock', answer)).toThrow('auth: true');
  });
});
