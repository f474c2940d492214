import { Router } from 'express';
import type { Request, Response } from 'express';
import { handle } from '../../platform/http/contract-route';
import { sendPrepared } from '../../platform/http/prepared-answer';
import type { PreparedAnswer } from '../../platform/http/prepared-answer';
import type { StockService } from '../stock/stock.service';

/**
 * GET /products and /products/:id: the published products with what can be bought. The owner's
 * changes and every order change them, so a browser asks again each time (no-cache) and a client
 * holding the bytes gets 304: the JSON is serialised once per state shoppers can see
 * (stock-answers.ts), with its ETag, and compressed once. A page the API rendered carries the same
 * products, so a browser's older copy must not draw over a newer page.
 */
export function catalogueRoutes(stock: StockService): Router {
  const router = Router();
  const send = (req: Request, res: Response, answer: PreparedAnswer) => {
    res.set('Cache-Control', 'no-cache');
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
