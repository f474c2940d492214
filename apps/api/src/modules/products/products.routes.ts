import { Router } from 'express';
import type { Request, RequestHandler, Response } from 'express';
import type { JsonAnswer, StockService } from '../stock/stock.service';

/** Sends JSON serialised once, or 304 when the client holds these very bytes. */
function sendAnswer(req: Request, res: Response, answer: JsonAnswer): void {
  res.set({
    'Cache-Control': 'public, max-age=60',
    'Content-Type': 'application/json; charset=utf-8',
    ETag: answer.etag,
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(answer.body);
}

/**
 * The catalogue is code (packages/catalog); only the owner's in-stock switch changes at run time,
 * so these answers may be cached for a minute. Their JSON is serialised once per state of the
 * switches (stock.service.ts), not per request. They are the shop's busiest reads, so app.ts mounts
 * them before the general middleware, and `fixedHeaders` are the headers that middleware would
 * have added (security headers and CORS), set here on every answer, errors included.
 */
export function productsRoutes(
  stock: StockService,
  fixedHeaders: readonly [string, string | string[]][] = [],
): Router {
  const router = Router();
  const setFixedHeaders: RequestHandler = (_req, res, next) => {
    for (const [name, value] of fixedHeaders) res.setHeader(name, value);
    next();
  };
  router.get('/products', setFixedHeaders, async (req, res) => {
    sendAnswer(req, res, await stock.listAnswer());
  });
  router.get('/products/:id', setFixedHeaders, async (req, res) => {
    sendAnswer(req, res, await stock.productAnswer(String(req.params.id)));
  });
  return router;
}
