// Loaded into the API by bench:login when BENCH_TRACE=1 (node --import): notes when each catalogue
// request reached the API (its headers parsed, on the event loop) and when its answer was handed to
// the socket, in microseconds of the monotonic clock that the benchmark's client reads too, and
// writes them to BENCH_TRACE_FILE when the API exits. On Linux each arrival also notes how long the
// main thread has run and waited for a core so far (/proc/thread-self/schedstat, microseconds), so
// that a slow request's wait can be told apart: the event loop busy, or the thread not running.
// Nothing else in the API changes.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

const now = () => Number(process.hrtime.bigint() / 1000n);
const times = [];
const schedstat = () => {
  try {
    const [ran, waited] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Math.round(Number(ran) / 1000), Math.round(Number(waited) / 1000)];
  } catch {
    return [];
  }
};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function traced(event, req, res) {
  if (event === 'request' && req.url === '/api/products') {
    const arrived = now();
    const thread = schedstat();
    res.once('finish', () => times.push([arrived, now(), ...thread]));
  }
  return emit.apply(this, arguments);
};
process.once('exit', () => writeFileSync(process.env.BENCH_TRACE_FILE, JSON.stringify(times)));
