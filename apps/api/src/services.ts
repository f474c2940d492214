import { brand } from '@vanya/catalog';
import path from 'node:path';
import type { Config } from './config/env';
import { createJobs, LEASE_RENEW_MS } from './jobs/jobs';
import { createLease } from './platform/db/lease';
import { createAuthService } from './modules/auth/auth.service';
import { createCodeService } from './modules/auth/codes.service';
import { createEmailTokenService } from './modules/auth/email-tokens.service';
import { createPasswordHasher } from './modules/auth/password-hasher';
import { createMailer } from './modules/mail/mailer';
import { HttpSmsTransport, LogSmsTransport } from './modules/sms/sms-transport';
import type { SmsTransport } from './modules/sms/sms-transport';
import { createTextBudget } from './modules/sms/text-budget';
import { createAdminOrders } from './modules/admin/admin-orders.service';
import { createAdminSupport } from './modules/admin/admin-support.service';
import { createCoupons } from './modules/coupons/coupons.service';
import { createCashOnDelivery } from './modules/orders/cash-on-delivery';
import { createReviews } from './modules/reviews/reviews.service';
import { createOwnerNotices } from './modules/admin/owner-notices';
import { createOrderLifecycle } from './modules/orders/order-lifecycle';
import { createOrdersService } from './modules/orders/orders.service';
import { createRefunds } from './modules/orders/refunds';
import { RazorpayProvider, TestPaymentProvider } from './modules/payments/payment-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPincodes } from './modules/pincodes/pincodes.service';
import { configuredServiceability } from './modules/pincodes/serviceability';
import { createShopSettings, shopSettingsDefaults } from './modules/settings/shop-settings.service';
import { courierServiceability } from './modules/shipping/courier-serviceability';
import { ShiprocketProvider } from './modules/shipping/shiprocket.provider';
import { TestShippingProvider } from './modules/shipping/shipping-provider';
import type { ShippingProvider } from './modules/shipping/shipping-provider';
import { createShipping } from './modules/shipping/shipping.service';
import { createReservationExpiry } from './modules/stock/reservation-expiry';
import { createStockService } from './modules/stock/stock.service';
import { createCatalogue } from './modules/products/catalogue.service';
import { sweepExpired } from './platform/db/sweeper';
import type { Logger } from './platform/logger';

/**
 * Everything the API is made of, built once (the composition root): the outside-facing parts
 * (mail, SMS, the payment provider, password hashing), the domain services the routes call, and
 * the background jobs. index.ts and the tests create it, hand it to createApp, and close it.
 */
export type Services = ReturnType<typeof createServices>;

/** `now` is the clock of the catalogue's copy (tests move it on to see another process's change). */
export function createServices(config: Config, logger: Logger, now: () => number = Date.now) {
  const { runInBackground, idle } = backgroundWork(logger);
  const w: Wiring = {
    config,
    logger,
    runInBackground,
    staleAfterMs: config.jobs.recoveryStaleMs,
  };
  const m = messaging(w);
  const auth = accountServices(w, m);
  const p = providers(config);
  const shop = shopServices(w, m, now);
  const o = orderServices(w, m, p, shop);
  const jobs = backgroundJobs(w, shop, o);

  return {
    mailer: m.mailer,
    sms: m.sms,
    /** The shop's budget of code texts. */
    texts: m.texts,
    provider: p.provider,
    lifecycle: o.lifecycle,
    orders: o.orders,
    payments: o.payments,
    auth,
    stock: shop.stock,
    /** The products as sold now (each process's copy kept 5 s), and the owner's edits of them. */
    catalogue: shop.catalogue,
    /** PIN look-up: place, serviceability, cash on delivery and the delivery estimate. */
    pincodes: o.pincodes,
    /** What the owner changes without a release: pre-order notice, cash on delivery, free shipping. */
    shopSettings: shop.shopSettings,
    coupons: shop.coupons,
    /** Buyers' reviews, the owner's moderation, and the request for one a week after delivery. */
    reviews: o.reviews,
    /** Mails to the owners about what waits for them, each turned on or off in their settings. */
    ownerNotices: m.ownerNotices,
    adminOrders: o.adminOrders,
    refunds: o.refunds,
    adminSupport: createAdminSupport({
      lifecycle: o.lifecycle,
      refunds: o.refunds,
      mailer: m.mailer,
      logger,
      webOrigin: config.webOrigin,
    }),
    /** Parcels booked with the courier, and its scans followed (webhook and polling). */
    shipping: o.shipping,
    jobs,
    /** Resolves once no work started by runInBackground is running, nor any it started. */
    idle,
    async close() {
      await jobs.stop();
      await idle();
    },
  };
}

