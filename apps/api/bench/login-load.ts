// Does a burst of logins stall the shop? Twenty shoppers press "Log in" at the same moment, burst
// after burst, while others read the catalogue over 4 connections. bcrypt runs at the production
// cost (12) on libuv's thread pool, so the event loop should keep answering: the API's event-loop
// delay p99 during the bursts must stay under 20 ms. Also reported: the logins' median and the
// catalogue's p99 alone and during the bursts (same run). Built API, embedded database.
// Run: pnpm build && pnpm --filter @vanya/api bench:login
import os from 'node:os';
import { writeVerifiedShoppers } from './accounts';
import { bursts, load, ms, startStack } from './harness';
import type { LoadResult } from './harness';
import { loginRequest } from './shoppers';

const COST = Number(process.env.BCRYPT_COST ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 20;
const MAX_LOOP_DELAY_P99_MS = 20;
const shoppers = {
  emails: Array.from({ length: USERS }, (_, i) => `bench.${i}@example.in`),
  password: 'Kokum#Butter1',
};

const stack = await startStack(
  { BCRYPT_COST: String(COST), RATE_LIMIT_SCALE: '100000' },
  { loopDelay: true },
);
try {
  await writeVerifiedShoppers(stack.db.uri, { ...shoppers, cost: COST });
  const reads = (durationMs: number) =>
    load(stack.baseUrl, {
      connections: 4,
      durationMs,
      next: () => ({ method: 'GET', path: '/api/products' }),
    });
  await reads(2000); // warm-up

  await stack.loopDelay();
  const alone = await reads(SECONDS * 1000);
  const delayAlone = await stack.loopDelay();
  const [during, logins] = await Promise.all([
    reads(SECONDS * 1000),
    bursts(stack.baseUrl, {
      size: USERS,
      durationMs: SECONDS * 1000,
      next: (i) => loginRequest(shoppers, i),
    }),
  ]);
  const delayDuring = await stack.loopDelay();

  console.log(
    `\nLogin bursts beside catalogue reads (bcrypt cost ${COST}, ${SECONDS} s each, ${os.availableParallelism()} cores, ${stack.db.kind})`,
  );
  const row = (r: LoadResult) => ({
    requests: r.requests,
    p50: ms(r.p50),
    p99: ms(r.p99),
    errors: r.errors,
  });
  console.table({
    'catalogue alone': { ...row(alone), 'loop delay p99': ms(delayAlone.p99) },
    'catalogue during the bursts': { ...row(during), 'loop delay p99': ms(delayDuring.p99) },
    [`logins (${logins.rounds} bursts of ${USERS})`]: row(logins),
  });
  const ok = delayDuring.p99 < MAX_LOOP_DELAY_P99_MS;
  console.log(
    `event-loop delay p99 during the bursts: ${ms(delayDuring.p99)} (bar: under ${MAX_LOOP_DELAY_P99_MS} ms): ${ok ? 'PASS' : 'FAIL'}`,
  );
  const answered = logins.statuses[200] === logins.requests && alone.errors + during.errors === 0;
  process.exitCode = ok && answered ? 0 : 1;
} finally {
  await stack.stop();
}
