import { formatAmountForOrder, priceCart, STARTER_CATALOGUE } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import { orderBody } from '../../testing/orders';
import { startOwnerApp } from '../../testing/owner-app';
import { productForm } from '../../testing/products';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';
import { CATALOGUE_CACHE_MS } from './catalogue';

const OWNER_EMAIL = newEmail('owner');
const BUTTER = STARTER_CATALOGUE.get('Bodybutter')!;

const formOf = productForm;

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

  /** The checkout's body for `items` at the shop's prices of the moment. */
  const bodyAtCurrentPrices = async (items: { productId: string; quantity: number }[]) => {
    const catalogue = await t.services.catalogue.current();
    const body = orderBody([{ productId: 'Bodybutter', quantity: 1 }]);
    const total = priceCart(items, { deliveryState: 'Maharashtra', catalogue }).grandTotal;
    return { data: { ...body.data, items, total_amount: formatAmountForOrder(total) } };
  };
  const create = (body: object, token = owner) =>
    request(t.app).post('/api/admin/products').set(bearer(token)).send(body);

  it('a new product is a draft only the owner sees until published; its bundle takes tax from it; orders keep what was sold', async () => {
    const butter = STARTER_CATALOGUE.get('Bodybutter')!;
    const rose = {
      ...formOf(butter),
      name: 'Rose & Oud Body Butter',
      category: 'body butter',
      ingredients: ['Rose Otto', 'Shea Butter'],
      images: [] as string[],
      howToUseVideo: '',
      relatedProductIds: ['Bodybutter'],
      price: 45000,
      mrp: 60000,
      status: undefined,
      openingStock: 12,
    };
    const made = await create(rose).expect(201);
    expect(made.body).toMatchObject({
      id: 'rose-oud-body-butter',
      status: 'draft',
      price: 45000,
      hsn: '3304',
      gstRate: 18,
    });
    await create(rose, shopper.token).expect(403);
    await shown('rose-oud-body-butter').expect(404);
    const stock = await request(t.app).get('/api/admin/stock').set(bearer(owner)).expect(200);
    expect(stock.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: 'rose-oud-body-butter', onHand: 12, available: 12 }),
      ]),
    );
    // The same name again gets the next free id; an id asked for that is taken is refused.
    const again = await create({ ...rose, status: 'hidden' }).expect(201);
    expect(again.body.id).toBe('rose-oud-body-butter-2');
    const taken = await create({ ...rose, id: 'Bodybutter' }).expect(409);
    expect(taken.body.code).toBe('PRODUCT_ID_TAKEN');

    const gift = {
      ...formOf(STARTER_CATALOGUE.get('Hamper')!),
      id: 'rose-gift-box',
      name: 'Rose Gift Box',
      images: ['/media/products/hamper-1.webp'],
      // What a bundle states of its tax and ingredients is taken from its contents instead.
      hsn: '9999',
      gstRate: 0,
      ingredients: [],
      contents: [
        { productId: 'rose-oud-body-butter', quantity: 1 },
        { productId: 'TanGoneSoap', quantity: 2 },
      ],
      price: 79900,
      mrp: 99900,
      status: 'published',
    };
    const box = await create(gift).expect(201);
    expect(box.body).toMatchObject({ hsn: '3304', gstRate: 18 });
    expect(box.body.ingredients).toEqual(
      expect.arrayContaining(['Rose Otto', ...STARTER_CATALOGUE.get('TanGoneSoap')!.ingredients]),
    );

    const bare = await put('rose-oud-body-butter', {
      ...rose,
      openingStock: undefined,
      status: 'published',
    }).expect(400);
    expect(bare.body.issues[0]).toMatchObject({ path: ['images'] });
    rose.images = ['/media/products/body-butter-2.webp'];
    await put('rose-oud-body-butter', {
      ...rose,
      openingStock: undefined,
      status: 'published',
    }).expect(200);
    expect((await shown('rose-oud-body-butter')).body).toMatchObject({
      name: 'Rose & Oud Body Butter',
      price: 45000,
      inStock: true,
      available: null,
    });
    const items = [
      { productId: 'rose-oud-body-butter', quantity: 1 },
      { productId: 'rose-gift-box', quantity: 1 },
    ];
    const placed = await request(t.app)
      .post('/api/orders')
      .set(bearer(shopper.token))
      .send(await bodyAtCurrentPrices(items))
      .expect(201);
    expect(placed.body.order.lines).toEqual([
      expect.objectContaining({
        productId: 'rose-oud-body-butter',
        unitPrice: 45000,
        hsn: '3304',
        gstRate: 18,
      }),
      expect.objectContaining({
        productId: 'rose-gift-box',
        unitPrice: 79900,
        hsn: '3304',
        gstRate: 18,
      }),
    ]);

    // A later change of name and price leaves the order as it was sold.
    await put('rose-oud-body-butter', {
      ...rose,
      openingStock: undefined,
      name: 'Rose Butter',
      price: 39900,
      status: 'published',
    }).expect(200);
    const order = await request(t.app)
      .get(`/api/orders/${placed.body.order._id}`)
      .set(bearer(shopper.token))
      .expect(200);
    expect(order.body.lines[0]).toMatchObject({ name: 'Rose & Oud Body Butter', unitPrice: 45000 });
    const audit = await request(t.app)
      .get('/api/admin/audit?area=product')
      .set(bearer(owner))
      .expect(200);
    expect(audit.body.map((a: { target: string }) => a.target)).toEqual(
      expect.arrayContaining(['rose-oud-body-butter', 'rose-gift-box']),
    );
  });

  it('refuses a tax class the shop does not charge, a bundle of a bundle, a single that becomes a bundle and an unknown related product', async () => {
    const soap = formOf(STARTER_CATALOGUE.get('TanGoneSoap')!);
    const tax = await put('TanGoneSoap', { ...soap, hsn: '3304', gstRate: 5 }).expect(400);
    expect(tax.body.issues[0]).toMatchObject({
      path: ['hsn'],
      message: 'Choose a tax class the shop charges: HSN 3304 at 18% or HSN 3401 at 5%',
    });
    const trio = formOf(STARTER_CATALOGUE.get('TanFreeTrio')!);
    const nested = await put('TanFreeTrio', {
      ...trio,
      contents: [{ productId: 'Hamper', quantity: 1 }],
    }).expect(400);
    expect(nested.body.issues[0]).toMatchObject({ path: ['contents'] });
    const kind = await put('TanGoneSoap', {
      ...soap,
      category: 'Bundle',
      contents: [{ productId: 'Bodybutter', quantity: 1 }],
    }).expect(409);
    expect(kind.body.code).toBe('PRODUCT_KIND_FIXED');
    const related = await put('TanGoneSoap', { ...soap, relatedProductIds: ['no-such'] }).expect(
      400,
    );
    expect(related.body.issues[0]).toMatchObject({ path: ['relatedProductIds'] });
    const empty = await put('TanFreeTrio', { ...trio, contents: [] }).expect(400);
    expect(empty.body.issues[0]).toMatchObject({
      path: ['contents'],
      message: 'Add the products this bundle holds',
    });
  });

  it('duplicates a product as a draft copy, and an archived product leaves the shop', async () => {
    const copy = await request(t.app)
      .post('/api/admin/products/MagicSkinDuo/duplicate')
      .set(bearer(owner))
      .expect(201);
    const duo = STARTER_CATALOGUE.get('MagicSkinDuo')!;
    expect(copy.body).toMatchObject({
      id: 'MagicSkinDuo-copy',
      name: `${duo.name} (copy)`,
      status: 'draft',
      price: duo.price,
      contents: duo.contents,
      images: duo.images,
      sale: null,
    });
    await shown('MagicSkinDuo-copy').expect(404);
    const second = await request(t.app)
      .post('/api/admin/products/MagicSkinDuo/duplicate')
      .set(bearer(owner))
      .expect(201);
    expect(second.body.id).toBe('MagicSkinDuo-copy-2');
    await request(t.app).post('/api/admin/products/nope/duplicate').set(bearer(owner)).expect(404);

    // A single product's copy is counted from none: the owner's stock pages list it.
    await request(t.app)
      .post('/api/admin/products/TanGoneSoap/duplicate')
      .set(bearer(owner))
      .expect(201);
    const stock = await request(t.app).get('/api/admin/stock').set(bearer(owner)).expect(200);
    expect(stock.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: 'TanGoneSoap-copy', onHand: 0, available: 0 }),
      ]),
    );
    await request(t.app).get('/api/admin/summary').set(bearer(owner)).expect(200);

    await put('MagicSkinDuo-copy', { ...formOf(duo), status: 'archived' }).expect(200);
    await put('MagicSkinDuo-copy-2', { ...formOf(duo), status: 'published' }).expect(200);
    expect((await shown('MagicSkinDuo-copy-2')).body.name).toBe(duo.name);
    const list = await request(t.app).get('/api/products').expect(200);
    const ids = list.body.map((p: { id: string }) => p.id);
    expect(ids).toContain('MagicSkinDuo-copy-2');
    expect(ids).not.toContain('MagicSkinDuo-copy');
    await put('MagicSkinDuo-copy-2', { ...formOf(duo), status: 'archived' }).expect(200);
    await shown('MagicSkinDuo-copy-2').expect(404);
  });

  it('a wishlist takes any product of the shop, new ones included, and refuses ids no product has', async () => {
    await request(t.app)
      .post('/api/wishlist')
      .set(bearer(shopper.token))
      .send(['rose-oud-body-butter', 'Bodybutter'])
      .expect(200);
    const refused = await request(t.app)
      .post('/api/wishlist')
      .set(bearer(shopper.token))
      .send(['rose-oud-body-butter', 'no-such-thing'])
      .expect(400);
    expect(refused.body.code).toBe('UNKNOWN_PRODUCT');
  });
});
