import { priceCart, STARTER_CATALOGUE } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import { orderBody } from '../../testing/orders';
import { startOwnerApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';
import { CATALOGUE_CACHE_MS } from './catalogue';

const OWNER_EMAIL = newEmail('owner');
const BUTTER = STARTER_CATALOGUE.get('Bodybutter')!;

/** The owner's form as it first shows a product: every field as the shop has it. */
const formOf = (p: Product) => ({
  name: p.name,
  description: p.description,
  longdescription: p.longdescription,
  size: p.size,
  benefits: [...p.benefits],
  howToUseDescription: [...p.howToUseDescription],
  featured: p.featured,
  isNew: p.isNew,
  price: p.price,
  mrp: p.mrp,
  sale: null,
  status: 'published',
});

describe("the owner's products", () => {
  let t: TestApp;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  // The app's clock: the catalogue's copy and a sale's start and end are judged by it.
  let clock = Date.parse('2026-10-19T12:00:00+05:30');

  beforeAll(async () => {
    ({ t, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL, { now: () => clock }));
  });
  afterAll(() => close());

  const put = (id: string, body: object, token = owner) =>
    request(t.app).put(`/api/admin/products/${id}`).set(bearer(token)).send(body);
  const shown = (id: string) => request(t.app).get(`/api/products/${id}`);

  it('lists every product for the owner only, with its regular price, sale and status', async () => {
    const list = await request(t.app).get('/api/admin/products').set(bearer(owner)).expect(200);
    expect(list.body).toHaveLength(9);
    expect(list.body[0]).toMatchObject({
      id: 'Bodybutter',
      name: BUTTER.name,
      price: BUTTER.price,
      regularPrice: BUTTER.price,
      mrp: BUTTER.mrp,
      sale: null,
      status: 'published',
    });
    await request(t.app).get('/api/admin/products').set(bearer(shopper.token)).expect(403);
    await request(t.app).get('/api/admin/products').expect(401);
    await put('Bodybutter', formOf(BUTTER), shopper.token).expect(403);
  });

  it('a changed name and price are what shoppers see and pay at once, and the change is audited', async () => {
    const changed = await put('Bodybutter', {
      ...formOf(BUTTER),
      name: 'Kokum Body Butter',
      price: 32900,
      size: '200g',
      benefits: ['Softens dry elbows and heels'],
      featured: false,
      isNew: true,
    }).expect(200);
    expect(changed.body).toMatchObject({ name: 'Kokum Body Butter', price: 32900 });
    expect((await shown('Bodybutter')).body).toMatchObject({
      name: 'Kokum Body Butter',
      price: 32900,
      size: '200g',
      benefits: ['Softens dry elbows and heels'],
      howToUseDescription: BUTTER.howToUseDescription,
      featured: false,
      isNew: true,
    });
    const audit = await request(t.app).get('/api/admin/audit').set(bearer(owner)).expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'product.update',
      target: 'Bodybutter',
      actor: OWNER_EMAIL.toLowerCase(),
    });
    expect(audit.body[0].details).toMatchObject({ name: 'Kokum Body Butter', price: 32900 });
  });

  it('refuses a price above the MRP, a sale not below the price or ending before it starts, and an unknown product', async () => {
    const above = await put('Bodybutter', { ...formOf(BUTTER), price: BUTTER.mrp + 100 }).expect(
      400,
    );
    expect(above.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['price'], message: 'The price cannot be above the MRP' }),
      ]),
    );
    const sale = {
      price: BUTTER.price,
      startsAt: '2026-10-20T00:00:00+05:30',
      endsAt: '2026-10-19T00:00:00+05:30',
    };
    const bad = await put('Bodybutter', { ...formOf(BUTTER), sale }).expect(400);
    expect(bad.body.issues).toEqual([
      expect.objectContaining({
        path: ['sale', 'endsAt'],
        message: 'The sale must end after it starts',
      }),
      expect.objectContaining({
        path: ['sale', 'price'],
        message: 'The sale price must be below the regular price',
      }),
    ]);
    await put('Nope', formOf(BUTTER)).expect(404);
    const blank = await put('Bodybutter', { ...formOf(BUTTER), name: '  ' }).expect(400);
    expect(blank.body.issues[0]).toMatchObject({
      path: ['name'],
      message: 'Enter the product’s name',
    });
  });

  it('a sale turns the price at its start and back at its end, with nobody present', async () => {
    const soap = STARTER_CATALOGUE.get('TanGoneSoap')!;
    const sale = {
      price: 14900,
      startsAt: '2026-10-19T12:01:00+05:30',
      endsAt: '2026-10-19T13:00:00+05:30',
    };
    const set = await put('TanGoneSoap', { ...formOf(soap), sale }).expect(200);
    expect(set.body).toMatchObject({ price: soap.price, regularPrice: soap.price });
    expect(set.body.sale).toEqual({
      price: 14900,
      startsAt: '2026-10-19T06:31:00.000Z',
      endsAt: '2026-10-19T07:30:00.000Z',
    });
    expect((await shown('TanGoneSoap')).body.price).toBe(soap.price);

    clock = Date.parse(sale.startsAt);
    expect((await shown('TanGoneSoap')).body).toMatchObject({ price: 14900, mrp: soap.mrp });
    // A cart priced before the minute is refused at checkout with its new total to show.
    const items = [{ productId: 'TanGoneSoap', quantity: 2 }];
    const stale = await request(t.app)
      .post('/api/orders')
      .set(bearer(shopper.token))
      .send(orderBody(items))
      .expect(409);
    expect(stale.body).toMatchObject({
      code: 'TOTAL_MISMATCH',
      message: 'The total has changed. Please review your cart before paying.',
    });
    const catalogue = await t.services.catalogue.current();
    expect(stale.body.totals.grandTotal).toBe(
      priceCart(items, { deliveryState: 'Maharashtra', catalogue }).grandTotal,
    );

    clock = Date.parse(sale.endsAt);
    expect((await shown('TanGoneSoap')).body.price).toBe(soap.price);
  });

  it('a hidden product leaves the shop and cannot be bought, keeps its stock on the owner’s page, and comes back', async () => {
    const scrub = STARTER_CATALOGUE.get('ExfoliatingScrub')!;
    await put('ExfoliatingScrub', { ...formOf(scrub), status: 'hidden' }).expect(200);
    await shown('ExfoliatingScrub').expect(404);
    const list = await request(t.app).get('/api/products').expect(200);
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain('ExfoliatingScrub');
    const refused = await request(t.app)
      .post('/api/orders')
      .set(bearer(shopper.token))
      .send(orderBody([{ productId: 'ExfoliatingScrub', quantity: 1 }]))
      .expect(400);
    expect(refused.body.code).toBe('UNKNOWN_PRODUCT');
    const stock = await request(t.app).get('/api/admin/stock').set(bearer(owner)).expect(200);
    expect(stock.body.items.map((i: { name: string }) => i.name)).toContain(scrub.name);
    const owners = await request(t.app).get('/api/admin/products').set(bearer(owner)).expect(200);
    expect(owners.body.find((p: { id: string }) => p.id === 'ExfoliatingScrub').status).toBe(
      'hidden',
    );

    await put('ExfoliatingScrub', formOf(scrub)).expect(200);
    clock += CATALOGUE_CACHE_MS;
    expect((await shown('ExfoliatingScrub')).body.name).toBe(scrub.name);
  });
});
