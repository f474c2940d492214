/**
 * Work run per client address at most `max` at a time: more from the same address wait their turn
 * in order. Password hashing goes through one (auth.routes.ts), so a burst from one address holds
 * at most `max` of libuv's threads while everyone else's checks start at once. The rate limits,
 * decided before, bound how many can wait.
 */
export function perClientQueue(max = 1) {
  const lanes = new Map<string, { running: number; waiting: (() => void)[] }>();
  return async function run<T>(client: string, work: () => Promise<T>): Promise<T> {
    let lane = lanes.get(client);
    if (!lane) lanes.set(client, (lane = { running: 0, waiting: [] }));
    if (lane.running < max) lane.running += 1;
    // A slot is handed over by the one leaving it, so none is taken twice.
    else await new Promise<void>((resolve) => lane.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if ((lane.running -= 1) === 0) lanes.delete(client);
    }
  };
}
