// Runs in a piscina worker thread: bcrypt is CPU-bound for hundreds of milliseconds at cost 12,
// so it never runs on the event loop that answers other requests. Plain JavaScript on purpose: the
// worker is loaded by Node directly, in development, in tests and from the built bundle alike.
import bcrypt from 'bcryptjs';

export default async function run(task) {
  if (task.op === 'hash') return bcrypt.hash(task.password, task.cost);
  if (task.op === 'compare') return bcrypt.compare(task.password, task.hash);
  throw new Error(`unknown password operation ${task.op}`);
}
