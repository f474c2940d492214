import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MessagePort, ResourceLimits } from 'node:worker_threads';
import express from 'express';
import type { RequestHandler } from 'express';
import { inject } from 'light-my-request';
import { AppError } from '../errors/app-error';
import { toErrorResponse } from '../errors/error-handler';
import type { Logger } from '../logger';

/**
 * Some of the API's routes answered by a copy of the app in a thread of its own.
 *
 * Why: a login costs the thread that runs it some 9 ms of CPU besides its bcrypt (eleven database
 * commands, the session, the history). Measured with `bench:login`'s trace on two cores, a main
 * thread that did that work for twenty logins at once then waited about 4 ms for a core whenever
 * a request woke it, whatever the hashing threads' priority (nice +10, +19, even Linux's idle
 * class); the catalogue's slowest answers were those waits. With the logins answered here, the
 * same thread's waits before the slowest answers came to 2.5 ms (median of thirteen runs, against
 * 4.4 ms). So the main thread only passes these requests on: it reads the body (within the same
 * limit as every other), hands method, address, headers and bytes to the worker, and writes the
 * answer back as it comes, status, headers and bytes, untouched.
 *
 * The worker builds its app (for the password routes, password-app.ts) on its own database
 * connection and answers each request with it in memory (light-my-request), so the routes, their
 * limits, logging and errors are the app's own. If the worker dies, the requests it held are
 * answered 503 and a new worker starts a second later; requests that arrive meanwhile wait for it.
 */
export interface RequestWorker {
  /** Answers a request through the worker (mount it on the paths the worker is to answer). */
  handler: RequestHandler;
  /** Settles once the first worker is ready to answer (rejects if it could not start). */
  ready: Promise<void>;
  /**
   * Whether the worker can answer now: 'up' when it is running and says its own resources (for
   * the password routes, its database connection) are up within `timeoutMs`; 'down' while it is
   * starting again, or when it does not say so in time.
   */
  health(timeoutMs: number): Promise<'up' | 'down'>;
  /**
   * Lets the requests in hand finish, then closes the worker's app and stops it; a worker still
   * starting is waited for and stopped too.
   */
  stop(): Promise<void>;
}

/** What the main thread sends: one request, or the order to close. */
export type ToWorker =
  | {
      kind: 'request';
      id: number;
      method: string;
      url: string;
      headers: IncomingHttpHeaders;
      body: Uint8Array | undefined;
      remoteAddress: string | undefined;
    }
  | { kind: 'health'; id: number }
  | { kind: 'close' };

/** What the worker sends back. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'answer'; id: number; status: number; headers: OutgoingHttpHeaders; body: Uint8Array }
  | { kind: 'health'; id: number; state: 'up' | 'down' }
  | { kind: 'closed' };

/** Headers that belong to one connection, not to the request or answer passed on. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

const RESTART_AFTER_MS = 1_000;

/**
 * The worker's script: the built JavaScript as it is; TypeScript source (development, tests)
 * through tsx, registered in the worker first, since a worker does not inherit the loaders of the
 * thread that starts it.
 */
