import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import type { ZodContentObject } from '@asteasolutions/zod-to-openapi';
import { apiRoutes, errorBodySchema } from '@vanya/contracts';
import { z } from 'zod';

type OpenApiDocument = ReturnType<OpenApiGeneratorV3['generateDocument']>;

let cached: OpenApiDocument | undefined;

/** The OpenAPI 3 document of the whole API, generated from the zod contracts (never hand-written). */
export function buildOpenApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });

  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  for (const route of apiRoutes) {
    const responses: Record<string, { description: string; content?: ZodContentObject }> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const { description, schema, alternatives = {} } = response;
      const others = Object.entries(alternatives).map(([type, other]) => [type, { schema: other }]);
      responses[status] = schema
        ? { description, content: { ...json(schema), ...Object.fromEntries(others) } }
        : { description };
    }
    if (!responses['400'] && (route.body || route.query))
      responses['400'] = { description: 'Invalid input', content: json(errorBodySchema) };
    if (route.auth && !responses['401'])
      responses['401'] = { description: 'Not signed in', content: json(errorBodySchema) };

    // A route that reads a body refuses a request without one, so the body is required.
    let body: { required: true; content: ZodContentObject } | undefined;
    if (route.multipart) {
      const { field, contentTypes, optional } = route.multipart;
      const file = z.string().meta({ format: 'binary' });
      const fields: Record<string, z.ZodType> = { [field]: optional ? file.optional() : file };
      if (route.body && route.body instanceof z.ZodObject) Object.assign(fields, route.body.shape);
      body = {
        required: true,
        content: {
          'multipart/form-data': {
            // No other parts: the server refuses an unexpected field.
            schema: z.strictObject(fields),
            encoding: { [field]: { contentType: contentTypes.join(', ') } },
          },
        },
      };
    } else if (route.body) {
      body = { required: true, content: json(route.body) };
    }

    registry.registerPath({
      method: route.method,
      path: `/api${route.path}`,
      tags: [route.tag],
      summary: route.summary,
      security: route.auth ? [{ [bearer.name]: [] }] : undefined,
      request: {
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(route.headers ? { headers: route.headers } : {}),
        ...(body ? { body } : {}),
      },
      responses,
    });
  }

  cached = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Vanya Naturals shop API',
      version: '1.0.0',
      description:
        'The API of the Vanya Naturals shop. Amounts are integer paise. Errors are JSON `{ msg, message, code, issues? }`.',
    },
    servers: [{ url: '/' }],
  });
  return cached;
}
