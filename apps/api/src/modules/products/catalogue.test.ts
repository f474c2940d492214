import { formatAmountForOrder, priceCart, STARTER_CATALOGUE } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createLogger } from '../../platform/logger';
import { createServices } from '../../services';
import type { Services } from '../../services';
import { bearer, signUpVerified } from '../../testing/accounts';
import { orderBody, placePaidOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { productForm } from '../../testing/products';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { CATALOGUE_CACHE_MS, catalogueContext, seedCatalogue } from './catalogue';
import { ProductModel } from './product.model';

const BUTTER = STARTER_CATALOGUE.get('Bodybutter')!;
const SALE_PRICE = 29900;

describe('the catalogue in the database', () => {
  let sink: SmtpSink;
  let t: TestApp;
  // A second API process on the same database, with a clock of its own, moved on by hand.
  let other: { app: ReturnType<typeof createApp>; services: Services };
  const startedAt = Date.now();
  let otherOffset = 0;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    const services = createServices(
      t.config,
      createLogger(t.config),
      () => startedAt + otherOffset,
    );
    other = {
      services,
      app: createApp({
        config: t.config,
        logger: createLogger(t.config),
        connection: t.connection,
        services,
      }),
    };
  });
  afterAll(async () => {
    await other.services.close();
    await t.close();
    await sink.stop();
  });

  const priceOf = async (app: ReturnType<typeof createApp>, id: string) => {
    const res = await request(app).get(`/api/products/${id}`).expect(200);
    return { price: res.body.price as number, name: res.body.name as string };
  };

  it('starts a new shop with the nine products, in the shop’s order, and never writes them back', async () => {
    const res = await request(t.app).get('/api/products').expect(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(
      STARTER_CATALOGUE.products.map((p) => p.id),
    );
    expect(res.body[0]).toMatchObject({ name: BUTTER.name, price: BUTTER.price, hsn: BUTTER.hsn });
    expect(await ProductModel.countDocuments()).toBe(9);

    await ProductModel.updateOne({ _id: 'TanGoneSoap' }, { $set: { size: '125g' } });
    await seedCatalogue(catalogueContext());
    expect(await ProductModel.countDocuments()).toBe(9);
    expect((await ProductModel.findById('TanGoneSoap').lean())?.size).toBe('125g');
  });

  it('a changed price reaches every process within CATALOGUE_CACHE_MS, and an order placed before keeps its price', async () => {
    const shopper = await signUpVerified(t, sink);
    const items = [{ productId: 'Bodybutter', quantity: 1 }];
    const before = await placePaidOrder(t, shopper.token, orderBody(items));
    expect(await priceOf(other.app, 'Bodybutter')).toEqual({
      price: BUTTER.price,
      name: BUTTER.name,
    });

    await ProductModel.updateOne(
      { _id: 'Bodybutter' },
      { $set: { price: SALE_PRICE, name: 'Body Butter (Diwali)' } },
    );
    otherOffset = CATALOGUE_CACHE_MS - 1;
    expect((await priceOf(other.app, 'Bodybutter')).price).toBe(BUTTER.price);
    otherOffset = CATALOGUE_CACHE_MS;
    expect(await priceOf(other.app, 'Bodybutter')).toEqual({
      price: SALE_PRICE,
      name: 'Body Butter (Diwali)',
    });

    // The other process prices checkout from what it now sells: the old total is refused.
    const oldTotal = orderBody(items);
    const refused = await request(other.app)
      .post('/api/orders')
      .set(bearer(shopper.token))
      .send(oldTotal)
      .expect(409);
    expect(refused.body.code).toBe('TOTAL_MISMATCH');
    const sale = priceCart(items, {
      deliveryState: 'Maharashtra',
      catalogue: await other.services.stock.catalogue(),
    });
    const placed = await request(other.app)
      .post('/api/orders')
      .set(bearer(shopper.token))
      .send({ data: { ...oldTotal.data, total_amount: formatAmountForOrder(sale.grandTotal) } })
      .expect(201);
    expect(placed.body.order.lines[0]).toMatchObject({
      name: 'Body Butter (Diwali)',
      unitPrice: SALE_PRICE,
    });

    const kept = await request(t.app)
      .get(`/api/orders/${before.order._id}`)
      .set(bearer(shopper.token))
      .expect(200);
    expect(kept.body.lines[0]).toMatchObject({ name: BUTTER.name, unitPrice: BUTTER.price });
  });

  it('a product added in one process is sold by the other within CATALOGUE_CACHE_MS, and leaves it when archived', async () => {
    const shown = (id: string) => request(other.app).get(`/api/products/${id}`);
    const body = {
      ...productForm(BUTTER),
      name: 'Neem Soap',
      category: 'soap' as const,
      hsn: '3401',
      gstRate: 5,
      relatedProductIds: [],
      status: 'published' as const,
      openingStock: 5,
    };
    otherOffset += 1;
    await shown('neem-soap').expect(404);
    const made = await t.services.catalogue.create(body, (id, units) =>
      t.services.stock.open(id, units, 'owner@example.in'),
    );
    expect(made.id).toBe('neem-soap');
    otherOffset += CATALOGUE_CACHE_MS;
    expect((await shown('neem-soap').expect(200)).body).toMatchObject({
      name: 'Neem Soap',
      gstRate: 5,
      available: 5,
    });

    const { openingStock: _units, ...edit } = body;
    await t.services.catalogue.edit('neem-soap', { ...edit, status: 'archived' });
    otherOffset += CATALOGUE_CACHE_MS;
    await shown('neem-soap').expect(404);
  });
});
