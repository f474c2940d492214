import type { RequestHandler } from 'express';

/**
 * Lets at most `limit` requests through at once; the others wait their turn, first come first
 * served, before any of their work begins. A request gives its place back when its answer is
 * finished or its connection closes; one whose client leaves while waiting never starts.
 *
 * Why: work that ends in a queue anyway (bcrypt in a pool of two threads) should not start all at
 * once. Twenty logins arriving together would otherwise each run their rate-limit writes and user
 * reads on the event loop in the same few hundred milliseconds, and every other request (the
 * catalogue) would wait behind them; in turns, the same work is spread over the burst.
 */
export function concurrencyGate(limit: number): RequestHandler & { readonly waiting: number } {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`a gate needs a limit of 1 or more`);
  let inside = 0;
  const queue: (() => void)[] = [];
  const leave = () => {
    const next = queue.shift();
    if (next) next();
    else inside -= 1;
  };
  const gate: RequestHandler = (_req, res, next) => {
    const enter = () => {
      res.once('close', leave);
      next();
    };
    if (inside < limit) {
      inside += 1;
      enter();
      return;
    }
    queue.push(enter);
    res.once('close', () => {
      const at = queue.indexOf(enter);
      if (at >= 0) queue.splice(at, 1);
    });
  };
  return Object.defineProperty(gate, 'waiting', { get: () => queue.length }) as RequestHandler & {
    readonly waiting: number;
  };
}
