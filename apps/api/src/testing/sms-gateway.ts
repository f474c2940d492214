import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayMessage {
  to: string;
  text: string;
  channel: string;
  authorization: string | undefined;
}

/**
 * A local HTTP server standing in for the SMS gateway (SMS_URL): it takes the JSON POST
 * `{to, text, channel}` the shop sends, answers `status` (200 by default), and keeps each message so
 * a test can read the code a shopper would read on their phone.
 */
export async function startSmsGateway(status = 200) {
  const received: GatewayMessage[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        const body = JSON.parse(raw) as Omit<GatewayMessage, 'authorization'>;
        received.push({ ...body, authorization: req.headers.authorization });
      } catch {
        // Not JSON: kept out of `received`, answered like any other message.
      }
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    /** The newest 6-digit code sent to the 10-digit `phone` (the gateway sees it with +91). */
    lastCode(phone: string): string {
      const message = [...received].reverse().find((m) => m.to === `+91${phone}`);
      const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
      if (!code) throw new Error(`No SMS code sent to ${phone}`);
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SmsGateway = Awaited<ReturnType<typeof startSmsGateway>>;
