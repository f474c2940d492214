import { Router } from 'express';
import type { Request, Response } from 'express';
import { chooseEncoding, fresh } from '../../platform/http/web-app';
import type { CatalogueAnswers, JsonAnswer, StockService } from '../stock/stock.service';

/**
 * GET /products and /products/:id. The catalogue is code (packages/catalog); only the owner's
 * in-stock switch changes at run time, so these answers may be cached for a minute, and their
 * JSON is serialised (and compressed) once per state of the switches (stock.service.ts), each
 * form with its ETag. A client holding the bytes gets 304.
 */
export function catalogueRoutes(stock: StockService): Router {
  const router = Router();

  function send(req: Request, res: Response, answer: JsonAnswer): void {
    const wanted = chooseEncoding(req.headers['accept-encoding'], answer);
    const encoding = answer[wanted] ? wanted : 'identity';
    const form = answer[encoding]!;
    res.vary('Accept-Encoding').set({ 'Cache-Control': 'public, max-age=60', ETag: form.etag });
    if (fresh(req, form.etag)) {
      res.status(304).end();
      return;
    }
    res.set('Content-Type', 'application/json; charset=utf-8');
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    res.set('Content-Length', String(form.body.length));
    res.end(req.method === 'HEAD' ? undefined : form.body);
  }

  const answers = async (): Promise<CatalogueAnswers> =>
    stock.answersNow() ?? (await stock.answers());

  router.get('/products', async (req, res) => {
    send(req, res, (await answers()).list);
  });
  router.get('/products/:id', async (req, res) => {
    send(req, res, (await answers()).product(String(req.params.id)));
  });
  return router;
}
