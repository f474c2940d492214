import { STARTER_CATALOGUE } from '@vanya/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { StockItemModel, StockModel, StockMoveModel } from './stock.model';
import { createStockService } from './stock.service';

const starter = () => Promise.resolve(STARTER_CATALOGUE);

describe('stock switches and counts as the catalogue reads them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await StockModel.deleteMany({ _id: 'Hamper' });
    await t.close();
  });

  const inStock = async (service: ReturnType<typeof createStockService>) =>
    (await service.get('Hamper')).inStock;

  it('reads a switch changed by another process once its few seconds are up', async () => {
    let clock = 0;
    const stock = createStockService({
      catalogue: starter,
      wholeCatalogue: starter,
      now: () => clock,
    });
    expect(await inStock(stock)).toBe(true);

    // Another API process switches the hamper off.
    await StockModel.updateOne({ _id: 'Hamper' }, { $set: { inStock: false } }, { upsert: true });
    clock = 4_000;
    expect(await inStock(stock), 'fresh enough: not read again').toBe(true);
    clock = 6_000;
    expect(await inStock(stock)).toBe(false);
    expect(JSON.parse((await stock.answers()).product('Hamper').body).inStock).toBe(false);
    await StockModel.deleteMany({ _id: 'Hamper' });
  });

  it('shows a switch changed through it at once', async () => {
    const stock = createStockService({ catalogue: starter, wholeCatalogue: starter, now: () => 0 });
    expect(await inStock(stock)).toBe(true);
    await stock.set('Hamper', false);
    expect(await inStock(stock)).toBe(false);
    await stock.set('Hamper', true);
    expect(await inStock(stock)).toBe(true);
  });

  it('reads counts another process changed once its few seconds are up, and keeps its bytes while shoppers would see the same', async () => {
    let clock = 0;
    const stock = createStockService({
      catalogue: starter,
      wholeCatalogue: starter,
      now: () => clock,
    });
    const first = await stock.answers();
    expect(JSON.parse(first.product('ScrubClub').body)).toMatchObject({
      inStock: true,
      available: null,
    });

    // Another process sells scrubs: 100 -> 60 changes nothing a shopper sees, so the bytes stay.
    await StockItemModel.updateOne(
      { _id: 'ExfoliatingScrub' },
      { $inc: { onHand: -40, available: -40 } },
    );
    clock = 6_000;
    expect(await stock.answers()).toBe(first);

    // Down to 7 scrubs: a Scrub Club (two of them) has 3 left, which shoppers are told.
    await StockItemModel.updateOne(
      { _id: 'ExfoliatingScrub' },
      { $inc: { onHand: -53, available: -53 } },
    );
    clock = 12_000;
    const low = await stock.answers();
    expect(low.product('ScrubClub').etag).not.toBe(first.product('ScrubClub').etag);
    expect(JSON.parse(low.product('ScrubClub').body)).toMatchObject({
      inStock: true,
      available: 3,
    });
    expect(JSON.parse(low.product('ExfoliatingScrub').body).available).toBeNull();
    await StockItemModel.updateOne(
      { _id: 'ExfoliatingScrub' },
      { $inc: { onHand: 93, available: 93 } },
    );
  });

  it('starts every single product once, however many processes start at once', async () => {
    // A database from before stock was counted.
    await StockItemModel.deleteMany({});
    await StockMoveModel.deleteMany({});
    await Promise.all(
      Array.from({ length: 4 }, () =>
        createStockService({ catalogue: starter, wholeCatalogue: starter, initial: 25 }).overview(),
      ),
    );
    const items = await StockItemModel.find({}).sort({ _id: 1 }).lean();
    expect(items.map((i) => [i._id, i.onHand, i.reserved, i.available])).toEqual([
      ['Bodybutter', 25, 0, 25],
      ['ExfoliatingScrub', 25, 0, 25],
      ['TanGoneSoap', 25, 0, 25],
    ]);
    expect(await StockMoveModel.countDocuments({ kind: 'initial', productId: 'Bodybutter' })).toBe(
      1,
    );
  });
});