/** What every area's wiring is given. */
interface Wiring {
  config: Config;
  logger: Logger;
  runInBackground: (task: () => Promise<unknown>) => void;
  staleAfterMs: number;
}

/** Work started in the background, and a promise that resolves once none is running. */
function backgroundWork(logger: Logger) {
  const running = new Set<Promise<unknown>>();
  const runInBackground = (task: () => Promise<unknown>) => {
    const promise = task()
      .catch((err: unknown) => logger.error({ err }, 'background task failed'))
      .finally(() => running.delete(promise));
    running.add(promise);
  };
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return { runInBackground, idle };
}

/** What reaches people: SMS, mail, the owners' notices and the shop's budget of code texts. */
function messaging({ config, logger, runInBackground, staleAfterMs }: Wiring) {
  // Production refuses to start without SMS_URL, so codes are printed to the log only elsewhere.
  const sms: SmsTransport = config.sms
    ? new HttpSmsTransport(config.sms.url, config.sms.apiKey)
    : new LogSmsTransport(logger);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    logger,
  });
  const ownerNotices = createOwnerNotices({
    mailer,
    logger,
    ownerEmails: config.ownerEmails,
    webOrigin: config.webOrigin,
    staleAfterMs,
    runInBackground,
    sms,
  });
  // Every code text (sign-in, cash on delivery, phone change) is taken from the shop's budget.
  const texts = createTextBudget(
    config.textBudget,
    (spent) => ownerNotices.textsSpent(spent),
    config.rateLimitScale,
  );
  return { sms, mailer, ownerNotices, texts };
}
type Messaging = ReturnType<typeof messaging>;

/** Accounts: sign-in, codes, password hashing. */
function accountServices({ config, logger, runInBackground }: Wiring, m: Messaging) {
  return createAuthService({
    config,
    logger,
    mailer: m.mailer,
    sms: m.sms,
    texts: m.texts,
    hasher: createPasswordHasher({ cost: config.bcryptCost }),
    codes: createCodeService(config.secrets.codes),
    tokens: createEmailTokenService(),
    runInBackground,
  });
}

/** The payment provider and the courier. */
function providers(config: Config) {
  const provider: PaymentProvider = config.razorpay
    ? new RazorpayProvider({ ...config.razorpay, apiUrl: config.razorpayApiUrl })
    : new TestPaymentProvider(config.secrets.testPayments);
  // Shiprocket with an API user's credentials; without them (never in production) a local courier.
  const shippingProvider: ShippingProvider = config.shiprocket
    ? new ShiprocketProvider({
        ...config.shiprocket,
        pickupLocation: config.shipping.pickupLocation,
        parcel: config.shipping.parcel,
      })
    : new TestShippingProvider(config.secrets.testPayments);
  return { provider, shippingProvider };
}
type Providers = ReturnType<typeof providers>;

/** The shop's settings, coupons and stock. */
function shopServices(
  { config, logger, runInBackground }: Wiring,
  m: Messaging,
  now: () => number,
) {
  const shopSettings = createShopSettings({ defaults: shopSettingsDefaults(config) });
  const coupons = createCoupons();
  const catalogue = createCatalogue(config.uploadDir, now);
  const stock = createStockService({
    now,
    catalogue: catalogue.current,
    wholeCatalogue: catalogue.whole,
    initial: config.stock.initial,
    mail: {
      mailer: m.mailer,
      ownerEmails: config.ownerEmails,
      webOrigin: config.webOrigin,
      logger,
      runInBackground,
      lowStockWanted: () => m.ownerNotices.enabled('lowStock'),
      textLow: (productId, name, available) =>
        m.ownerNotices.lowStockText(productId, name, available),
    },
  });
  return { shopSettings, coupons, catalogue, stock };
}
type ShopServices = ReturnType<typeof shopServices>;

