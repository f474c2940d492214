import { readFileSync } from 'node:fs';

/**
 * The fields of a process's or a thread's stat line (Linux: /proc/<pid>/stat, or
 * /proc/<pid>/task/<tid>/stat), from the state on: index i is field i + 3 of stat(5), so utime is
 * 11, stime 12 (clock ticks of 10 ms). The command name before them, which may hold
 * spaces, is skipped. The main thread's id is the process id.
 */
export function statFields(pid: number | 'self', tid?: number | string): string[] {
  const file = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time a process (or one of its threads) has used so far, in ms: utime + stime. */
export function cpuMsOf(pid: number, tid?: number): number {
  const fields = statFields(pid, tid);
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
}
