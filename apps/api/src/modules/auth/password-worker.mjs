// Runs in a piscina worker thread: bcrypt is CPU-bound for hundreds of milliseconds at cost 12,
// so it never runs on the event loop that answers other requests. Plain JavaScript on purpose: the
// worker is loaded by Node directly, in development, in tests and from the built bundle alike.
import os from 'node:os';
import bcrypt from 'bcryptjs';

// On Linux the nice value belongs to the thread, so this lowers only this worker's priority: the
// main thread (and the database) preempt hashing whenever they have work. Ten steps down rather
// than to the lowest: hashing still gets a tenth of a core when other programs keep the machine
// busy, where at 19 a login could wait a minute. Where the platform refuses, it runs as started.
try {
  os.setPriority(Math.min(19, os.getPriority() + 10));
} catch {
  // Not permitted here: normal priority.
}

// The synchronous forms: this thread does nothing else, so yielding between rounds only slows it.
export default function run(task) {
  if (task.op === 'hash') return bcrypt.hashSync(task.password, task.cost);
  if (task.op === 'compare') return bcrypt.compareSync(task.password, task.hash);
  throw new Error(`unknown password operation ${task.op}`);
}
