// Does a burst of logins stall the shop, and how long does a shopper in the burst wait? Twenty
// shoppers press "Log in" at the same moment, burst after burst for the whole phase, while other
// shoppers read the catalogue over BENCH_CATALOGUE_CONNECTIONS (4) connections, each sending the
// next read as soon as the last was answered. Phases alternate, BENCH_ROUNDS times (3): the
// catalogue alone for BENCH_SECONDS (10), then the catalogue during the bursts for as long, so that
// a machine that gets busier or quieter during the run weighs on both sides alike.
// Bars: the catalogue's p99 during the bursts under 2x its p99 alone (same run), the logins'
// median under 3 s, every login answered 200 and every catalogue request answered. Built API, real
// (embedded) database, bcrypt at the production cost (12) on libuv's thread pool.
// Run: pnpm build && pnpm --filter @vanya/api bench:login
import os from 'node:os';
import { writeVerifiedShoppers } from './accounts';
import {
  bursts,
  connectionFailures,
  load,
  mainThreadCpuMs,
  ms,
  pooled,
  startStack,
} from './harness';
import type { BurstResult, LoadResult } from './harness';
import { loginRequest } from './shoppers';
import type { Shoppers } from './shoppers';

const COST = Number(process.env.BCRYPT_COST ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CATALOGUE_CONNECTIONS ?? 4);
const USERS = 20;
const CATALOGUE_PATH = '/api/products';
const shoppers: Shoppers = {
  emails: Array.from({ length: USERS }, (_, i) => `bench.${i}@example.in`),
  password: 'Kokum#Butter1',
};

const stack = await startStack({ BCRYPT_COST: String(COST), RATE_LIMIT_SCALE: '100000' });
try {
  await writeVerifiedShoppers(stack.db.uri, { ...shoppers, cost: COST });
  const catalogue = () => ({ method: 'GET' as const, path: CATALOGUE_PATH });
  const reads = (durationMs: number) =>
    load(stack.baseUrl, { connections: CONNECTIONS, durationMs, next: catalogue });
  const logins = (durationMs: number) =>
    bursts(stack.baseUrl, { size: USERS, durationMs, next: (i) => loginRequest(shoppers, i) });
  const durationMs = SECONDS * 1000;

  await reads(2000); // warm-up
  await logins(1);
  const aloneRounds: LoadResult[] = [];
  const underLoadRounds: LoadResult[] = [];
  const loginRounds: BurstResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    aloneRounds.push(await reads(durationMs));
    const [during, burst] = await Promise.all([reads(durationMs), logins(durationMs)]);
    underLoadRounds.push(during);
    loginRounds.push(burst);
  }
  const alone = pooled(aloneRounds);
  const underLoad = pooled(underLoadRounds);
  const loginResult = {
    ...pooled(loginRounds),
    rounds: loginRounds.reduce((n, r) => n + r.rounds, 0),
  };
  const cpuBefore = mainThreadCpuMs(stack.api.pid);
  const loginAlone = await load(stack.baseUrl, {
    connections: 1,
    durationMs: Math.min(durationMs, 5000),
    next: (i) => loginRequest(shoppers, i),
  });
  const cpuAfter = mainThreadCpuMs(stack.api.pid);

  const ratio = underLoad.p99 / alone.p99;
  console.log(
    `\nLogin bursts against catalogue latency (bcrypt cost ${COST}, ${ROUNDS} rounds of ${SECONDS} s alone then ${SECONDS} s with bursts, built API on ${stack.db.kind}, ${os.availableParallelism()} cores)`,
  );
  const row = (r: LoadResult) => ({
    rps: r.rps.toFixed(1),
    p50: ms(r.p50),
    p99: ms(r.p99),
    errors: r.errors,
  });
  console.table({
    [`catalogue alone (${CONNECTIONS} connections)`]: row(alone),
    'catalogue during login bursts': row(underLoad),
    [`logins (${loginResult.rounds} bursts of ${USERS})`]: row(loginResult),
    'one login at a time': row(loginAlone),
  });
  console.log(`login statuses during the bursts: ${JSON.stringify(loginResult.statuses)}`);
  if (Object.keys(connectionFailures).length > 0)
    console.log(`requests without an answer, by error: ${JSON.stringify(connectionFailures)}`);
  if (cpuBefore !== undefined && cpuAfter !== undefined)
    console.log(
      `the API's main thread, CPU per login (one at a time): ${ms((cpuAfter - cpuBefore) / loginAlone.requests)}`,
    );
  const ratioOk = ratio < 2;
  const loginOk = loginResult.p50 < 3000;
  console.log(
    `catalogue p99 ratio (during bursts / alone): ${ratio.toFixed(2)} (must stay under 2): ${ratioOk ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `login p50 during the bursts: ${(loginResult.p50 / 1000).toFixed(2)} s (must stay under 3 s): ${loginOk ? 'PASS' : 'FAIL'}`,
  );
  const allAnswered =
    loginResult.errors === 0 &&
    loginResult.statuses[200] === loginResult.requests &&
    alone.errors + underLoad.errors === 0;
  process.exitCode = ratioOk && loginOk && allAnswered ? 0 : 1;
} finally {
  await stack.stop();
}
