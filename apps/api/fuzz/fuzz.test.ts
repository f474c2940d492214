// Schemathesis over the API's own OpenAPI document, against the BUILT API in production mode (the
// journeys' stack: its own database, SMTP server and Razorpay-protocol server). It generates
// requests from every documented operation (valid ones and invalid ones), signed in as a shopper,
// and checks every answer: no server error, a documented status, a body and headers that match
// the document, invalid input refused, valid input accepted, 405 for undeclared methods, and
// authenticated operations refusing a request without the session. A second pass does the same
// over the owner area signed in as the shop's owner (OWNER_EMAILS), so that the owner's operations
// are fuzzed past their 403 too.
//
// Short form (scripts/test.sh, CI): pnpm --filter @vanya/api fuzz:short  -- a few hundred requests
// Long form:                         pnpm --filter @vanya/api fuzz        -- at least 5,000
// Both need `pnpm build` and schemathesis in .tools/venv (bash scripts/setup-fuzz.sh).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../src/platform/paths';
import { client, OWNER_EMAIL, signUp, startBuiltApi } from '../journeys/support/built-api';
import type { BuiltApi } from '../journeys/support/built-api';
import { startSmsGateway } from '../src/testing/sms-gateway';
import type { SmsGateway } from '../src/testing/sms-gateway';

const LONG = process.env.FUZZ_FORM === 'long';
// --max-time is a budget schemathesis spends in full (fuzzing and stateful testing repeat until it
// is gone), so in the long form it sets the number of requests: about 8 a second on a 2-core
// machine. The short form has none: its examples alone bound it (about 1,000 requests), so a busy
// machine makes it slower, never smaller.
// The long form's budget is shared: two thirds for the shopper's pass over every operation, a third
// for the owner's pass over the owner area.
const FORM: {
  name: string;
  maxExamples: number;
  minRequests: number;
  minOwnerRequests: number;
  maxTime?: number;
} = LONG
  ? { name: 'long', maxExamples: 50, minRequests: 5000, minOwnerRequests: 1000, maxTime: 15 * 60 }
  : { name: 'short', maxExamples: 3, minRequests: 300, minOwnerRequests: 50 };
/** The owner area's operations, fuzzed a second time with the owner's session. */
const OWNER_AREA = '^/api/admin/';
const SEED = Number(process.env.FUZZ_SEED ?? 20260801);
/** More schemathesis options, e.g. FUZZ_ST_ARGS='--include-path-regex /auth/' to narrow a run. */
const EXTRA_ARGS = (process.env.FUZZ_ST_ARGS ?? '').split(' ').filter(Boolean);

const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'missing_required_header',
  'unsupported_method',
  'allow_header_conformance',
  'ignored_auth',
  // fuzz/hooks.py: a schema-valid request is refused only for the state it meets
  'refusals_are_about_state',
];

interface Counts {
  requests: number;
  serverErrors: string[];
  statuses: Record<number, number>;
}

