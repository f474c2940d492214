// The deployment as the repository ships it: docker-compose.yml runs the shop as it runs for real
// (production mode behind HTTPS, a replica set, two API replicas replaced one at a time, the
// index step before them, daily backups), never with a secret of its own, and the image runs
// Node 24.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findRepoRoot } from '../platform/paths';
import { PRODUCTION_SECRETS } from './env';

interface Service {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string };
  logging?: { driver: string; options: Record<string, string> };
  mem_limit?: string;
  stop_grace_period?: string;
}

const root = findRepoRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const composeText = read('docker-compose.yml');
// Compose reads YAML merge keys (<<:), as the file's shared blocks use them.
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const shops = [services['shop-1']!, services['shop-2']!];
/** The services that run for as long as the shop does. */
const longRunning = Object.entries(services).filter(([name]) => name !== 'indexes');

describe('docker-compose.yml', () => {
  it('has a health check on every service', () => {
    for (const [name, service] of Object.entries(services))
      expect(service.healthcheck?.test, name).toBeTruthy();
  });

  it('runs two replicas of the shop in production mode, behind Caddy, sharing the uploads volume', () => {
    for (const shop of shops) {
      expect(shop.environment?.NODE_ENV).toBe('production');
      expect(shop.ports).toBeUndefined();
      expect(shop.volumes).toContain('uploads:/data/uploads');
    }
    expect(services.caddy!.image).toMatch(/^caddy:/);
    expect(services.caddy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    // Caddy sends traffic only to a replica whose readiness answers.
    const caddyfile = read('Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy shop-1:3000 shop-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
  });

  it('builds one image, which both replicas, the index step and the backup run', () => {
    const image = shops[0]!.image;
    expect(image).toMatch(/^vanya-shop:/);
    for (const name of ['shop-2', 'indexes', 'backup']) {
      expect(services[name]!.image, name).toBe(image);
      expect(services[name]!.build, name).toBeUndefined();
    }
    expect(shops[0]!.build?.context).toBe('.');
  });

  it('builds the indexes before a replica starts', () => {
    expect(services.indexes!.command).toEqual(['node', 'dist/cli/indexes.js']);
    expect(services.indexes!.restart).toBe('no');
    for (const shop of shops)
      expect(shop.depends_on?.indexes).toEqual({ condition: 'service_completed_successfully' });
  });

  it('asks each replica for its readiness on the port it listens on', () => {
    for (const shop of shops) {
      const check = shop.healthcheck!.test.join(' ');
      expect(check).toMatch(/process\.env\.PORT/);
      expect(check).toMatch(/\/api\/health\/ready/);
    }
  });

  it('rotates every log, limits every container memory, and gives the shop time to finish', () => {
    for (const [name, service] of longRunning) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options['max-size'], name).toBeTruthy();
      if (name !== 'mail') expect(service.mem_limit, name).toMatch(/^\d+[mg]$/);
    }
    // The API forces its own exit after 10 s of shutting down; Docker must not kill it sooner.
    for (const shop of shops) expect(parseInt(shop.stop_grace_period!, 10)).toBeGreaterThan(10);
  });

  it('keeps MongoDB 7 as a single-node replica set on a named volume, and the API on it', () => {
    const mongo = services.mongo!;
    expect(mongo.image).toBe('mongo:7');
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(mongo.volumes).toContain('mongo-data:/data/db');
    for (const shop of shops) expect(shop.environment?.MONGODB_URI).toMatch(/replicaSet=rs0/);
  });

  it('backs the database and the uploads up daily, and is unhealthy once the newest archive is a day old', () => {
    const backup = services.backup!;
    expect(backup.environment?.BACKUP_KEEP).toBe('${BACKUP_KEEP:-14}');
    expect(backup.command?.join(' ')).toMatch(/dist\/cli\/backup\.js dump .*sleep 86400/);
    expect(backup.volumes).toEqual(
      expect.arrayContaining(['uploads:/data/uploads', 'backups:/backups']),
    );
    const check = backup.healthcheck!;
    expect(check.test.join(' ')).toMatch(/find \/backups -name 'vanya-\*\.tar\.gz' -mmin -1560/);
    // Checked often enough that "healthy" means something within minutes of the start.
    expect(check.interval).toBe('5m');
  });

  it('starts the mail catcher only in the dev profile', () => {
    expect(services.mail!.profiles).toEqual(['dev']);
    for (const [name, service] of Object.entries(services))
      if (name !== 'mail') expect(service.profiles, name).toBeUndefined();
  });

  it('asks the operator for every setting production refuses to start without, defaulting no secret', () => {
    // The database is the compose file's own; everything else comes from the operator.
    const required = [
      ...PRODUCTION_SECRETS.filter((name) => name !== 'MONGODB_URI'),
      'WEB_ORIGIN',
      'SELLER_GSTIN',
      'SITE_ADDRESS',
    ];
    for (const name of required) expect(composeText, name).toMatch(new RegExp(`\\$\\{${name}:\\?`));
    // Optional ones the operator may set reach the shop too.
    for (const shop of shops) expect(shop.environment).toHaveProperty('SMS_API_KEY');
    expect(composeText).not.toMatch(
      /\$\{(JWT_SECRET|RAZORPAY_KEY_SECRET|RAZORPAY_WEBHOOK_SECRET):-/,
    );
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds and runs on Node 24, without heap caps (the container memory limit sizes the heap)', () => {
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24-/);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/index\.js"\]$/m);
  });

  it('fetches the dependencies from the lockfile before copying the code, so a code change reuses them', () => {
    const fetch = dockerfile.indexOf('RUN pnpm fetch');
    const code = dockerfile.indexOf('COPY . .');
    expect(fetch).toBeGreaterThan(dockerfile.indexOf('COPY pnpm-lock.yaml'));
    expect(code).toBeGreaterThan(fetch);
  });

  it('checks readiness on the port the process listens on, and carries the scripts the README names', () => {
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*process\.env\.PORT[\s\S]*\/api\/health\/ready/);
    expect(dockerfile).toMatch(/COPY scripts\/backup\.sh scripts\/restore\.sh \.\/scripts\//);
  });
});

describe('scripts/upgrade.sh', () => {
  const script = read('scripts/upgrade.sh');

  it('builds the indexes, then replaces one replica at a time, waiting for each to be ready', () => {
    const steps = [
      script.indexOf('docker compose build shop-1'),
      script.indexOf('docker compose run --rm --no-deps indexes'),
      script.indexOf('for service in shop-1 shop-2'),
    ];
    expect(steps.every((at) => at >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(script).toMatch(/docker compose up -d --no-deps "\$service"\n\s+wait_ready "\$service"/);
    expect(script).toMatch(/\{\{\.State\.Health\.Status\}\}/);
  });
});
