// A request worker for request-worker.test.ts: a small Express app that shows what reached it and
// can be told to die mid-request, to take its time, or what to say when asked for its health.
import { parentPort, workerData } from 'node:worker_threads';
import express from 'express';
import { answeredInMemory, answerRequests } from '../platform/http/request-worker';

const port = parentPort!;
// Which starts fail (counted across workers in a shared counter), if the test asks for any; how
// many workers closed their app when told to (counted likewise); how long a worker takes to be
// ready.
const { starts, failStarts, closes, readyAfterMs } = (workerData ?? {}) as {
  starts?: SharedArrayBuffer;
  failStarts?: number[];
  closes?: SharedArrayBuffer;
  readyAfterMs?: number;
};
const start = starts ? Atomics.add(new Int32Array(starts), 0, 1) : 0;
if (failStarts?.includes(start)) throw new Error('this start fails');
const app = express();
app.set('trust proxy', 'loopback');
app.use(answeredInMemory);
app.use(express.json());
// How the last answer closed: finished in full, or aborted (what the request log tells apart).
let lastClose: { finished: boolean } | undefined;
app.post('/echo', (req, res) => {
  res.on('close', () => {
    lastClose = { finished: res.writableFinished };
  });
  res.cookie('first', '1', { httpOnly: true });
  res.cookie('second', '2');
  res.status(201).json({
    method: req.method,
    url: req.originalUrl,
    ip: req.ip,
    body: req.body as unknown,
    header: req.get('x-shop-test') ?? null,
    contentEncoding: req.get('content-encoding') ?? null,
  });
});
app.post('/last-close', (_req, res) => res.json(lastClose ?? null));
app.post('/die', () => process.exit(3));
// Answers a moment later: a request still in hand when the worker is told to stop.
let holding = 0;
app.post('/slow', (_req, res) => {
  holding += 1;
  setTimeout(() => res.json({ slow: 'answered' }), 200);
});
app.post('/holding', (_req, res) => res.json({ holding }));
// What the worker says when the main thread asks for its health ('silent': nothing).
let health = 'up';
app.post('/health/:state', (req, res) => {
  health = req.params.state!;
  res.json({ health });
});
if (readyAfterMs) await new Promise((r) => setTimeout(r, readyAfterMs));
answerRequests(
  port,
  app,
  async () => {
    if (closes) Atomics.add(new Int32Array(closes), 0, 1);
  },
  () => (health === 'silent' ? new Promise(() => {}) : Promise.resolve(health as 'up' | 'down')),
);
