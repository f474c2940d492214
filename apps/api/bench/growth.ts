// Reads that do not grow: every signed-in read of one shopper, timed when the database holds about
// a thousand documents and again after it has grown to GROWTH_USERS users (100,000) and
// GROWTH_ORDERS orders (200,000), on the embedded FerretDB with the BUILT API. Each read should
// stay within 2x of its small-database time: the reads go by `_id` alone (the only filter the
// embedded FerretDB hands to SQLite instead of scanning) or by the indexes MongoDB would use
// (the shopper's items by {userId, createdAt}, the account by its email).
//
// The data is seeded through the app's mongoose models (insertMany in batches of GROWTH_BATCH,
// 2,000): users with the fields a real account has, orders as the API stores them
// (a new OrderModel document, then marked paid for most) spread over the users.
//
// Run: pnpm build && pnpm --filter @vanya/api bench:growth
// Quicker: GROWTH_USERS=20000 GROWTH_ORDERS=40000 pnpm --filter @vanya/api bench:growth
import { randomInt } from 'node:crypto';
import { cartSummaryText, priceCart } from '@vanya/catalog';
import bcrypt from 'bcrypt';
import mongoose from 'mongoose';
import { OrderModel } from '../src/modules/orders/order.model';
import type { NewOrder, OrderDoc } from '../src/modules/orders/order.model';
import { ReturnModel } from '../src/modules/returns/returns.routes';
import { TicketModel } from '../src/modules/tickets/tickets.routes';
import { UserModel } from '../src/modules/users/user.model';
import { median, startStack } from './harness';

const USERS = Number(process.env.GROWTH_USERS ?? 100_000);
const ORDERS = Number(process.env.GROWTH_ORDERS ?? 200_000);
const SMALL_USERS = Number(process.env.GROWTH_SMALL_USERS ?? 300);
const SMALL_ORDERS = Number(process.env.GROWTH_SMALL_ORDERS ?? 600);
const BATCH = Number(process.env.GROWTH_BATCH ?? 2_000);
const SAMPLES = Number(process.env.GROWTH_SAMPLES ?? 9);
// The cost the shop uses; a lower one takes bcrypt's CPU time (noise on a busy machine) out of login.
const BCRYPT_COST = Number(process.env.GROWTH_BCRYPT_COST ?? 12);
const LIMIT = 2;
const JWT_SECRET = 'benchmark-secret-benchmark-secret-123456';
const PASSWORD = 'Kokum#Butter1';

const FIRST = [
  'Asha',
  'Ravi',
  'Meera',
  'Sahil',
  'Pooja',
  'Kiran',
  'Anil',
  'Neha',
  'Vikram',
  'Sneha',
];
const LAST = ['Kulkarni', 'Patil', 'Deshmukh', 'Jadhav', 'Shinde', 'Pawar', 'Joshi', 'Iyer'];
const CITIES = [
  ['Latur', 'Maharashtra', '413512'],
  ['Pune', 'Maharashtra', '411001'],
  ['Bengaluru', 'Karnataka', '560001'],
  ['Jaipur', 'Rajasthan', '302001'],
] as const;
const CARTS = [
  [{ productId: 'Bodybutter', quantity: 2 }],
  [
    { productId: 'TanGoneSoap', quantity: 1 },
    { productId: 'FestiveHamper', quantity: 1 },
  ],
  [
    { productId: 'Bodybutter', quantity: 1 },
    { productId: 'TanGoneSoap', quantity: 3 },
  ],
];

let passwordHash = '';
let userSeq = 0;
let orderSeq = 0;

