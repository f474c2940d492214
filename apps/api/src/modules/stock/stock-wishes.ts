import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { productNotFound, shopperList } from './stock-answers';
import { background } from './stock-context';
import type { StockContext } from './stock-context';
import { backInStockMail } from './stock-mail';
import { StockWishModel } from './stock.model';

/** "Notify me": one wish per (product, email); answers whether it is new. */
export async function notify(
  ctx: StockContext,
  id: string,
  email: string,
): Promise<{ created: boolean }> {
  const product = (await ctx.catalogue()).get(id);
  if (!product) throw productNotFound(id);
  try {
    await withDbRetry(() => StockWishModel.create({ productId: product.id, email }));
  } catch (err) {
    if (isDuplicateKey(err)) return { created: false };
    throw err;
  }
  // It may have come back between the shopper's page and this request.
  background(ctx, () => mailWishes(ctx));
  return { created: true };
}

/**
 * Mails everyone waiting for a product that can be bought now, once each: a wish is deleted
 * as its mail is taken for sending (the one who deletes it sends it), and put back if the
 * mail could not go. Run after units come back, and by a job for what another process did.
 */
export async function mailWishes(ctx: StockContext): Promise<number> {
  const mail = ctx.mail;
  if (!mail) return 0;
  ctx.state = undefined;
  const shown = await shopperList(ctx);
  const buyable = shown.filter((p) => p.inStock).map((p) => p.id);
  if (buyable.length === 0) return 0;
  const wishes = await withDbRetry(() =>
    StockWishModel.find({ productId: trusted({ $in: buyable }) })
      .limit(500)
      .lean<{ _id: Types.ObjectId; productId: string; email: string; createdAt: Date }[]>(),
  );
  let sent = 0;
  for (const wish of wishes) {
    const taken = await withDbRetry(() =>
      StockWishModel.findOneAndDelete({ _id: wish._id }).lean(),
    );
    if (!taken) continue;
    const product = shown.find((p) => p.id === wish.productId)!;
    try {
      await mail.mailer.send({
        to: wish.email,
        ...backInStockMail(product.name, `${mail.webOrigin}/products/${product.id}`),
      });
      sent += 1;
    } catch (err) {
      mail.logger.error({ err, productId: product.id }, 'back-in-stock mail not sent');
      await StockWishModel.create(wish).catch(() => undefined);
    }
  }
  return sent;
}
