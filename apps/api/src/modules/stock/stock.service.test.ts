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

  it('answers with the switches it holds when they are old, and refreshes them behind', async () => {
    let clock = 0;
    const stock = createStockService(() => clock);
    expect(await inStock(stock)).toBe(true);

    // Another API process switches the hamper off.
    await StockModel.updateOne({ _id: 'Hamper' }, { $set: { inStock: false } }, { upsert: true });
    clock = 4_000;
    expect(await inStock(stock), 'fresh enough: not read again').toBe(true);
    clock = 6_000;
    expect(await inStock(stock), 'old: answered at once, refreshed behind').toBe(true);
    // The refresh is one read; a busy machine may take more than expect.poll's default second.
    await expect.poll(() => inStock(stock), { timeout: 15_000 }).toBe(false);
    await StockModel.deleteMany({ _id: 'Hamper' });
  });

  it('shows a switch changed through it at once, whatever a refresh begun before brings', async () => {
    let clock = 0;
    const stock = createStockService(() => clock);
    expect(await inStock(stock)).toBe(true);
    clock = 6_000;
    const stale = stock.get('Hamper'); // starts a refresh that reads the switch still on
    await stock.set('Hamper', false);
    await stale;
    expect(await inStock(stock)).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(await inStock(stock)).toBe(false);
    await stock.set('Hamper', true);
    expect(await inStock(stock)).toBe(true);
  });
});
