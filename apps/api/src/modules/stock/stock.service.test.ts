import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createStockService, StockModel } from './stock.service';

describe('stock switches as the catalogue reads them', () => {
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
    const stock = createStockService(() => clock);
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
    const stock = createStockService(() => 0);
    expect(await inStock(stock)).toBe(true);
    await stock.set('Hamper', false);
    expect(await inStock(stock)).toBe(false);
    await stock.set('Hamper', true);
    expect(await inStock(stock)).toBe(true);
  });
});