/** Orders from checkout to delivery: payment, refunds, cash on delivery, reviews, shipping. */
function orderServices(w: Wiring, m: Messaging, p: Providers, shop: ShopServices) {
  const { config, logger, runInBackground, staleAfterMs } = w;
  const { mailer, sms, texts } = m;
  const { provider, shippingProvider } = p;
  const { shopSettings, coupons, stock } = shop;
  const lifecycle = createOrderLifecycle({
    logger,
    mailer,
    seller: config.seller,
    staleAfterMs,
    runInBackground,
    onConfirmed: (order) => m.ownerNotices.newOrder(order),
    coupons,
    sms,
    stock,
    preOrder: async () => (await shopSettings.read()).preOrder,
  });
  const payments = createPaymentsService({ provider, lifecycle, logger, runInBackground });
  const refunds = createRefunds({ provider, lifecycle, mailer, logger, staleAfterMs });
  const pincodes = pincodeService(w, shippingProvider, shopSettings);
  const reviews = createReviews({
    mailer,
    logger,
    webOrigin: config.webOrigin,
    staleAfterMs,
    catalogue: stock.catalogue,
  });
  const cod = createCashOnDelivery({
    pincodes,
    sms,
    texts,
    lifecycle,
    secret: config.secrets.codes,
    logger,
  });
  const reservationExpiry = createReservationExpiry({
    lifecycle,
    minutes: config.stock.reservationMinutes,
  });
  const orders = createOrdersService({
    payments,
    lifecycle,
    stock,
    refunds,
    coupons,
    cod,
    settings: shopSettings,
  });
  const adminOrders = createAdminOrders({
    lifecycle,
    refunds,
    logger,
    linkSecret: config.secrets.invoiceLinks,
  });
  const shipping = createShipping({ provider: shippingProvider, lifecycle, logger, staleAfterMs });
  return {
    lifecycle,
    payments,
    refunds,
    pincodes,
    reviews,
    cod,
    reservationExpiry,
    orders,
    adminOrders,
    shipping,
  };
}
type OrderServices = ReturnType<typeof orderServices>;

function pincodeService(
  { config, logger }: Wiring,
  shippingProvider: ShippingProvider,
  shopSettings: ShopServices['shopSettings'],
) {
  const configured = configuredServiceability(config.codExcludedPinPrefixes);
  return createPincodes({
    // With Shiprocket configured, whether a PIN is served is its answer, and cash on delivery is
    // offered where it and the configuration both allow it.
    serviceability: config.shiprocket
      ? courierServiceability({
          provider: shippingProvider,
          pickupPin: brand.address.pinCode,
          configured,
          logger,
        })
      : configured,
    settings: shopSettings,
  });
}

/** The background jobs. */
function backgroundJobs(
  { config, logger, staleAfterMs }: Wiring,
  shop: ShopServices,
  o: OrderServices,
) {
  const { stock, coupons } = shop;
  const { payments, refunds, cod, reviews, shipping, reservationExpiry, lifecycle } = o;
  return createJobs(
    [
      {
        // Orders left waiting for payment (browser closed, webhook lost, a crash) and paid orders
        // whose invoice or mail is missing are finished; double charges are refunded; refunds a
        // crash or the provider left half-done are settled.
        name: 'reconcile',
        everyMs: config.jobs.reconcileEveryMs,
        run: async () => {
          await payments.reconcile({ minAgeMs: config.jobs.reconcileMinAgeMs });
          await refunds.settlePending();
        },
      },
      { name: 'sweep', everyMs: 10 * 60 * 1000, run: () => sweepExpired() },
      // Cash-on-delivery orders whose code was never entered are cancelled after 30 minutes.
      { name: 'cod-expiry', everyMs: 60 * 1000, run: () => cod.cancelUnconfirmed() },
      // A week after delivery, the buyer is asked for a review (once per order).
      { name: 'review-requests', everyMs: 60 * 60 * 1000, run: () => reviews.requestReviews() },
      // Booked parcels are asked about in case a tracking webhook was lost.
      {
        name: 'shipping',
        everyMs: config.shipping.pollEveryMs,
        run: () => shipping.pollOpenShipments(),
      },
      // Unpaid orders give their units back after RESERVATION_MINUTES; whoever asked to be told
      // when a product is back is mailed (also for units another process put back).
      {
        name: 'reservation-expiry',
        everyMs: 60 * 1000,
        run: () => reservationExpiry.cancelExpired(),
      },
      { name: 'stock-wishes', everyMs: 60 * 1000, run: () => stock.mailWishes() },
      // The stock ledger: what a process that died left half-done is finished once it has been
      // silent for RECOVERY_STALE_MS (units held for an order never stored are released and its
      // coupon use given back; units of a turned reservation are moved), and the lines the
      // counts keep are retired to the ledger.
      {
        name: 'stock-ledger',
        everyMs: 60 * 1000,
        run: async () => {
          await lifecycle.settleReservations(staleAfterMs);
          await stock.retire(staleAfterMs, (orderId) => coupons.giveBack(orderId));
        },
      },
    ],
    logger,
    // One API process at a time runs them (several run behind a load balancer).
    { lease: createLease('jobs', 3 * LEASE_RENEW_MS) },
  );
}
