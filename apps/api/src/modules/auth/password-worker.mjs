// Runs in a piscina worker thread: bcrypt is CPU-bound for hundreds of milliseconds at cost 12,
// so it never runs on the event loop that answers other requests. Plain JavaScript on purpose: the
// worker is loaded by Node directly, in development, in tests and from the built bundle alike.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import bcryptjs from 'bcryptjs';

// On Linux the nice value belongs to the thread, so this lowers only this worker's priority: the
// thread that started the pool, the main thread and the database preempt hashing whenever they
// have work. Ten steps below the thread that started the pool: in the running API that is the
// password routes' thread, itself five below the main thread, so hashing sits fifteen below the
// main thread. Not at the lowest (19): beside one busy program at normal priority, a compare at
// fifteen steps still gets about a thirtieth of a core (some 8 s for its 0.3 s), more than twice
// what it would get at 19. Where the platform refuses, it runs as started.
try {
  os.setPriority(Math.min(19, os.getPriority() + 10));
} catch {
  // Not permitted here: normal priority.
}

// Every core the process may use (platform/cores.ts): this thread inherits the password routes'
// thread's cores, which leave out the one the main thread has to itself, but at this priority it
// gives that core back the moment the main thread wakes, and a burst of logins gets every core.
if (process.env.VANYA_CORES) {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const tid = stat.slice(0, stat.indexOf(' '));
    spawnSync('taskset', ['-p', '-c', process.env.VANYA_CORES, tid], { stdio: 'ignore' });
  } catch {
    // Not on Linux: it runs where it was started.
  }
}

/**
 * The native bcrypt (its package ships prebuilt binaries for Linux, macOS and Windows), about 1.4x
 * the speed of bcryptjs at the same cost, so a burst of logins clears sooner; bcryptjs where no
 * binary loads. Both read and write the same $2a$/$2b$ hashes.
 */
function loadBcrypt() {
  if (process.env.PASSWORD_HASH_IMPL === 'bcryptjs') return bcryptjs;
  try {
    return createRequire(import.meta.url)('bcrypt');
  } catch {
    return bcryptjs;
  }
}
const bcrypt = loadBcrypt();

// The synchronous forms: this thread does nothing else, so yielding between rounds only slows it.
export default function run(task) {
  if (task.op === 'hash') return bcrypt.hashSync(task.password, task.cost);
  if (task.op === 'compare') return bcrypt.compareSync(task.password, task.hash);
  if (task.op === 'implementation') return bcrypt === bcryptjs ? 'bcryptjs' : 'bcrypt';
  throw new Error(`unknown password operation ${task.op}`);
}
