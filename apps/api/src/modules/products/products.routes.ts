import { Router } from 'express';
import type { Request, Response } from 'express';
import { chooseEncoding } from '../../shared/http/web-app';
import type { JsonAnswer, StockService } from '../stock/stock.service';

/** Sends JSON serialised once, compressed as the client accepts, or 304 when it holds these bytes. */
function sendAnswer(req: Request, res: Response, answer: JsonAnswer): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'], answer);
  const form = answer[encoding] ?? answer.identity;
  const prior = res.getHeader('Vary');
  // Plain setHeader and end: the bytes, their type and their ETag are known, so Express's send
  // (type lookup, ETag hashing, a second freshness check) has nothing to add.
  res.setHeader('Cache-Control', 'public, max-age=60');
  res.setHeader('ETag', form.etag);
  res.setHeader('Vary', prior ? `${String(prior)}, Accept-Encoding` : 'Accept-Encoding');
  if (req.headers['if-none-match'] && req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', form.body.length);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.end(form.body); // a HEAD request gets the headers alone
}

/**
 * The catalogue is code (packages/catalog); only the owner's in-stock switch changes at run time,
 * so these answers may be cached for a minute. Their JSON is serialised once per state of the
 * switches (stock.service.ts), not per request. They are the shop's busiest reads, so app.ts mounts
 * them before the parsers and the other routers.
 */
export function productsRoutes(stock: StockService): Router {
  const router = Router();
  router.get('/products', async (req, res) => {
    sendAnswer(req, res, await stock.listAnswer());
  });
  router.get('/products/:id', async (req, res) => {
    sendAnswer(req, res, await stock.productAnswer(String(req.params.id)));
  });
  return router;
}
