import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import type { ZodContentObject } from '@asteasolutions/zod-to-openapi';
import { API_TAGS, apiRoutes, errorBodySchema } from '@vanya/contracts';
import type { ApiRoute } from '@vanya/contracts';
import { sample } from 'openapi-sampler';
import { z } from 'zod';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV3['generateDocument']>;

/** The providers running in their built-in test mode, whose test-only routes are mounted. */
export type TestModes = { payments: boolean; courier: boolean };

/** Who may call a route, as the operation's description says it. */
function whoMayCall(route: ApiRoute): string {
  const who = !route.auth
    ? 'Open to anyone.'
    : route.responses[403]
      ? "The shop's owner only: an account whose verified email is in OWNER_EMAILS, with its bearer token."
      : 'A signed-in account, with its bearer token.';
  const test = route.testMode
    ? ` Exists only while ${route.testMode === 'payments' ? 'payments run' : 'the courier runs'} in the built-in test mode (no provider keys set), never in production.`
    : '';
  return `${who}${test} Errors answer JSON { msg, message, code }; the codes are listed with each status.`;
}

type Operation = {
  requestBody?: { content?: Record<string, { schema?: object; example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: object; example?: unknown }> }>;
};

/**
 * An example for each JSON body and answer, sampled from its schema (Redocly's openapi-sampler:
 * the fields' own examples where they give one, else a value of the right type and format).
 */
function addExamples(document: OpenApiDocument): void {
  const withExample = (media: { schema?: object; example?: unknown } | undefined) => {
    if (media?.schema && media.example === undefined)
      media.example = sample(media.schema, { skipReadOnly: true, quiet: true }, document);
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      withExample(operation.requestBody?.content?.['application/json']);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) withExample(response.content?.['application/json']);
      }
    }
  }
}

const cached = new Map<string, OpenApiDocument>();

/**
 * The OpenAPI 3 document of the API, generated from the zod contracts (never hand-written): every
 * route, less the test-only ones of a provider not in test mode.
 */
/**
 * Every integer the server takes is a safe one (zod's `.int()` refuses beyond 2^53 - 1), which the
 * generator leaves unsaid: each integer schema without its own bounds gets them, so the document
 * is no looser than the server.
 */
function stateSafeIntegers(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(stateSafeIntegers);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'integer') {
    schema.maximum ??= Number.MAX_SAFE_INTEGER;
    schema.minimum ??= Number.MIN_SAFE_INTEGER;
  }
  Object.values(schema).forEach(stateSafeIntegers);
}

export function buildOpenApiDocument(
  testModes: TestModes = { payments: true, courier: true },
): OpenApiDocument {
  const key = JSON.stringify(testModes);
  const known = cached.get(key);
  if (known) return known;
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });

  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  for (const route of apiRoutes) {
    if (route.testMode && !testModes[route.testMode]) continue;
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
      description: whoMayCall(route),
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

  const document = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Vanya Naturals shop API',
      version: '1.0.0',
      description:
        'The API of the Vanya Naturals shop. Amounts are integer paise. Errors are JSON `{ msg, message, code, issues? }`.',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
  });
  stateSafeIntegers(document);
  addExamples(document);
  cached.set(key, document);
  return document;
}