function userDocument(n: number, email = `shopper.${n}@example.in`) {
  const now = new Date(Date.UTC(2026, 0, 1) + n * 60_000);
  const [city, state, pin] = CITIES[n % CITIES.length]!;
  return {
    _id: new mongoose.Types.ObjectId(),
    name: `${FIRST[n % FIRST.length]} ${LAST[n % LAST.length]}`,
    email,
    passwordHash,
    emailVerified: true,
    phone: `98${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`,
    phoneVerified: n % 3 === 0,
    dob: new Date(Date.UTC(1980 + (n % 25), n % 12, 1 + (n % 28))),
    gender: ['female', 'male', 'other', ''][n % 4],
    avatar: '',
    twoStepEnabled: false,
    tokenVersion: 0,
    hasLoggedInBefore: true,
    recentLogins: [
      { at: now, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
    ],
    addresses: [{ id: `a${n.toString(16)}`, address: `${n} MG Road, ${city} ${pin}, ${state}` }],
    paymentMethods: n % 2 ? [{ id: `p${n.toString(16)}`, payment: 'UPI asha@okaxis' }] : [],
    wishlist: n % 2 ? ['Bodybutter'] : [],
    verifiedEmailChange: null,
    verifiedPhoneChange: null,
    role: 'customer',
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
}
type SeedUser = ReturnType<typeof userDocument>;

function orderDocument(user: SeedUser, n: number, paid: boolean) {
  const [city, state, pin] = CITIES[n % CITIES.length]!;
  const items = CARTS[n % CARTS.length]!;
  const { lines, shippingTax, supply, ...totals } = priceCart(items, { deliveryState: state });
  const key = `growth-${n}`;
  const order: NewOrder = {
    userId: user._id,
    orderNumber: `VNY-${String(n).padStart(7, '0')}`,
    idempotencyKey: key,
    requestHash: 'growth',
    firstName: user.name.split(' ')[0]!,
    lastName: user.name.split(' ')[1]!,
    email: user.email,
    phone: user.phone,
    address: `${n} MG Road`,
    city,
    state,
    pinCode: pin,
    country: 'IN',
    paymentMethod: 'upi',
    gstNumber: '',
    cartSummary: cartSummaryText(items),
    deliveryState: state,
    supply,
    provider: 'test',
    providerOrderId: `order_test_${n}`,
    lines,
    totals,
    shippingTax,
  } as NewOrder;
  const at = new Date(Date.UTC(2026, 3, 1) + n * 1000);
  const doc = new OrderModel({
    ...order,
    events: [{ status: 'pending_payment', at, by: 'shopper' }],
    createdAt: at,
    updatedAt: at,
  }).toObject() as OrderDoc;
  if (!paid) return doc;
  return {
    ...doc,
    status: 'paid',
    paymentId: `pay_test_${n}`,
    paidAt: at,
    invoiceNumber: `VNY/26-27/${String(n).padStart(6, '0')}`,
    invoiceDate: at,
    confirmationMailedAt: at,
    events: [...doc.events, { status: 'paid', at, by: 'system' }],
  };
}

/**
 * Users up to `users` and orders up to `orders` (spread round-robin over the users added in this
 * call).
 */
async function grow(users: number, orders: number): Promise<void> {
  const started = performance.now();
  const newUsers = users - userSeq;
  const newOrders = orders - orderSeq;
  const ordersPerUser = Math.max(1, Math.ceil(newOrders / Math.max(1, newUsers)));
  while (userSeq < users) {
    const batch = Array.from({ length: Math.min(BATCH, users - userSeq) }, () =>
      userDocument(userSeq++),
    );
    const orderDocs: ReturnType<typeof orderDocument>[] = [];
    for (const user of batch)
      for (let i = 0; i < ordersPerUser && orderSeq < orders; i += 1)
        orderDocs.push(orderDocument(user, orderSeq++, randomInt(3) > 0));
    await UserModel.insertMany(batch, { lean: true, ordered: false });
    for (let i = 0; i < orderDocs.length; i += BATCH)
      await OrderModel.insertMany(orderDocs.slice(i, i + BATCH), { lean: true, ordered: false });
    if ((userSeq - users + newUsers) % (BATCH * 10) < BATCH || userSeq === users)
      console.log(
        `  ${userSeq} users, ${orderSeq} orders (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
  // Orders left over when there were fewer new users than orders asked for: the last users get them.
  while (orderSeq < orders) {
    const user = userDocument(userSeq - 1);
    const docs = Array.from({ length: Math.min(BATCH, orders - orderSeq) }, () =>
      orderDocument(user, orderSeq++, true),
    );
    await OrderModel.insertMany(docs, { lean: true, ordered: false });
  }
  console.log(
    `  grown to ${userSeq} users and ${orderSeq} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const stack = await startStack({ JWT_SECRET, RATE_LIMIT_SCALE: '100000' });
try {
  await mongoose.connect(stack.db.uri);
  passwordHash = await bcrypt.hash(PASSWORD, BCRYPT_COST);

  // The shopper whose reads are timed: an account with a few orders (two paid and invoiced), a
  // return, tickets, a wishlist, an address and a payment label, written as the API writes them.
  // Each phase times a shopper written after everything else, last in every collection: where a
  // read that scans finds its row last (a shopper written first would hide a scan).
  const seedShopper = async (email: string) => {
    const shopper = userDocument(userSeq++, email);
    const own = [0, 1, 2, 3].map((i) => orderDocument(shopper, orderSeq++, i % 2 === 0));
    const ret = {
      _id: new mongoose.Types.ObjectId(),
      userId: shopper._id,
      orderId: own[0]!._id,
      orderNumber: own[0]!.orderNumber,
      status: 'requested' as const,
      refundAmount: own[0]!.totals.grandTotal,
      method: 'original_payment',
      reason: 'Arrived damaged',
      openKey: String(own[0]!._id),
    };
    const tickets = ['Where is my parcel?', 'Invoice question'].map((message) => ({
      _id: new mongoose.Types.ObjectId(),
      userId: shopper._id,
      message,
    }));
    await UserModel.insertMany([shopper], { lean: true });
    await OrderModel.insertMany(own, { lean: true });
    await ReturnModel.create(ret);
    await TicketModel.insertMany(tickets);
    return { email, newest: String(own[own.length - 1]!._id) };
  };

  const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const payload = res.headers.get('content-type')?.includes('json')
      ? await res.json()
      : await res.arrayBuffer();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}`);
    return { elapsed, payload };
  };

  const readsOf = async ({ email, newest }: { email: string; newest: string }) => {
    const token = (
      (await call('POST', '/api/auth/login', undefined, { email, password: PASSWORD })).payload as {
        token: string;
      }
    ).token;
    const invoices = (await call('GET', '/api/invoices', token)).payload as {
      downloadUrl: string;
    }[];
    const pdfPath = invoices[0]!.downloadUrl;
    const reads: [string, () => Promise<{ elapsed: number }>][] = [
      [
        'POST /auth/login',
        () => call('POST', '/api/auth/login', undefined, { email, password: PASSWORD }),
      ],
      ['GET /auth/me', () => call('GET', '/api/auth/me', token)],
      ['GET /orders', () => call('GET', '/api/orders', token)],
      [`GET /orders?limit=${LIMIT}`, () => call('GET', `/api/orders?limit=${LIMIT}`, token)],
      ['GET /orders/:id', () => call('GET', `/api/orders/${newest}`, token)],
      ['GET /invoices', () => call('GET', '/api/invoices', token)],
      ['GET /invoices/:id/pdf', () => call('GET', pdfPath)],
      ['GET /returns', () => call('GET', '/api/returns', token)],
      ['GET /tickets', () => call('GET', '/api/tickets', token)],
      ['GET /wishlist', () => call('GET', '/api/wishlist', token)],
      ['GET /me/addresses', () => call('GET', '/api/me/addresses', token)],
      ['GET /me/payment-methods', () => call('GET', '/api/me/payment-methods', token)],
    ];
    return reads;
  };
  let reads: Awaited<ReturnType<typeof readsOf>> = [];

  const measure = async () => {
    const figures = new Map<string, number>();
    for (const [name, run] of reads) {
      await run(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) times.push((await run()).elapsed);
      figures.set(name, median(times));
    }
    return figures;
  };

  console.log(`Seeding the small database (${SMALL_USERS} users, ${SMALL_ORDERS} orders)...`);
  await grow(SMALL_USERS, SMALL_ORDERS);
  reads = await readsOf(await seedShopper('asha.small@example.in'));
  const small = await measure();
  const smallDocs = userSeq + orderSeq;

  console.log(`Growing to ${USERS} users and ${ORDERS} orders...`);
  await grow(USERS, ORDERS);
  reads = await readsOf(await seedShopper('asha.large@example.in'));
  const large = await measure();

  // Counted as seeded: a count on the embedded FerretDB reads every document of the collection.
  console.log(`\nDatabase: ${userSeq} users and ${orderSeq} orders`);
  const rows = reads.map(([name]) => {
    const a = small.get(name)!;
    const b = large.get(name)!;
    const ratio = b / a;
    return { name, a, b, ratio, pass: ratio <= 2 };
  });
  const header = `${'read'.padEnd(26)}${`ms at ${smallDocs} users+orders`.padStart(28)}${`ms at ${USERS}+${ORDERS}`.padStart(22)}${'ratio'.padStart(8)}  result`;
  console.log(`\n${header}`);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(26)}${r.a.toFixed(1).padStart(28)}${r.b.toFixed(1).padStart(22)}${r.ratio.toFixed(2).padStart(8)}  ${r.pass ? 'PASS' : 'FAIL'}`,
    );
  const failed = rows.filter((r) => !r.pass).length;
  console.log(
    `\n${failed === 0 ? 'PASS' : 'FAIL'}: ${rows.length - failed} of ${rows.length} reads within 2x`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await mongoose.disconnect();
  await stack.stop();
}
