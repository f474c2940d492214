// Can one address delay a stranger's login? Production limits and bcrypt cost (12), TRUST_PROXY
// set so each request names its client address. Round after round a stranger logs in alone (the
// baseline), then while one address sends 30 wrong logins at once on 3 accounts, then while an
// address already over its limit sends 1,000 more. Reported: the stranger's logins in each phase;
// the bar holds each phase's median to a small factor of the baseline's. Built API, embedded
// database.
// Run: pnpm build && pnpm --filter @vanya/api bench:fairness
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeVerifiedShoppers } from './accounts';
import { median, ms, startStack, timed } from './harness';
import type { RequestSpec } from './harness';

const COST = Number(process.env.BCRYPT_COST ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The stranger's logins alone in each round. */
const BASELINE_SAMPLES = 2;
/** How many times the baseline's median a stranger's login may take while another address attacks. */
const MAX_FACTOR = 3;
const PASSWORD = 'Kokum#Butter1';
const STRANGER = 'stranger@example.in';
const TARGETS = ['target.0@example.in', 'target.1@example.in', 'target.2@example.in'];

const login = (email: string, password: string, client: string): RequestSpec => ({
  method: 'POST',
  path: '/api/auth/login',
  headers: { 'X-Forwarded-For': client },
  body: JSON.stringify({ email, password }),
});

const stack = await startStack({
  BCRYPT_COST: String(COST),
  RATE_LIMIT_SCALE: '1',
  TRUST_PROXY: 'loopback',
  // 429s are logged as warnings: a thousand of them would bury the table.
  LOG_LEVEL: 'error',
});
try {
  await writeVerifiedShoppers(stack.db.uri, {
    emails: [STRANGER, ...TARGETS],
    password: PASSWORD,
    cost: COST,
  });
  const once = (spec: RequestSpec) => timed(stack.baseUrl, spec);
  const stranger = () => once(login(STRANGER, PASSWORD, '198.51.100.7'));
  await stranger(); // warm-up: the first compare, the connection pool

  // The phases take turns, round after round, so a machine busy with other work weighs on each
  // alike: two logins alone, one during a burst, one during a flood.
  const baseline: number[] = [];
  const burst: { ms: number; status: number }[] = [];
  const flooded: { ms: number; status: number }[] = [];
  const burstStatuses: Record<number, number> = {};
  const floodStatuses: Record<number, number> = {};
  const count = (into: Record<number, number>, answers: { status: number }[]) => {
    for (const { status } of answers) into[status] = (into[status] ?? 0) + 1;
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < BASELINE_SAMPLES; i += 1) baseline.push((await stranger()).ms);

    // 30 wrong logins at once from one address (a fresh one each round) on three accounts; the
    // stranger presses "Log in" just after they are sent.
    const attacker = `203.0.113.${10 + round}`;
    const wrong = Array.from({ length: 30 }, (_, i) =>
      once(login(TARGETS[i % 3]!, 'Wrong#Pass1', attacker)),
    );
    await sleep(20);
    burst.push(await stranger());
    count(burstStatuses, await Promise.all(wrong));

    // An address over its limit (30 logins in 15 minutes) sends 1,000 more, 50 at a time.
    const flooder = `203.0.113.${100 + round}`;
    for (let i = 0; i < 31; i += 1) await once(login(TARGETS[i % 3]!, 'Wrong#Pass1', flooder));
    const flood = (async () => {
      for (let sent = 0; sent < 1000; sent += 50)
        count(
          floodStatuses,
          await Promise.all(
            Array.from({ length: 50 }, (_, i) =>
              once(login(TARGETS[i % 3]!, 'Wrong#Pass1', flooder)),
            ),
          ),
        );
    })();
    await sleep(20);
    flooded.push(await stranger());
    await flood;
  }

  const base = median(baseline);
  const during = (answers: { ms: number }[]) => answers.map((a) => a.ms);
  console.log(
    `\nA stranger's login while one address attacks (bcrypt cost ${COST}, ${ROUNDS} rounds, ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}, ${stack.db.kind})`,
  );
  console.table({
    'stranger alone': {
      logins: baseline.length,
      p50: ms(base),
      max: ms(Math.max(...baseline)),
      'answers to the attacker': '',
    },
    'during 30 wrong logins at once from one address': {
      logins: burst.length,
      p50: ms(median(during(burst))),
      max: ms(Math.max(...during(burst))),
      'answers to the attacker': JSON.stringify(burstStatuses),
    },
    'during 1,000 more from an address over its limit': {
      logins: flooded.length,
      p50: ms(median(during(flooded))),
      max: ms(Math.max(...during(flooded))),
      'answers to the attacker': JSON.stringify(floodStatuses),
    },
  });
  const factors = [median(during(burst)) / base, median(during(flooded)) / base];
  const ok = factors.every((f) => f <= MAX_FACTOR);
  const answered = [...burst, ...flooded].every((a) => a.status === 200);
  console.log(
    `stranger's median login during the burst ${factors[0]!.toFixed(2)}x, during the flood ${factors[1]!.toFixed(2)}x the median alone (bar: at most ${MAX_FACTOR}x; every one answered 200: ${answered}): ${ok && answered ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ok && answered ? 0 : 1;
} finally {
  await stack.stop();
}
