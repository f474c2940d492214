// Loaded into the API by the benchmarks (node --import): Node's own event-loop delay histogram.
// On SIGUSR2 the API prints the delays since the last report (ms) and starts a new histogram.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Number((ns / 1e6).toFixed(2));
  const figures = {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
  };
  histogram.reset();
  process.stdout.write(`LOOP_DELAY ${JSON.stringify(figures)}\n`);
});
