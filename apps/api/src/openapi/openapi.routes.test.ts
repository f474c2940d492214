import { apiRoutes, findApiRoute } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { buildOpenApiDocument } from './document';

describe('the API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3 document generated from the contracts with every route', async () => {
    const res = await request(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const route of apiRoutes) {
      expect(
        res.body.paths[`/api${route.path}`]?.[route.method],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    expect(
      res.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema,
    ).toBeDefined();
  });

  it('documents the status each route answers with', async () => {
    const documented = (method: 'post', path: string) =>
      Object.keys(findApiRoute(method, path)?.responses ?? {}).map(Number);
    const consent = await request(t.app)
      .post('/api/consent')
      .send({ analytics: true, marketing: false, preferences: true });
    expect(documented('post', '/consent')).toContain(consent.status);
    const contact = await request(t.app).post('/api/contact').send({
      name: 'Asha Kulkarni',
      email: 'asha@example.in',
      subject: 'wholesale',
      message: 'Do you sell the body butter in bulk?',
    });
    expect(documented('post', '/contact')).toContain(contact.status);
    const signup = { name: 'Asha Kulkarni', email: 'asha.waitlist@example.in' };
    const joined = await request(t.app).post('/api/waitlist').send(signup);
    const again = await request(t.app).post('/api/waitlist').send(signup);
    expect([joined.status, again.status]).toEqual([201, 200]);
    expect(documented('post', '/waitlist')).toEqual(expect.arrayContaining([201, 200]));
  });

  it('serves a docs page at /api/docs', async () => {
    const res = await request(t.app).get('/api/docs/').redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});

describe('the OpenAPI document for a consumer', () => {
  const document = buildOpenApiDocument() as unknown as {
    tags: { name: string; description: string }[];
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  type Media = { example?: unknown };
  type DocumentedOperation = {
    tags: string[];
    description?: string;
    requestBody?: { content: Record<string, Media> };
    responses: Record<string, { content?: Record<string, Media> }>;
  };
  const operationOf = (route: (typeof apiRoutes)[number]) =>
    document.paths[`/api${route.path}`]![route.method]!;

  it('groups the operations by area, each area described', () => {
    const described = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    for (const route of apiRoutes) {
      const description = described.get(operationOf(route).tags[0]!) ?? '';
      expect(description.length, `${route.method} ${route.path}`).toBeGreaterThan(20);
    }
    expect(new Set(apiRoutes.map((route) => route.tag))).toEqual(new Set(described.keys()));
  });

  it('says who may call each operation', () => {
    const register = operationOf(findApiRoute('post', '/auth/register')!);
    const order = operationOf(findApiRoute('get', '/orders/{id}')!);
    const owner = operationOf(findApiRoute('get', '/admin/orders')!);
    expect(register.description).toMatch(/^Open to anyone\./);
    expect(order.description).toMatch(/^A signed-in account/);
    expect(owner.description).toMatch(/^The shop's owner only/);
  });

  it("gives every JSON body and answer an example that the route's own schemas accept", () => {
    let examples = 0;
    for (const route of apiRoutes) {
      const operation = operationOf(route);
      const body = operation.requestBody?.content['application/json'];
      if (route.body && body) {
        const read = route.body.safeParse(body.example);
        expect(read.success, `${route.method} ${route.path} ${JSON.stringify(read.error)}`).toBe(
          true,
        );
        examples += 1;
      }
      for (const [status, response] of Object.entries(route.responses)) {
        const media = operation.responses[status]?.content?.['application/json'];
        if (!status.startsWith('2') || !media || !response.schema) continue;
        const read = response.schema.safeParse(media.example);
        expect(read.success, `${route.method} ${route.path} ${status}`).toBe(true);
        examples += 1;
      }
    }
    expect(examples).toBeGreaterThan(apiRoutes.length);
  });

  it('lists the test-only routes only while their provider is in test mode, as they are mounted', () => {
    const live = buildOpenApiDocument({ payments: false, courier: false });
    expect(Object.keys(live.paths)).not.toContain('/api/payments/test/complete');
    expect(Object.keys(live.paths)).not.toContain('/api/shipping/test/advance');
    const testing = buildOpenApiDocument({ payments: true, courier: false });
    expect(Object.keys(testing.paths)).toContain('/api/payments/test/complete');
    expect(Object.keys(testing.paths)).not.toContain('/api/shipping/test/advance');
  });
});