/** A pass-through proxy in front of the API that counts what schemathesis really sent. */
async function countingProxy(
  target: string,
): Promise<{ url: string; counts: Counts; close(): Promise<void> }> {
  const upstream = new URL(target);
  const counts: Counts = { requests: 0, serverErrors: [], statuses: {} };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        if (req.url !== '/api/openapi.json') {
          counts.requests += 1;
          counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
          if (status >= 500) counts.serverErrors.push(`${status} ${req.method} ${req.url}`);
        }
        res.writeHead(status, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (err) => {
      counts.serverErrors.push(`no answer: ${req.method} ${req.url} (${err.message})`);
      res.destroy();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface StReport {
  exit_code: number;
  complete: boolean;
  operations: { total: number; selected?: number; tested: number; errored: number } | null;
  test_cases: { generated: number; with_failures: number; errored: number };
  failures: { title: string; count: number; operations: string[] }[];
  errors: { title: string; count: number }[];
}

const FUZZ_DIR = path.dirname(new URL(import.meta.url).pathname);

function runSchemathesis(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const st = spawn(args[0]!, args.slice(1), {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // hooks.py: real files for the upload parts, the rules no schema keyword states, and the
      // check that a schema-valid request is refused only for the server's state.
      env: { ...process.env, PYTHONPATH: FUZZ_DIR, SCHEMATHESIS_HOOKS: 'hooks' },
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (LONG) process.stdout.write(chunk);
    };
    st.stdout.on('data', keep);
    st.stderr.on('data', keep);
    st.once('error', reject);
    st.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe(`schemathesis over /api/openapi.json (${FORM.name} form)`, () => {
  const root = findRepoRoot();
  const st = path.join(root, '.tools/venv/bin/st');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vanya-fuzz-'));
  let stack: BuiltApi;
  // An SMS gateway that accepts every message (production refuses phone codes without one).
  let sms: SmsGateway;
  let shopperToken: string;
  let ownerToken: string;

  beforeAll(async () => {
    if (!existsSync(st))
      throw new Error(
        'schemathesis is not installed in .tools/venv: run `bash scripts/setup-fuzz.sh` (needs python3 with venv).',
      );
    sms = await startSmsGateway();
    stack = await startBuiltApi({ SMS_URL: sms.url, SMS_API_KEY: 'fuzz-gateway-key' });
    const api = client(stack.baseUrl);
    ({ token: shopperToken } = await signUp(stack, api, 'Fuzz Shopper'));
    // The API makes an account the owner when its verified address is in OWNER_EMAILS.
    ({ token: ownerToken } = await signUp(stack, api, 'Meera Owner', OWNER_EMAIL));
    const summary = await fetch(`${stack.baseUrl}/api/admin/summary`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    if (summary.status !== 200)
      throw new Error(`The owner's session is refused the owner area (${summary.status})`);
  });
  afterAll(async () => {
    await stack?.stop();
    await sms?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One schemathesis pass through a counting proxy of its own; asserts it found nothing. */
  async function pass(
    name: string,
    token: string,
    options: { maxTime?: number; minRequests: number; args?: string[] },
  ) {
    const proxy = await countingProxy(stack.baseUrl);
    try {
      const report = path.join(dir, `report-${name}.json`);
      const { code, output } = await runSchemathesis(
        [
          st,
          '--config-file',
          path.join(FUZZ_DIR, 'schemathesis.toml'),
          'run',
          `${proxy.url}/api/openapi.json`,
          '--url',
          proxy.url,
          '--header',
          `Authorization: Bearer ${token}`,
          '--checks',
          CHECKS.join(','),
          '--max-examples',
          String(FORM.maxExamples),
          ...(options.maxTime ? ['--max-time', String(options.maxTime)] : []),
          '--seed',
          String(SEED),
          // One worker: hypothesis' lambda descriptions are not thread-safe on Python 3.11
          // ("AST constructor recursion depth mismatch"), and two cores are busy with the API anyway.
          '--workers',
          '1',
          '--request-timeout',
          '30',
          '--suppress-health-check',
          'all',
          '--generation-database',
          'none',
          '--no-color',
          '--report',
          'json',
          '--report-json-path',
          report,
          ...(options.args ?? []),
          ...EXTRA_ARGS,
        ],
        dir,
      );
      const result = existsSync(report)
        ? (JSON.parse(readFileSync(report, 'utf8')) as StReport)
        : undefined;
      const summary = {
        form: FORM.name,
        pass: name,
        requests: proxy.counts.requests,
        statuses: proxy.counts.statuses,
        operations: result?.operations,
        testCases: result?.test_cases,
      };
      // The whole run, for reading afterwards (CI keeps .reports).
      const reports = path.join(root, 'apps/api/.reports');
      mkdirSync(reports, { recursive: true });
      writeFileSync(path.join(reports, `fuzz-${FORM.name}-${name}.log`), output);
      console.log(`schemathesis ${JSON.stringify(summary)}`);
      if (code !== 0 || !result) console.log(output.slice(-12_000));
      if (proxy.counts.serverErrors.length > 0) console.log(stack.output().slice(-6000));

      expect(result, 'schemathesis wrote no report').toBeDefined();
      expect(result!.errors, 'schemathesis errors').toEqual([]);
      expect(result!.failures, 'schemathesis failures').toEqual([]);
      expect(proxy.counts.serverErrors, 'answers of 500 and above').toEqual([]);
      expect(result!.operations?.errored ?? 0).toBe(0);
      // Every operation the pass selected (the owner's pass selects the owner area).
      expect(result!.operations?.tested).toBe(
        result!.operations?.selected ?? result!.operations?.total,
      );
      expect(proxy.counts.requests).toBeGreaterThanOrEqual(options.minRequests);
      expect(code).toBe(0);
      return proxy.counts.statuses;
    } finally {
      await proxy.close();
    }
  }

  it('finds no server error, no undocumented answer and no schema violation, as a shopper', async () => {
    await pass('shopper', shopperToken, {
      maxTime: FORM.maxTime && Math.round((FORM.maxTime * 2) / 3),
      minRequests: FORM.minRequests - FORM.minOwnerRequests,
    });
  });

  it("finds none in the owner area either, as the shop's owner", async () => {
    const statuses = await pass('owner', ownerToken, {
      maxTime: FORM.maxTime && Math.round(FORM.maxTime / 3),
      minRequests: FORM.minOwnerRequests,
      args: ['--include-path-regex', OWNER_AREA],
    });
    // Served as the owner, not refused as a shopper: most answers are not 403.
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    expect(statuses[403] ?? 0).toBeLessThan(total / 2);
  });
});
