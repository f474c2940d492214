// bench:login's shoppers who log in, in a process of their own (login-load.ts forks this file):
// it writes their accounts to the database, then sends their bursts of logins, one order per
// phase, answering each with its results. They are not the shoppers who read the catalogue, and
// the process that times the catalogue should do nothing else: sending twenty logins at once and
// reading their answers took it 2-5 ms at a time, and with mongoose loaded for the accounts its
// heap was collected in full every one to three seconds (3-10 ms each, `--trace-gc`), and the
// catalogue's latency counted both.
import { writeVerifiedShoppers } from './accounts';
import { bursts, connectionFailures } from './harness';
import type { BurstResult } from './harness';
import { loginRequest } from './shoppers';
import type { Shoppers } from './shoppers';

export type ShopperOrder =
  | { kind: 'accounts'; databaseUri: string; cost: number; shoppers: Shoppers }
  | { kind: 'bursts'; baseUrl: string; size: number; durationMs: number; shoppers: Shoppers }
  | { kind: 'exit' };

export type ShopperReport =
  | { kind: 'accounts' }
  | {
      kind: 'bursts';
      result: BurstResult;
      /** Requests of this process without an answer, by error (merged into the parent's). */
      failures: Record<string, number>;
    };

async function sendBursts(
  order: Extract<ShopperOrder, { kind: 'bursts' }>,
): Promise<ShopperReport> {
  const result = await bursts(order.baseUrl, {
    size: order.size,
    durationMs: order.durationMs,
    next: (i) => loginRequest(order.shoppers, i),
  });
  const failures = { ...connectionFailures };
  for (const key of Object.keys(connectionFailures)) delete connectionFailures[key];
  return { kind: 'bursts', result, failures };
}

process.on('message', (order: ShopperOrder) => {
  if (order.kind === 'exit') process.exit(0);
  const done =
    order.kind === 'accounts'
      ? writeVerifiedShoppers(order.databaseUri, { ...order.shoppers, cost: order.cost }).then(
          (): ShopperReport => ({
            kind: 'accounts',
          }),
        )
      : sendBursts(order);
  done.then(
    (report) => process.send!(report),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0)); // the benchmark ended, or failed
process.send!('ready');
