// Issue 4's benchmark: does a burst of logins stall other requests? The catalogue's p99 latency
// while 20 clients log in continuously, against its p99 alone, in the same run, on the built API
// and the real (embedded) database. bcrypt runs at the production cost (12) in the worker pool.
// Run: pnpm build && pnpm --filter @vanya/api bench:login
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { load, ms, startStack } from './harness';

const COST = Number(process.env.BCRYPT_COST ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 20;
const PASSWORD = 'Kokum#Butter1';

const stack = await startStack({ BCRYPT_COST: String(COST), RATE_LIMIT_SCALE: '100000' });
try {
  // Twenty verified shoppers, written straight to the database (one hash serves them all).
  const connection = await mongoose.createConnection(stack.db.uri).asPromise();
  const passwordHash = await bcrypt.hash(PASSWORD, COST);
  const emails = Array.from({ length: USERS }, (_, i) => `bench.${i}@example.in`);
  await connection.collection('users').insertMany(
    emails.map((email) => ({
      name: 'Bench Shopper',
      email,
      passwordHash,
      emailVerified: true,
      tokenVersion: 0,
      loginHistory: [],
      addresses: [],
      paymentMethods: [],
      wishlist: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    })),
  );
  await connection.close();

  const catalogue = () => ({ method: 'GET' as const, path: '/api/products' });
  const login = (i: number) => ({
    method: 'POST' as const,
    path: '/api/auth/login',
    body: JSON.stringify({ email: emails[i % USERS], password: PASSWORD }),
  });
  const durationMs = SECONDS * 1000;

  await load(stack.baseUrl, { connections: 4, durationMs: 2000, next: catalogue }); // warm-up
  const alone = await load(stack.baseUrl, { connections: 4, durationMs, next: catalogue });
  const [underLoad, logins] = await Promise.all([
    load(stack.baseUrl, { connections: 4, durationMs, next: catalogue }),
    load(stack.baseUrl, { connections: USERS, durationMs, next: login }),
  ]);
  const loginAlone = await load(stack.baseUrl, {
    connections: 1,
    durationMs: Math.min(durationMs, 5000),
    next: login,
  });

  const ratio = underLoad.p99 / alone.p99;
  console.log(
    `\nLogin burst against catalogue latency (bcrypt cost ${COST}, ${SECONDS} s per phase, built API on ${stack.db.kind})`,
  );
  console.table({
    'catalogue alone (4 clients)': {
      rps: alone.rps.toFixed(0),
      p50: ms(alone.p50),
      p99: ms(alone.p99),
      errors: alone.errors,
    },
    'catalogue during logins': {
      rps: underLoad.rps.toFixed(0),
      p50: ms(underLoad.p50),
      p99: ms(underLoad.p99),
      errors: underLoad.errors,
    },
    'logins (20 clients)': {
      rps: logins.rps.toFixed(1),
      p50: ms(logins.p50),
      p99: ms(logins.p99),
      errors: logins.errors,
    },
    'one login at a time': {
      rps: loginAlone.rps.toFixed(1),
      p50: ms(loginAlone.p50),
      p99: ms(loginAlone.p99),
      errors: loginAlone.errors,
    },
  });
  console.log(`login statuses during the burst: ${JSON.stringify(logins.statuses)}`);
  console.log(
    `catalogue p99 ratio (during logins / alone): ${ratio.toFixed(2)} (must stay under 2)`,
  );
  process.exitCode = ratio < 2 && logins.errors === 0 && (logins.statuses[200] ?? 0) > 0 ? 0 : 1;
} finally {
  await stack.stop();
}
