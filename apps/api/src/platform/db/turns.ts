import { setImmediate } from 'node:timers';

/**
 * Database steps take turns with everything else the event loop has to do. `takeTurn()` resolves
 * one waiter per turn of the loop, first come first served, and a step (casting and serialising a
 * command, writing it to the socket, then the caller's own code up to its next step) runs in that
 * turn. Between two turns the loop reads whatever requests arrived meanwhile, so an answer that
 * needs no database (the catalogue, static files) waits behind at most one step, not behind every
 * step whose database reply happened to arrive at once.
 *
 * This matters in a burst of logins: each is about a dozen database steps of half a millisecond to
 * a few milliseconds of main-thread work, several logins run at once, and without turns their
 * steps ran back to back and made the catalogue's slowest answers wait 10-30 ms (bench:login).
 * A step waits for a turn of the loop, not for a timer: when nothing else is waiting, the cost is
 * one `setImmediate`.
 *
 * The reads and inserts by `_id` of by-id.ts take a turn each; the paths a login takes use them
 * (rate-limit hits, email keys and the user, the login history's snapshots). `setImmediate` comes
 * from `node:timers` so that fake timers in tests do not stop it.
 */
const waiting: Array<() => void> = [];
let releasing = false;

function releaseOne(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(releaseOne);
  else releasing = false;
}

export function takeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!releasing) {
      releasing = true;
      setImmediate(releaseOne);
    }
  });
}
