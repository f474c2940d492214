import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { buildOpenApiDocument } from './document';
import type { TestModes } from './document';

/**
 * /api/openapi.json (the document, with the test-only routes of the providers in test mode, which
 * are the ones mounted) and /api/docs (Swagger UI, served from the package: no CDN).
 */
export function openApiRoutes(testModes: TestModes): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(buildOpenApiDocument(testModes));
  });
  router.use(
    '/docs',
    swaggerUi.serveFiles(undefined, { swaggerUrl: '/api/openapi.json' }),
    swaggerUi.setup(undefined, {
      customSiteTitle: 'Vanya Naturals API',
      swaggerOptions: { url: '/api/openapi.json' },
    }),
  );
  return router;
}
