// The chaos suite: the BUILT API (apps/api/dist/index.js, production mode) as a child process on a
// database of its own and a local server speaking Razorpay's Orders, Payments and Refunds API.
// Shoppers check out all at once while the API is killed with SIGKILL at a random moment and
// restarted, and the database is killed and restarted; every shopper retries with its
// Idempotency-Key, webhooks arrive twice, out of order, late, for the wrong amount or never. When
// the dust settles, every rupee must be where it belongs. CHAOS_SHOPPERS sets how many (100).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatAmountForOrder, priceCart } from '@vanya/catalog';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../src/platform/paths';
import { FakeRazorpay } from '../src/testing/fake-razorpay';
import { startRestartableDatabase } from '../src/testing/restartable-database';
import type { RestartableDatabase } from '../src/testing/restartable-database';
import { linkIn, SmtpSink } from '../src/testing/smtp-sink';

const SHOPPERS = Number(process.env.CHAOS_SHOPPERS ?? 100);
const ITEMS = [
  { productId: 'Bodybutter', quantity: 1 },
  { productId: 'TanGoneSoap', quantity: 2 },
];
const PASSWORD = 'Kokum#Butter1';
/** How long the shop may take to heal after the last fault before the figures are read. */
const SETTLE_MS = 120_000;

type Kind = 'plain' | 'double' | 'wrong' | 'closed' | 'silent';

interface Shopper {
  i: number;
  kind: Kind;
  email: string;
  token: string;
  key: string;
  orderId?: string;
  providerOrderId?: string;
  captures: string[];
  verified?: number;
}

/** What each shopper does besides paying: the mix of troubles a real week brings. */
function kindOf(i: number): Kind {
  if (i % 10 === 3) return 'double'; // charged twice (a UPI app retried): the second must go back
  if (i % 10 === 7) return 'wrong'; // the provider reports another amount: held, never paid
  if (i % 10 === 5) return 'closed'; // browser closed after paying: no verify
  if (i % 10 === 9) return 'silent'; // no verify and every webhook lost: reconciliation only
  return 'plain';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
}

