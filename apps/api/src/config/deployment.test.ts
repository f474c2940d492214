// The deployment as the repository ships it: docker-compose.yml runs the shop as it runs for real
// (production mode behind HTTPS, a replica set, two API replicas, daily backups), never with a
// secret of its own, and the image runs Node 24.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findRepoRoot } from '../platform/paths';
import { PRODUCTION_SECRETS } from './env';

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: unknown };
  deploy?: { replicas?: number };
}

const root = findRepoRoot();
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText) as { services: Record<string, Service>; volumes: object };
const { services } = compose;

describe('docker-compose.yml', () => {
  it('has a health check on every service', () => {
    for (const [name, service] of Object.entries(services))
      expect(service.healthcheck?.test, name).toBeTruthy();
  });

  it('runs two replicas of the shop in production mode, behind Caddy, sharing the uploads volume', () => {
    const shop = services.shop!;
    expect(shop.deploy?.replicas).toBe(2);
    expect(shop.environment?.NODE_ENV).toBe('production');
    expect(shop.ports).toBeUndefined();
    expect(shop.volumes).toContain('uploads:/data/uploads');
    expect(services.caddy!.image).toMatch(/^caddy:/);
    expect(services.caddy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(readFileSync(path.join(root, 'Caddyfile'), 'utf8')).toMatch(/dynamic a shop 3000/);
  });

  it('keeps MongoDB 7 as a single-node replica set on a named volume, and the API on it', () => {
    const mongo = services.mongo!;
    expect(mongo.image).toBe('mongo:7');
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(mongo.volumes).toContain('mongo-data:/data/db');
    expect(services.shop!.environment?.MONGODB_URI).toMatch(/replicaSet=rs0/);
  });

  it('backs the database and the uploads up daily, keeping 14', () => {
    const backup = services.backup!;
    expect(backup.environment?.BACKUP_KEEP).toBe('14');
    expect(backup.command?.join(' ')).toMatch(/dist\/cli\/backup\.js dump .*sleep 86400/);
    expect(backup.volumes).toEqual(
      expect.arrayContaining(['uploads:/data/uploads', 'backups:/backups']),
    );
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
    ];
    for (const name of required) expect(composeText, name).toMatch(new RegExp(`\\$\\{${name}:\\?`));
    // Optional ones the operator may set reach the shop too.
    expect(services.shop!.environment).toHaveProperty('SMS_API_KEY');
    expect(composeText).not.toMatch(
      /\$\{(JWT_SECRET|RAZORPAY_KEY_SECRET|RAZORPAY_WEBHOOK_SECRET):-/,
    );
  });
});

describe('the Dockerfile', () => {
  it('builds and runs on Node 24', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24-/);
  });
});
