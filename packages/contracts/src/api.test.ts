import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, findApiRoute, toExpressPath } from './api';
import type { ApiRoute } from './api';
import { otpRequiredBodySchema } from './auth';
import { errorBodySchema } from './errors';
import { orderRefusedBodySchema } from './orders';

/** Every endpoint of the API, plus the community waitlist, as `METHOD path` below /api. */
const API_ENDPOINTS = [
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/phone/start',
  'POST /auth/phone/verify',
  'GET /auth/me',
  'PUT /auth/me',
  'POST /auth/upload-avatar',
  'POST /auth/remove-avatar',
  'POST /auth/change-password',
  'POST /auth/resend-otp',
  'POST /auth/verify-otp',
  'POST /auth/verify-email',
  'GET /auth/verify-email',
  'POST /auth/request-password-reset',
  'POST /auth/reset-password',
  'POST /auth/two-step',
  'POST /auth/two-step/send-code',
  'POST /auth/send-email-otp',
  'POST /auth/verify-email-otp',
  'POST /auth/send-phone-otp',
  'POST /auth/verify-phone-otp',
  'GET /wishlist',
  'POST /wishlist',
  'POST /consent',
  'POST /orders',
  'GET /orders',
  'GET /orders/{id}',
  'POST /orders/{id}/cancel',
  'POST /orders/{id}/confirm-cod',
  'POST /orders/{id}/cod-code',
  'POST /payments/verify',
  'POST /payments/webhook',
  'POST /payments/test/complete',
  'POST /contact',
  'POST /waitlist',
  'GET /products',
  'GET /products/{id}',
  'GET /products/{id}/reviews',
  'POST /products/{id}/reviews',
  'GET /products/{id}/reviews/mine',
  'PUT /products/{id}/reviews/mine',
  'GET /admin/reviews',
  'GET /admin/packing-slips',
  'POST /admin/packing',
  'GET /admin/settings/notifications',
  'PUT /admin/settings/notifications',
  'POST /admin/reviews/{id}',
  'GET /pincodes/{pin}',
  'GET /shop-settings',
  'PUT /admin/settings/shop',
  'GET /invoices',
  'GET /invoices/{id}/pdf',
  'GET /me/addresses',
  'POST /me/addresses',
  'DELETE /me/addresses/{id}',
  'GET /me/payment-methods',
  'POST /me/payment-methods',
  'DELETE /me/payment-methods/{id}',
  'GET /returns',
  'POST /returns',
  'GET /tickets',
  'POST /tickets',
  'GET /health',
  'GET /health/live',
  'GET /health/ready',
  'GET /admin/summary',
  'GET /admin/orders',
  'GET /admin/orders/{id}',
  'POST /admin/orders/{id}/status',
  'GET /admin/orders/{id}/packing-slip',
  'POST /admin/orders/{id}/shipment',
  'GET /admin/orders/{id}/shipment',
  'DELETE /admin/orders/{id}/shipment',
  'GET /admin/labels',
  'GET /admin/orders/{id}/label',
  'POST /shipping/webhook',
  'POST /shipping/test/advance',
  'GET /admin/messages',
  'GET /admin/notifications',
  'POST /admin/notifications/{id}/read',
  'POST /admin/notifications/read',
  'PUT /admin/products/{id}/stock',
  'GET /admin/audit',
  'GET /admin/gst',
  'GET /admin/returns',
  'POST /admin/returns/{id}',
  'GET /admin/tickets',
  'POST /admin/tickets/{id}/replies',
  'POST /admin/tickets/{id}/status',
  'GET /admin/waitlist',
  'GET /admin/products',
  'POST /admin/products',
  'POST /admin/products/{id}/duplicate',
  'PUT /admin/products/{id}',
  'POST /admin/products/{id}/photos',
  'GET /admin/coupons',
  'POST /admin/coupons',
  'PUT /admin/coupons/{code}',
  'GET /admin/coupons/{code}/uses',
  'POST /coupons/check',
  'GET /tickets/{id}',
  'POST /tickets/{id}/replies',
  'POST /tickets/{id}/close',
  'GET /admin/stock',
  'POST /admin/stock/{id}',
  'PUT /admin/stock/{id}',
  'GET /admin/stock/{id}/moves',
  'POST /products/{id}/notify',
];

const key = (route: ApiRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** What the API's OpenAPI module does: one registerPath per route, then generateDocument. */
function buildDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  for (const route of apiRoutes) {
    const request: NonNullable<RouteConfig['request']> = {};
    if (route.params) request.params = route.params;
    if (route.query) request.query = route.query;
    if (route.headers) request.headers = route.headers;
    if (route.multipart) {
      const fields = route.body instanceof z.ZodObject ? route.body.shape : {};
      const file = z.string().meta({ format: 'binary' });
      request.body = {
        required: route.body !== undefined || !route.multipart.optional,
        content: {
          'multipart/form-data': {
            schema: z.object({
              ...fields,
              [route.multipart.field]: route.multipart.optional ? file.optional() : file,
            }),
          },
        },
      };
    } else if (route.body) {
      request.body = { required: true, content: { 'application/json': { schema: route.body } } };
    }
    const responses: Record<string, ResponseConfig> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: { [response.contentType ?? 'application/json']: { schema: response.schema } },
          }
        : { description: response.description };
    }
    registry.registerPath({
      method: route.method,
      path: route.path,
      tags: [route.tag],
      summary: route.summary,
      ...(route.auth ? { security: [{ bearerAuth: [] }] } : {}),
      request,
      responses,
    });
  }
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: { title: 'Vanya Naturals API', version: '0.1.0' },
    servers: [{ url: '/api' }],
  });
}

