import { readdirSync, readFileSync } from 'node:fs';

/**
 * A thread's nice value (Linux: /proc/<pid>/task/<tid>/stat, field 19). The main thread's id is
 * the process id.
 */
export function niceOf(pid: number | 'self', tid: number | string): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of every thread of a process. */
export function threadNices(pid: number | 'self'): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => niceOf(pid, tid));
}
