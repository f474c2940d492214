import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request to a listening server; its answer's bytes as they came over the wire. */
export function rawFrom(
  server: http.Server,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise<RawAnswer>((resolve, reject) => {
    http
      .request(
        { host: '127.0.0.1', port, path: url, method: init.method ?? 'GET', headers: init.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      )
      .on('error', reject)
      .end(init.body);
  });
}

/** An answer's bytes as they came over the wire (supertest would decode gzip). */
export async function raw(
  app: Express,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await rawFrom(server, url, { method, headers });
  } finally {
    server.close();
  }
}