describe('apiRoutes', () => {
  it('describes every endpoint of the design, each exactly once', () => {
    const keys = apiRoutes.map(key);
    expect([...keys].sort()).toEqual([...API_ENDPOINTS].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers every error with the error body or one that extends it', () => {
    const errorSchemas: unknown[] = [
      errorBodySchema,
      otpRequiredBodySchema,
      orderRefusedBodySchema,
    ];
    for (const route of apiRoutes) {
      for (const [status, response] of Object.entries(route.responses)) {
        // Readiness answers its 503 with the health report itself, naming what is down.
        if (Number(status) < 400 || route.tag === 'Health') continue;
        expect(errorSchemas, `${key(route)} ${status}`).toContain(response.schema);
      }
    }
  });

  it('marks the profile, orders, wishlist and account calls as needing login', () => {
    const open = apiRoutes.filter((route) => !route.auth).map(key);
    expect(open.sort()).toEqual(
      [
        'POST /auth/register',
        'POST /auth/login',
        'POST /auth/phone/start',
        'POST /auth/phone/verify',
        'POST /auth/resend-otp',
        'POST /auth/verify-otp',
        'POST /auth/verify-email',
        'GET /auth/verify-email',
        'POST /auth/request-password-reset',
        'POST /auth/reset-password',
        'POST /consent',
        // The dialog's signature (or, in test mode, the provider order id) is the proof.
        'POST /payments/verify',
        'POST /payments/test/complete',
        'POST /payments/webhook',
        // The courier's token (x-api-key) is the proof; test mode's scans are not in production.
        'POST /shipping/webhook',
        'POST /shipping/test/advance',
        'POST /contact',
        'POST /waitlist',
        'GET /products',
        'GET /products/{id}',
        'GET /products/{id}/reviews',
        'GET /pincodes/{pin}',
        // The notices and amounts every shopper sees.
        'GET /shop-settings',
        'GET /invoices/{id}/pdf',
        // A guest may check a code; a signed-in shopper's token adds their own uses.
        'POST /coupons/check',
        // "Notify me" asks only for an address.
        'POST /products/{id}/notify',
        'GET /health',
        'GET /health/live',
        'GET /health/ready',
      ].sort(),
    );
  });

  it('takes the avatar and the ticket attachment as multipart files of the types the server reads', () => {
    const images = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
    expect(findApiRoute('post', '/auth/upload-avatar')?.multipart).toEqual({
      field: 'avatar',
      contentTypes: images,
    });
    expect(findApiRoute('post', '/tickets')?.multipart).toEqual({
      field: 'attachment',
      contentTypes: [...images, 'application/pdf'],
      optional: true,
    });
  });

  it('documents the 400 of every route that parses params, a query or a body (the server refuses a bad one)', () => {
    const undocumented = apiRoutes
      .filter((route) => route.params || route.query || route.body)
      .filter((route) => !route.responses[400])
      .map((route) => `${route.method} ${route.path}`);
    expect(undocumented).toEqual([]);
  });

  it('writes OpenAPI path parameters the way Express expects them', () => {
    expect(toExpressPath('/invoices/{id}/pdf')).toBe('/invoices/:id/pdf');
    expect(toExpressPath('/health')).toBe('/health');
  });
});

describe('the OpenAPI document generated from apiRoutes', () => {
  const document = buildDocument();

  it('contains every path and method of the route list', () => {
    for (const route of apiRoutes) {
      expect(document.paths[route.path]?.[route.method], key(route)).toBeDefined();
    }
  });

  it('serialises to JSON and reads back unchanged', () => {
    const json = JSON.stringify(document);
    expect(JSON.parse(json)).toEqual(document);
    expect(json.length).toBeGreaterThan(10_000);
  });

  it('names the shared schemas as components and requires a bearer token where login is needed', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['User', 'ErrorBody', 'Order', 'Product', 'CreateOrderData']),
    );
    expect(document.paths['/orders']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/products']?.get?.security).toBeUndefined();
  });

  it('documents the signed invoice link query and the defaults of the checkout form', () => {
    const parameters = document.paths['/invoices/{id}/pdf']?.get?.parameters ?? [];
    const names = parameters.map((parameter) => ('name' in parameter ? parameter.name : ''));
    expect(names.sort()).toEqual(['exp', 'id', 'sig']);
    expect(JSON.stringify(document.components?.schemas?.CreateOrderData)).toContain(
      '"default":"upi"',
    );
  });
});
