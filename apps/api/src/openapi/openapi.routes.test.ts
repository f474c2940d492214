import { apiRoutes, findApiRoute } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

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
