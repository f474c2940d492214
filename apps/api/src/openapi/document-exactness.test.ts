import { apiRoutes, toExpressPath } from '@vanya/contracts';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressRoutes } from '../testing/express-routes';
import { startTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

/** What Express serves under /api but the contracts do not list: the document itself. */
const DOCUMENTATION = ['get /api/openapi.json'];

const contractRoutes = () =>
  apiRoutes.map((route) => `${route.method} /api${toExpressPath(route.path)}`).sort();

/** The routes of `app` under /api, as 'method /api/path/:param'. */
const servedRoutes = (app: express.Express) =>
  expressRoutes(app)
    .filter((route) => route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path}`)
    .filter((route) => !DOCUMENTATION.includes(route))
    .sort();

describe('the OpenAPI document and the server agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('Express answers exactly the routes the contracts list, no more and no fewer', () => {
    const served = servedRoutes(t.app);
    const listed = contractRoutes();
    expect(
      served.filter((route) => !listed.includes(route)),
      'served but not listed',
    ).toEqual([]);
    expect(
      listed.filter((route) => !served.includes(route)),
      'listed but not served',
    ).toEqual([]);
    expect(served.length).toBeGreaterThan(40);
  });

  it('would notice a route added without its contract', () => {
    const app = express();
    const api = express.Router();
    api.get('/products', (_req, res) => res.json([]));
    api.post('/products/:id/questions', (_req, res) => res.json({}));
    app.use('/api', api);
    expect(servedRoutes(app)).toEqual(['get /api/products', 'post /api/products/:id/questions']);
    expect(servedRoutes(app).filter((route) => !contractRoutes().includes(route))).toEqual([
      'post /api/products/:id/questions',
    ]);
  });

  it('states every pattern as a plain regular expression, which the values the server takes match', async () => {
    const document = (await request(t.app).get('/api/openapi.json')).body;
    const patterns: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node))
          if (key === 'pattern' && typeof value === 'string') patterns.push(value);
          else collect(value);
    };
    collect(document);
    expect(patterns.length).toBeGreaterThan(10);
    // A regex literal's flags do not survive as text: '^[0-9a-f]{24}$/i' matches nothing.
    expect(patterns.filter((p) => /\/[dgimsuyv]+$/.test(p))).toEqual([]);
    const objectId = document.paths['/api/orders/{id}'].get.parameters[0].schema.pattern;
    expect(new RegExp(objectId).test('65a1b2c3d4e5f6a7b8c9d0e1')).toBe(true);
    expect(new RegExp(objectId).test('65A1B2C3D4E5F6A7B8C9D0E1')).toBe(true);
    expect(new RegExp(objectId).test('0')).toBe(false);
  });

  it('marks every request body required, as the server refuses a request without one', async () => {
    const document = (await request(t.app).get('/api/openapi.json')).body;
    const withBody = apiRoutes.filter((route) => route.body || route.multipart);
    expect(withBody.length).toBeGreaterThan(20);
    for (const route of withBody) {
      const operation = document.paths[`/api${route.path}`][route.method];
      expect(operation.requestBody?.required, `${route.method} ${route.path}`).toBe(true);
    }
    // And the server does refuse one without it.
    expect((await request(t.app).post('/api/auth/login')).status).toBe(400);
  });

  it('states what the server checks: no blank text, exact email pattern, the password limit, the two-step proof, the upload types', async () => {
    const document = (await request(t.app).get('/api/openapi.json')).body;
    const body = (path: string, method = 'post', type = 'application/json') =>
      document.paths[path][method].requestBody.content[type];
    const register = body('/api/auth/register').schema.properties;
    expect(register.name.pattern).toBeDefined();
    expect(register.email.pattern).toBeDefined();
    expect(register.email.format).toBeUndefined();
    expect(register.password.maxLength).toBe(72);
    expect(body('/api/auth/two-step').schema.anyOf).toEqual([
      { required: ['password'] },
      { required: ['otp'] },
    ]);
    const avatar = body('/api/auth/upload-avatar', 'post', 'multipart/form-data');
    expect(avatar.schema.additionalProperties).toBe(false);
    expect(avatar.encoding.avatar.contentType).toBe(
      'image/jpeg, image/png, image/webp, image/gif, image/avif',
    );
    // A blank name is refused as the pattern says.
    const blank = await request(t.app)
      .post('/api/waitlist')
      .send({ name: ' \u3000 ', email: 'asha@example.in' });
    expect(blank.status).toBe(400);
  });

  it('gives every required text the server trims a pattern that refuses a blank one', async () => {
    const document = (await request(t.app).get('/api/openapi.json')).body;
    const unpatterned: string[] = [];
    const walk = (node: Record<string, unknown> | undefined, where: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = (
        typeof node.$ref === 'string'
          ? document.components.schemas[node.$ref.split('/').pop()!]
          : node
      ) as Record<string, unknown>;
      if (
        schema.type === 'string' &&
        Number(schema.minLength ?? 0) >= 1 &&
        !schema.pattern &&
        !schema.enum &&
        schema.format !== 'binary'
      )
        unpatterned.push(where);
      for (const [name, child] of Object.entries(schema.properties ?? {}))
        walk(child as Record<string, unknown>, `${where}.${name}`);
      if (schema.items) walk(schema.items as Record<string, unknown>, `${where}[]`);
    };
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(
      document.paths,
    ))
      for (const [method, operation] of Object.entries(operations)) {
        const content =
          (
            operation.requestBody as
              { content?: Record<string, { schema: Record<string, unknown> }> } | undefined
          )?.content ?? {};
        for (const media of Object.values<{ schema: Record<string, unknown> }>(content))
          walk(media.schema, `${method} ${path}`);
      }
    // Passwords are taken as typed (never trimmed): a blank one is simply a wrong one.
    expect(unpatterned.sort()).toEqual([
      'post /api/auth/change-password.currentPassword',
      'post /api/auth/login.password',
      'post /api/auth/two-step.password',
    ]);
  });

  it('answers 405 with Allow for a method a documented path does not take, and 404 for an unknown path', async () => {
    const wrongMethod = await request(t.app).delete('/api/auth/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.body.code).toBe('METHOD_NOT_ALLOWED');
    const withParam = await request(t.app).put('/api/orders/65a1b2c3d4e5f6a7b8c9d0e1');
    expect(withParam.status).toBe(405);
    expect(withParam.headers.allow).toBe('GET, HEAD');
    const both = await request(t.app).patch('/api/auth/verify-email');
    expect(both.headers.allow).toBe('GET, HEAD, POST');
    const unknown = await request(t.app).get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });
});
