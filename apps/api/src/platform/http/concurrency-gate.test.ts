import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { concurrencyGate } from './concurrency-gate';

/** An app whose one route holds each request until the test lets it go, behind a gate of `limit`. */
async function heldApp(limit: number) {
  const gate = concurrencyGate(limit);
  const started: string[] = [];
  const held = new Map<string, () => void>();
  const app = express();
  app.get('/work/:name', gate, (req, res) => {
    const name = String(req.params.name);
    started.push(name);
    held.set(name, () => res.send(name));
  });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: false, maxSockets: 50 });
  /** Sends a request; the promise is its body, and `abort` drops the connection. */
  const send = (name: string) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/work/${name}`, agent });
    const body = new Promise<string>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
    });
    body.catch(() => undefined);
    return { body, abort: () => req.destroy() };
  };
  /** Waits until the server has seen `count` requests reach the gate (started or queued). */
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };
  const release = (name: string) => {
    const answer = held.get(name);
    if (!answer) throw new Error(`${name} has not started`);
    held.delete(name);
    answer();
  };
  return {
    gate,
    started,
    send,
    until,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('concurrency gate', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('lets `limit` requests work at once and the rest in their order of arrival', async () => {
    const t = await heldApp(2);
    close = t.close;
    const names = ['a', 'b', 'c', 'd', 'e'];
    const bodies: Record<string, Promise<string>> = {};
    for (const name of names) {
      bodies[name] = t.send(name).body;
      // One at a time, so the order of arrival is known.
      await t.until(() => t.started.length + t.gate.waiting === names.indexOf(name) + 1);
    }
    expect(t.started).toEqual(['a', 'b']);
    expect(t.gate.waiting).toBe(3);

    t.release('b');
    expect(await bodies.b).toBe('b');
    await t.until(() => t.started.length === 3);
    expect(t.started).toEqual(['a', 'b', 'c']);

    t.release('a');
    t.release('c');
    await t.until(() => t.started.length === 5);
    expect(t.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(t.gate.waiting).toBe(0);
    t.release('d');
    t.release('e');
    expect(await Promise.all(names.map((n) => bodies[n]))).toEqual(names);
  });

  it('never starts a request whose client left while it waited, and a dropped one frees its place', async () => {
    const t = await heldApp(1);
    close = t.close;
    const first = t.send('first');
    await t.until(() => t.started.length === 1);
    const gone = t.send('gone');
    await t.until(() => t.gate.waiting === 1);
    const next = t.send('next');
    await t.until(() => t.gate.waiting === 2);

    gone.abort();
    await t.until(() => t.gate.waiting === 1);
    // The working request's client leaves too: its place goes to the next in line.
    first.abort();
    await t.until(() => t.started.length === 2);
    expect(t.started).toEqual(['first', 'next']);
    t.release('next');
    expect(await next.body).toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => concurrencyGate(0)).toThrow(/limit of 1 or more/);
  });
});
