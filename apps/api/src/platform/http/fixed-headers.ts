import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * The headers that middlewares which depend on nothing in the request (helmet's security headers,
 * CORS for one fixed origin) set, captured once by running them against a recording response.
 * A hot route that answers before them sets exactly these, without running them per request.
 */
export function captureFixedHeaders(
  middlewares: RequestHandler[],
  request: { method: string; url: string; headers?: IncomingHttpHeaders } = {
    method: 'GET',
    url: '/',
  },
): FixedHeaders {
  const headers = new Map<string, [string, string | string[]]>();
  const res = {
    statusCode: 200,
    setHeader(name: string, value: string | number | string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value : String(value)]);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    end: () => {
      throw new Error('a middleware with fixed headers must not answer by itself');
    },
  };
  const req = { headers: {}, ...request };
  for (const middleware of middlewares) {
    let passed = false;
    // Each of them is synchronous and calls next() at once; anything else is a mistake here.
    middleware(req as never, res as never, (err?: unknown) => {
      if (err) throw err;
      passed = true;
    });
    if (!passed) throw new Error('a middleware with fixed headers did not pass the request on');
  }
  return [...headers.values()];
}

export type FixedHeaders = [string, string | string[]][];

/** Sets the captured headers on an answer, each as captured. */
export function setFixedHeaders(res: ServerResponse, headers: FixedHeaders): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