/** One HTTP call; a dropped connection (the API was killed) answers status 0. */
async function call(
  base: string,
  method: string,
  url: string,
  options: { json?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  try {
    const response = await fetch(new URL(url, base), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  } catch {
    return { status: 0, body: {} };
  }
}

/** Repeats a call until it gets an answer that is not a crash or an outage, as a patient client would. */
async function persist(
  attempt: () => Promise<Answer>,
  done: (a: Answer) => boolean,
  deadlineMs = 180_000,
): Promise<Answer> {
  const deadline = Date.now() + deadlineMs;
  let delay = 100;
  for (;;) {
    const answer = await attempt();
    if (done(answer) || Date.now() > deadline) return answer;
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 2000);
  }
}

const hmac = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

describe('chaos: crashes, outages and unruly webhooks lose, duplicate and double-charge nothing', () => {
  const root = findRepoRoot();
  const entry = path.join(root, 'apps/api/dist/index.js');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vanya-chaos-'));
  // One session secret for every start: shoppers' sessions outlive a crash of the API.
  const jwtSecret = randomBytes(32).toString('hex');
  const keys = {
    keyId: `rzp_live_${randomBytes(7).toString('hex')}`,
    keySecret: randomBytes(18).toString('base64url'),
    webhookSecret: randomBytes(18).toString('base64url'),
  };
  let db: RestartableDatabase;
  let smtp: SmtpSink;
  let razorpay: FakeRazorpay;
  let api: ChildProcess | undefined;
  let base = '';
  let output = '';
  const faults: string[] = [];

  async function startApi() {
    const port = Number(new URL(base).port);
    api = spawn(process.execPath, [entry], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        MONGODB_URI: db.uri,
        JWT_SECRET: jwtSecret,
        WEB_ORIGIN: 'https://shop.vanya.test',
        SERVE_WEB: 'false',
        SMTP_URL: smtp.url,
        RAZORPAY_KEY_ID: keys.keyId,
        RAZORPAY_KEY_SECRET: keys.keySecret,
        RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
        RAZORPAY_API_URL: razorpay.url,
        SELLER_GSTIN: '27AAPFV1234C1ZA',
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'uploads'),
        BCRYPT_COST: '4',
        RATE_LIMIT_SCALE: '1000',
        // Heal quickly so the suite ends: reconciliation every 3 s, orders older than 3 s, and
        // half-done steps taken over after 30 s (production: 5 minutes, 1 minute, 2 minutes).
        RECONCILE_INTERVAL_MS: '3000',
        RECONCILE_MIN_AGE_MS: '3000',
        RECOVERY_STALE_MS: '30000',
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    api.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const started = api;
    const ready = await persist(
      () => call(base, 'GET', '/api/health'),
      (a) => a.status === 200 || started.exitCode !== null,
      180_000,
    );
    if (ready.status !== 200) throw new Error(`The API did not come up:\n${output.slice(-3000)}`);
  }

  async function killApi() {
    const running = api;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }

  beforeAll(async () => {
    if (!existsSync(entry))
      throw new Error(
        'The API is not built (apps/api/dist/index.js is missing): run `pnpm build`.',
      );
    mkdirSync(path.join(dir, 'uploads'));
    db = await startRestartableDatabase();
    smtp = await new SmtpSink().start();
    razorpay = await new FakeRazorpay(keys.keyId, keys.keySecret).start();
    base = `http://127.0.0.1:${await freePort()}`;
    await startApi();
  });

  afterAll(async () => {
    if (api && api.exitCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => api!.kill('SIGKILL'), 15_000);
        api!.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        api!.kill('SIGTERM');
      });
    }
    await razorpay?.stop();
    await smtp?.stop();
    await db?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signUp(i: number): Promise<Shopper> {
    const email = `chaos.${i}.${randomBytes(3).toString('hex')}@example.in`;
    const registered = await persist(
      () =>
        call(base, 'POST', '/api/auth/register', {
          json: { name: `Shopper ${i}`, email, password: PASSWORD },
        }),
      (a) => a.status === 201,
    );
    if (registered.status !== 201) throw new Error(`register ${registered.status}`);
    const mail = await smtp.waitFor(email, /Confirm your email/, 30_000);
    const token = new URL(
      linkIn(mail, 'https://shop.vanya.test/verify-email?token='),
    ).searchParams.get('token');
    const verified = await persist(
      () => call(base, 'POST', '/api/auth/verify-email', { json: { token } }),
      (a) => a.status === 200,
    );
    return {
      i,
      kind: kindOf(i),
      email,
      token: String(verified.body.token),
      key: `chaos-${i}-${randomBytes(6).toString('hex')}`,
      captures: [],
    };
  }

  function orderBody(shopper: Shopper) {
    return {
      data: {
        firstName: 'Shopper',
        lastName: String(shopper.i),
        email: shopper.email,
        phone: '9822045123',
        address: `${shopper.i} Shivaji Nagar, Near Ganesh Mandir`,
        city: 'Latur',
        state: 'Maharashtra',
        pinCode: '413512',
        country: 'IN',
        paymentMethod: 'upi',
        gstNumber: '',
        cart_summary: 'chaos',
        total_amount: formatAmountForOrder(
          priceCart(ITEMS, { deliveryState: 'Maharashtra' }).grandTotal,
        ),
        items: ITEMS,
      },
    };
  }

  /** A webhook as the provider sends it, retried (as the provider retries) until accepted. */
  async function webhook(event: string, payment: Record<string, unknown>, eventId: string) {
    const raw = JSON.stringify({
      entity: 'event',
      event,
      payload: { payment: { entity: { entity: 'payment', currency: 'INR', ...payment } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    await persist(
      () =>
        call(base, 'POST', '/api/payments/webhook', {
          raw,
          headers: {
            'Content-Type': 'application/json',
            'X-Razorpay-Signature': hmac(keys.webhookSecret, raw),
            'X-Razorpay-Event-Id': eventId,
          },
        }),
      (a) => a.status === 200,
    );
  }

  async function shop(shopper: Shopper) {
    await sleep(Math.random() * 3000);
    const placed = await persist(
      () =>
        call(base, 'POST', '/api/orders', {
          json: orderBody(shopper),
          token: shopper.token,
          headers: { 'Idempotency-Key': shopper.key },
        }),
      (a) => a.status === 201 || a.status === 200,
    );
    if (placed.status !== 201 && placed.status !== 200)
      throw new Error(`order ${shopper.i}: ${placed.status} ${JSON.stringify(placed.body)}`);
    const order = placed.body.order as { _id: string };
    const payment = placed.body.payment as { providerOrderId: string; amount: number };
    shopper.orderId = order._id;
    shopper.providerOrderId = payment.providerOrderId;

    // The shopper pays in the dialog (twice for 'double'; another amount for 'wrong').
    const paid = razorpay.capture(
      payment.providerOrderId,
      shopper.kind === 'wrong' ? payment.amount - 100 : undefined,
    );
    shopper.captures.push(paid.id);
    if (shopper.kind === 'double')
      shopper.captures.push(razorpay.capture(payment.providerOrderId).id);

    const hooks: Promise<void>[] = [];
    if (shopper.kind !== 'silent') {
      for (const [n, id] of shopper.captures.entries()) {
        const captured = razorpay.payments.find((p) => p.id === id)!;
        // Every second delivery twice; the double charge's second webhook is lost.
        if (shopper.kind === 'double' && n === 1) continue;
        const copies = shopper.i % 2 === 0 ? 2 : 1;
        for (let c = 0; c < copies; c += 1)
          hooks.push(
            sleep(Math.random() * 4000).then(() =>
              webhook('payment.captured', { ...captured }, `evt_${id}`),
            ),
          );
      }
      // An earlier failed attempt whose event arrives before or after the capture's.
      if (shopper.i % 4 === 1)
        hooks.push(
          sleep(Math.random() * 4000).then(() =>
            webhook(
              'payment.failed',
              {
                id: `pay_failed${shopper.i}x`,
                order_id: payment.providerOrderId,
                status: 'failed',
                amount: payment.amount,
                error_description: 'Payment declined by the bank',
              },
              `evt_failed_${shopper.i}`,
            ),
          ),
        );
    }
    if (shopper.kind !== 'closed' && shopper.kind !== 'silent') {
      const paymentId = shopper.captures[0]!;
      const verified = await persist(
        () =>
          call(base, 'POST', '/api/payments/verify', {
            json: {
              orderId: order._id,
              razorpay_order_id: payment.providerOrderId,
              razorpay_payment_id: paymentId,
              razorpay_signature: hmac(keys.keySecret, `${payment.providerOrderId}|${paymentId}`),
            },
          }),
        (a) => a.status === 200 || a.status === 409,
      );
      shopper.verified = verified.status;
    }
    await Promise.all(hooks);
  }

  it('keeps every paid order, once, with its invoice and one mail, and refunds every double charge', async () => {
    const shoppers: Shopper[] = [];
    for (let start = 0; start < SHOPPERS; start += 10) {
      const batch = Array.from({ length: Math.min(10, SHOPPERS - start) }, (_, k) => start + k);
      shoppers.push(...(await Promise.all(batch.map(signUp))));
    }

    const storm = Promise.all(shoppers.map(shop)).catch((err: unknown) => {
      console.log(`The API said:\n${output.slice(-6000)}`);
      throw err;
    });
    // The faults, at random moments while the shoppers are at it.
    const apiKillAt = 500 + Math.random() * 2500;
    const dbKillAt = 3500 + Math.random() * 2500;
    const chaos = (async () => {
      await sleep(apiKillAt);
      await killApi();
      faults.push(`API killed (SIGKILL) at ${Math.round(apiKillAt)} ms`);
      await sleep(300);
      await startApi();
      faults.push('API restarted');
      await sleep(Math.max(0, dbKillAt - apiKillAt));
      await db.kill();
      faults.push(`database killed (SIGKILL) at about ${Math.round(dbKillAt)} ms`);
      await sleep(1500);
      await db.start();
      faults.push('database restarted');
    })();
    await Promise.all([storm, chaos]);

    const conn = await mongoose.createConnection(db.uri).asPromise();
    const figures = async () => {
      const orders = await conn.db!.collection('orders').find({}).toArray();
      const numbers = await conn
        .db!.collection<{ _id: string; seq: number; documentId: string; date: Date }>(
          'document_numbers',
        )
        .find({ series: 'VNY' })
        .toArray();
      const byProviderOrder = new Map(orders.map((o) => [String(o.providerOrderId), o]));
      // A confirmation mailed again after a crash between sending it and recording it carries
      // the same Message-ID, which a mailbox shows once: count what the shopper sees, and the
      // resends apart.
      const mails = new Map<string, Set<string>>();
      let sent = 0;
      for (const m of smtp.received) {
        const match = /order (VNY-\d{6}) is confirmed/.exec(m.subject);
        if (!match) continue;
        sent += 1;
        mails.set(match[1]!, (mails.get(match[1]!) ?? new Set()).add(m.messageId));
      }
      let lost = 0;
      let stuck = 0;
      let wrongPaid = 0;
      let unrefunded = 0;
      for (const s of shoppers) {
        const order = byProviderOrder.get(String(s.providerOrderId));
        if (!order) {
          lost += 1;
          continue;
        }
        if (s.kind === 'wrong') {
          if (order.status === 'paid' || order.paymentHold?.paymentId !== s.captures[0])
            wrongPaid += 1;
          continue;
        }
        if (order.status !== 'paid' || !order.invoiceNumber || !order.confirmationMailedAt)
          stuck += 1;
        for (const id of s.captures) {
          const p = razorpay.payments.find((x) => x.id === id)!;
          if (id !== order.paymentId && p.status !== 'refunded') unrefunded += 1;
        }
      }
      const perUser = new Map<string, number>();
      for (const o of orders)
        perUser.set(String(o.userId), (perUser.get(String(o.userId)) ?? 0) + 1);
      const duplicatedOrders = [...perUser.values()].reduce((n, c) => n + c - 1, 0);
      const duplicatedMails = [...mails.values()].reduce((n, ids) => n + ids.size - 1, 0);
      const resent = sent - mails.size - duplicatedMails;
      const invoiceCounts = new Map<string, number>();
      for (const o of orders)
        if (o.invoiceNumber)
          invoiceCounts.set(o.invoiceNumber, (invoiceCounts.get(o.invoiceNumber) ?? 0) + 1);
      const duplicatedInvoices = [...invoiceCounts.values()].reduce((n, c) => n + c - 1, 0);
      // Every taken number is issued to the order it is bound to, and the series has no hole.
      const byId = new Map(orders.map((o) => [String(o._id), o]));
      const seqs = numbers.map((n) => n.seq).sort((a, b) => a - b);
      const holes = seqs.length ? seqs.at(-1)! - seqs.length : 0;
      const unissued =
        holes + numbers.filter((n) => byId.get(n.documentId)?.invoiceNumber !== n._id).length;
      if (process.env.CHAOS_DEBUG)
        for (const n of numbers) {
          const bound = byId.get(n.documentId);
          console.log(n._id, n.documentId, n.date, bound?.invoiceNumber, bound?.status);
        }
      const refundsTooMany =
        razorpay.refunds.length - shoppers.filter((s) => s.kind === 'double').length;
      return {
        shoppers: shoppers.length,
        'orders paid': orders.filter((o) => o.status === 'paid').length,
        'invoices issued': numbers.length,
        'confirmation mails': mails.size + duplicatedMails,
        'confirmations re-sent after a crash (same Message-ID)': resent,
        'refunds made': razorpay.refunds.length,
        'paid orders lost': lost,
        'paid orders stuck': stuck,
        'orders duplicated': duplicatedOrders,
        'mails duplicated': duplicatedMails,
        'invoice numbers duplicated': duplicatedInvoices,
        'invoice numbers unissued': unissued,
        'double charges unrefunded': unrefunded,
        'refunds beyond double charges': refundsTooMany,
        'wrong amounts paid': wrongPaid,
      };
    };

    const deadline = Date.now() + SETTLE_MS;
    let result = await figures();
    while (
      (result['paid orders stuck'] > 0 || result['double charges unrefunded'] > 0) &&
      Date.now() < deadline
    ) {
      await sleep(1000);
      result = await figures();
    }
    // Let any straggler (a late duplicate mail, a second refund) show itself before judging.
    await sleep(3000);
    result = await figures();
    await conn.close();

    console.log(`\nChaos with ${SHOPPERS} shoppers: ${faults.join('; ')}`);
    console.table(result);
    if (Object.values(result).some((v) => typeof v !== 'number')) console.log(output.slice(-3000));
    expect({
      lost: result['paid orders lost'],
      stuck: result['paid orders stuck'],
      duplicated: result['orders duplicated'],
      mailsDuplicated: result['mails duplicated'],
      invoicesDuplicated: result['invoice numbers duplicated'],
      invoicesUnissued: result['invoice numbers unissued'],
      doubleChargesUnrefunded: result['double charges unrefunded'],
      refundsBeyondDoubleCharges: result['refunds beyond double charges'],
      wrongAmountsPaid: result['wrong amounts paid'],
    }).toEqual({
      lost: 0,
      stuck: 0,
      duplicated: 0,
      mailsDuplicated: 0,
      invoicesDuplicated: 0,
      invoicesUnissued: 0,
      doubleChargesUnrefunded: 0,
      refundsBeyondDoubleCharges: 0,
      wrongAmountsPaid: 0,
    });
    expect(result['orders paid']).toBe(shoppers.filter((s) => s.kind !== 'wrong').length);
    expect(faults).toHaveLength(4);
  });
});
