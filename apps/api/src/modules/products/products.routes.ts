import { Router } from 'express';
import { findProduct, listProducts } from './products.service';

/** The catalogue is code (packages/catalog), so these answers are cacheable for a few minutes. */
export function productsRoutes(): Router {
  const router = Router();
  router.get('/products', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(listProducts());
  });
  router.get('/products/:id', (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(findProduct(req.params.id));
  });
  return router;
}
