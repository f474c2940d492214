// A request worker for request-worker.test.ts: a small Express app that shows what reached it and
// can be told to die mid-request or to take its time.
import { parentPort, workerData } from 'node:worker_threads';
import express from 'express';
import { answeredInMemory, answerRequests } from '../platform/http/request-worker';

const port = parentPort!;
// Which starts fail (counted across workers in a shared counter), if the test asks for any.
const { starts, failStarts } = (workerData ?? {}) as {
  starts?: SharedArrayBuffer;
  failStarts?: number[];
};
if (starts && failStarts?.includes(Atomics.add(new Int32Array(starts), 0, 1)))
  throw new Error('this start fails');
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
answerRequests(port, app, async () => {});
