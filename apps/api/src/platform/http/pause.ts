import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms` milliseconds (its own module, so tests can count the waits instead of waiting). */
export function pause(ms: number): Promise<void> {
  return wait(ms).then(() => undefined);
}
