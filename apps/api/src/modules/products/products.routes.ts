import { Router } from 'express';
import type { Request, Response } from 'express';
import { handle } from '../../platform/http/contract-route';
import { sendPrepared } from '../../platform/http/prepared-answer';
import type { PreparedAnswer } from '../../platform/http/prepared-answer';
import type { StockService } from '../stock/stock.service';

/**
 * GET /products and /products/:id. The catalogue is code (packages/catalog); only the owner's
 * switches and what can be bought change at run time. An order changes what is left, so the
 * answers are cached for a few seconds only; their JSON is serialised once per state shoppers can
 * see (stock-answers.ts) with its ETag and compressed once; a client holding the bytes gets 304.
 */
export function catalogueRoutes(stock: StockService): Router {
  const router = Router();
  const send = (req: Request, res: Response, answer: PreparedAnswer) => {
    res.set('Cache-Control', 'public, max-age=5');
    sendPrepared(req, res, answer, 'json');
  };
  handle(router, 'get /products', async (req, res) => {
    send(req, res, (await stock.answers()).list);
  });
  handle(router, 'get /products/{id}', async (req, res, { params }) => {
    send(req, res, (await stock.answers()).product(params.id));
  });
  return router;
}
