import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSmsTransport } from './sms-transport';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A local HTTP server standing in for the SMS gateway, answering `status`. */
async function gateway(status: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the SMS gateway transport', () => {
  it('POSTs {to, text, channel} as JSON with the bearer key, the number with +91', async () => {
    const gw = await gateway(202);
    close = gw.close;
    await new HttpSmsTransport(gw.url, 'key-1').send('9822045123', '123456 is your code');
    expect(gw.received).toHaveLength(1);
    expect(gw.received[0]!.body).toEqual({
      to: '+919822045123',
      text: '123456 is your code',
      channel: 'sms',
    });
    expect(gw.received[0]!.headers['content-type']).toBe('application/json');
    expect(gw.received[0]!.headers.authorization).toBe('Bearer key-1');
  });

  it('fails when the gateway refuses, so the caller can tell the shopper', async () => {
    const gw = await gateway(500);
    close = gw.close;
    await expect(new HttpSmsTransport(gw.url, undefined).send('9822045123', 'x')).rejects.toThrow(
      'SMS gateway answered 500',
    );
    expect(gw.received[0]!.headers.authorization).toBeUndefined();
  });
});
