// Loaded into the API by the benchmarks (node --import): Node's own event-loop delay histogram.
// On SIGUSR2 the API prints the delays since the last report (ms) and starts a new histogram.
// The histogram records the time between its samples, RESOLUTION_MS apart when the loop is idle
// (an idle loop reads 10.1 ms): the delay is what exceeds the resolution.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Number(Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(2));
  const figures = {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
  };
  histogram.reset();
  process.stdout.write(`LOOP_DELAY ${JSON.stringify(figures)}\n`);
});