function entry(file: URL): [string | URL, { eval?: boolean }] {
  if (!file.pathname.endsWith('.ts')) return [file, {}];
  // tsx's module API, its ESM build (the CommonJS one finds its parts only from a file of its own).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return [
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file.href)}); });`,
    { eval: true },
  ];
}

function unavailable(): AppError {
  return new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'We could not complete this right now. Please try again in a moment.',
  );
}

export function startRequestWorker(options: {
  /** The worker's entry: a module that calls `answerRequests` with its app. */
  file: URL;
  workerData: unknown;
  logger: Logger;
  /** The largest body read and passed on, as express.json's `limit` (the app's own limit). */
  bodyLimit: string;
  resourceLimits?: ResourceLimits;
}): RequestWorker {
  const { logger } = options;
  // The body is read here, within the app's limit (413 above it), decompressed if it was sent
  // compressed; the worker's parsers then read it as they would from the network.
  const readBody = express.raw({ type: () => true, limit: options.bodyLimit });
  const pending = new Map<number, { resolve: (answer: FromWorker) => void; reject: () => void }>();
  const healthChecks = new Map<number, (state: 'up' | 'down') => void>();
  let nextId = 1;
  let stopping = false;
  let worker: Worker | undefined;
  let current: Promise<Worker>;

  const start = (): Promise<Worker> =>
    new Promise<Worker>((resolve, reject) => {
      const [script, how] = entry(options.file);
      const w = new Worker(script, {
        ...how,
        workerData: options.workerData,
        ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      });
      let ready = false;
      w.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') {
          ready = true;
          worker = w;
          resolve(w);
        } else if (message.kind === 'failed') {
          reject(new Error(`the request worker could not start: ${message.message}`));
        } else if (message.kind === 'answer') {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          waiting?.resolve(message);
        } else if (message.kind === 'health') {
          healthChecks.get(message.id)?.(message.state);
        } else if (message.kind === 'closed') {
          void w.terminate();
        }
      });
      w.on('error', (err) => {
        if (!ready) reject(err);
        logger.error({ err }, 'request worker failed');
      });
      w.on('exit', (code) => {
        if (worker === w) worker = undefined;
        if (!ready) reject(new Error(`the request worker exited (${code}) before it was ready`));
        // Whatever it held is lost: those requests are answered 503, never left hanging, and the
        // health checks it was asked are answered 'down'.
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject();
        }
        for (const done of healthChecks.values()) done('down');
        if (stopping || !ready) return;
        logger.error({ code }, 'request worker exited; starting another');
        restart();
      });
    });

  // Another worker a second later, and again a second after each one that fails to start (the
  // database away, say); requests that arrive meanwhile wait for it, or are answered 503 if the
  // one they waited for did not start.
  const restart = () => {
    current = new Promise((r) => setTimeout(r, RESTART_AFTER_MS)).then(() =>
      stopping ? Promise.reject(new Error('stopped')) : start(),
    );
    current.catch((err: unknown) => {
      if (stopping) return;
      logger.error({ err }, 'request worker did not start; trying again');
      restart();
    });
  };

  current = start();

  const forward = async (req: express.Request, res: express.Response) => {
    const w = stopping ? undefined : await current.catch(() => undefined);
    if (!w || w !== worker) throw unavailable();
    const headers: IncomingHttpHeaders = { ...req.headers };
    for (const name of [...HOP_BY_HOP, 'content-length', 'content-encoding']) delete headers[name];
    const id = nextId++;
    const answer = await new Promise<FromWorker>((resolve, reject) => {
      pending.set(id, { resolve, reject: () => reject(unavailable()) });
      w.postMessage({
        kind: 'request',
        id,
        method: req.method,
        url: req.originalUrl,
        headers,
        body: Buffer.isBuffer(req.body) ? (req.body as Buffer) : undefined,
        remoteAddress: req.socket.remoteAddress,
      } satisfies ToWorker);
    });
    if (answer.kind !== 'answer') throw unavailable();
    const out: OutgoingHttpHeaders = { ...answer.headers };
    for (const name of HOP_BY_HOP) delete out[name];
    out['content-length'] = answer.body.byteLength;
    res.writeHead(answer.status, out);
    res.end(answer.body);
  };

  return {
    handler: (req, res, next) =>
      readBody(req, res, (err?: unknown) => {
        if (err) next(err);
        else forward(req, res).catch(next);
      }),
    ready: current.then(() => undefined),
    health(timeoutMs) {
      const w = worker;
      if (!w || stopping) return Promise.resolve('down');
      const id = nextId++;
      return new Promise<'up' | 'down'>((resolve) => {
        const done = (state: 'up' | 'down') => {
          clearTimeout(timer);
          healthChecks.delete(id);
          resolve(state);
        };
        const timer = setTimeout(() => done('down'), timeoutMs);
        healthChecks.set(id, done);
        w.postMessage({ kind: 'health', id } satisfies ToWorker);
      });
    },
    async stop() {
      stopping = true;
      // A worker starting again (after a crash) is waited for, so that it is stopped too.
      const w = worker ?? (await current.catch(() => undefined));
      if (!w || w !== worker) return;
      // The worker answers what it holds, closes its app and database, then says so.
      await new Promise<void>((resolve) => {
        w.once('exit', () => resolve());
        w.postMessage({ kind: 'close' } satisfies ToWorker);
      });
    },
  };
}

/**
 * The first middleware of a worker's app. Its answers are held in memory and never flushed to a
 * socket, so one is finished once it has been ended in full ('finish'); the request log, which
 * tells a finished answer from an aborted one by `writableFinished` (set by a socket), then logs it
 * as completed.
 */
export const answeredInMemory: RequestHandler = (_req, res, next) => {
  res.once('finish', () => Object.defineProperty(res, 'writableFinished', { value: true }));
  next();
};

/**
 * The worker's side: answers each request the main thread passes on with `app`, in memory, and
 * closes when told to (`close` finishes the app's own resources once the requests in hand are
 * answered). `health` says whether those resources are up (the main thread's health check asks).
 * Call it once the app is ready to answer.
 */
export function answerRequests(
  port: MessagePort,
  app: (req: never, res: never) => void,
  close: () => Promise<void>,
  health: () => Promise<'up' | 'down'> = () => Promise.resolve('up'),
): void {
  let inHand = 0;
  let closing: (() => void) | undefined;
  const settle = () => {
    if (inHand === 0 && closing) closing();
  };
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'close') {
      closing = () => {
        closing = undefined;
        void close().finally(() => port.postMessage({ kind: 'closed' } satisfies FromWorker));
      };
      settle();
      return;
    }
    if (message.kind === 'health') {
      void health()
        .catch(() => 'down' as const)
        .then((state) =>
          port.postMessage({ kind: 'health', id: message.id, state } satisfies FromWorker),
        );
      return;
    }
    inHand += 1;
    inject(app as Parameters<typeof inject>[0], {
      method: message.method as 'POST',
      url: message.url,
      headers: message.headers as Record<string, string>,
      ...(message.body ? { payload: Buffer.from(message.body) } : {}),
      ...(message.remoteAddress ? { remoteAddress: message.remoteAddress } : {}),
    })
      .then(
        (res) =>
          ({
            kind: 'answer',
            id: message.id,
            status: res.statusCode,
            headers: res.headers as OutgoingHttpHeaders,
            body: res.rawPayload,
          }) satisfies FromWorker,
        () =>
          ({
            kind: 'answer',
            id: message.id,
            status: 500,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: Buffer.from(JSON.stringify(toErrorResponse(new Error('inject failed')).body)),
          }) satisfies FromWorker,
      )
      .then((answer) => {
        port.postMessage(answer);
        inHand -= 1;
        settle();
      });
  });
  port.postMessage({ kind: 'ready' } satisfies FromWorker);
}
