import { Router } from 'express';
import type { Request, Response } from 'express';
import type { JsonAnswer, StockService } from '../stock/stock.service';

/**
 * GET /products and /products/:id. The catalogue is code (packages/catalog); only the owner's
 * switches and what can be bought change at run time. An order changes what is left, so the
 * answers are cached for a few seconds only; their JSON is serialised once per state shoppers can
 * see (stock.service.ts) with its ETag and compressed once; a client holding the bytes gets 304.
 */
export function catalogueRoutes(stock: StockService): Router {
  const router = Router();
  const send = (req: Request, res: Response, answer: JsonAnswer) => {
    res.set({ 'Cache-Control': 'public, max-age=5', ETag: answer.etag }).vary('Accept-Encoding');
    if (req.fresh) return void res.status(304).end();
    res.type('json');
    // Brotli where accepted, else gzip; below 1 KB the bytes go as they are, as the API's
    // compression would send them.
    const encoding =
      answer.body.length >= 1024 && (req.acceptsEncodings('br') || req.acceptsEncodings('gzip'));
    if (encoding === 'br' || encoding === 'gzip')
      res.set('Content-Encoding', encoding).send(answer.encoded(encoding));
    else res.send(answer.body);
  };
  router.get('/products', async (req, res) => {
    send(req, res, (await stock.answers()).list);
  });
  router.get('/products/:id', async (req, res) => {
    send(req, res, (await stock.answers()).product(String(req.params.id)));
  });
  return router;
}
