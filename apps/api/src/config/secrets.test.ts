import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../platform/paths';
import { PUBLISHED_SECRET_DIGESTS } from './published-secrets';
import {
  DEVELOPMENT_MASTER_SECRET,
  deriveKey,
  estimateSecretBits,
  PUBLIC_SECRETS,
  secretDigest,
  secretProblem,
} from './secrets';

/** A random key as an operator would make one, and published here: so production refuses it. */
const SAMPLE_RANDOM_KEY = 'a3f9c2e17b5d8a04c6e2f1b9d7a5c3e1f0b8d6a4c2e0f9b7d5a3c1e0f8b6d4a2';

const PUBLISHED_FILE = 'apps/api/src/config/published-secrets.ts';

/** The repository's text files (tracked, and new ones not ignored), as the scans read them. */
function repositoryTexts(): { file: string; text: string }[] {
  const root = findRepoRoot();
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    // The lock file's integrity hashes are nobody's secret; the list of digests is not either.
    .filter((f) => f && !f.endsWith('pnpm-lock.yaml') && f !== PUBLISHED_FILE);
  const texts: { file: string; text: string }[] = [];
  for (const file of files) {
    try {
      const bytes = readFileSync(path.join(root, file));
      if (bytes.includes(0)) continue; // binary
      texts.push({ file, text: bytes.toString('utf8') });
    } catch {
      // listed but not checked out (another engineer's deletion, a sparse checkout)
    }
  }
  return texts;
}

/**
 * Every string in the repository shaped like key material, wherever it stands (a test's fixture, a
 * sample in a comment, a document): hex, base64 or base64url of 32 characters or more, with digits
 * and letters, that is not a file or URL path.
 */
function keyMaterialInRepository(): { file: string; value: string }[] {
  const found: { file: string; value: string }[] = [];
  for (const { file, text } of repositoryTexts()) {
    for (const match of text.matchAll(
      /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{32,}={0,2}(?![A-Za-z0-9+/_=-])/g,
    )) {
      const value = match[0];
      if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) continue;
      // A path: a lowercase word followed by a slash (api/, srv/, components/).
      if (/(^|\/)[a-z][a-z-]{2,}\//.test(value)) continue;
      found.push({ file, value });
    }
  }
  return found;
}

/**
 * Every value the repository assigns to something named like a secret: `JWT_SECRET=...` in env
 * files and documentation, `${JWT_SECRET:-...}` defaults in compose files, and string literals
 * given to `...secret...` names in code.
 */
function secretLiteralsInRepository(): { file: string; value: string }[] {
  const found: { file: string; value: string }[] = [];
  const patterns = [
    // NAME_SECRET=value, NAME_SECRET: value, secretName = 'value', { secret: "value" }
    /\b\w*secret\w*["']?\s*[:=]\s*(["'`]?)([^"'`\s,;)}]{8,})\1/gi,
    // ${JWT_SECRET:-value} and ${JWT_SECRET-value}
    /\$\{\w*SECRET\w*:?-([^}]{8,})\}/g,
  ];
  for (const { file, text } of repositoryTexts()) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const value = (match[2] ?? match[1])!;
        // Code that names where a secret comes from is not a secret: config.secrets.codes,
        // process.env.X, randomBytes(32), ${...} interpolation, another variable's NAME, a
        // regular expression.
        if (/^[A-Za-z_$][\w$]*(\.[\w$]+)+$|^\$|\(|^[A-Z_]+$|^\w+$|^\/.*\/[a-z]*$/.test(value))
          continue;
        found.push({ file, value });
      }
    }
  }
  return found;
}

/** Writes published-secrets.ts: the digests it holds and those of `values`, sorted. */
function writePublishedList(values: string[]) {
  const digests = [...new Set([...PUBLISHED_SECRET_DIGESTS, ...values.map(secretDigest)])].sort();
  writeFileSync(
    path.join(findRepoRoot(), PUBLISHED_FILE),
    [
      '// Generated: UPDATE_PUBLISHED_SECRETS=1 npx vitest run src/config/secrets.test.ts (in apps/api).',
      '// The digests (secretDigest in secrets.ts) of every value the repository publishes that would',
      '// otherwise pass as a production secret: production refuses them (isPublishedSecret). Digests',
      '// are only ever added, since a value once published stays in the history.',
      'export const PUBLISHED_SECRET_DIGESTS: ReadonlySet<string> = new Set([',
      ...digests.map((d) => `  '${d}',`),
      ']);',
      '',
    ].join('\n'),
  );
}

describe('production secrets', () => {
  it('refuses every secret-like value and every piece of key material in the repository', () => {
    const literals = secretLiteralsInRepository();
    const material = keyMaterialInRepository();
    // The scans find what they are meant to find: the development master secret, and the random
    // key this very file uses as a sample below.
    expect(literals.map((l) => l.value)).toContain(DEVELOPMENT_MASTER_SECRET);
    expect(material.map((l) => l.value)).toContain(SAMPLE_RANDOM_KEY);
    const accepted = [...literals, ...material].filter(
      ({ value }) => secretProblem('X', value) === undefined,
    );
    if (accepted.length > 0 && process.env.UPDATE_PUBLISHED_SECRETS)
      writePublishedList(accepted.map((a) => a.value));
    expect(
      accepted,
      'published in the repository yet accepted as a production secret: run UPDATE_PUBLISHED_SECRETS=1 npx vitest run src/config/secrets.test.ts in apps/api and commit published-secrets.ts',
    ).toEqual([]);
  });

  it('refuses, in production, a random key published in a test file', () => {
    // This file's sample key passes every other check (length, entropy): only being published
    // stops it.
    expect(estimateSecretBits(SAMPLE_RANDOM_KEY)).toBeGreaterThan(200);
    expect(secretProblem('JWT_SECRET', SAMPLE_RANDOM_KEY)).toMatch(/published in this repository/);
    expect(secretProblem('JWT_SECRET', ` ${SAMPLE_RANDOM_KEY}\n`)).toMatch(/published/);
    expect(secretProblem('JWT_SECRET', randomBytes(32).toString('hex'))).toBeUndefined();
  });

  it('estimates random keys high and made-up ones low', () => {
    expect(estimateSecretBits(randomBytes(32).toString('hex'))).toBeGreaterThan(200);
    expect(estimateSecretBits('x'.repeat(64))).toBeLessThan(64);
    expect(estimateSecretBits('abcd'.repeat(16))).toBeLessThan(128);
    expect(estimateSecretBits('')).toBe(0);
    for (const published of PUBLIC_SECRETS)
      expect(secretProblem('JWT_SECRET', published)).toMatch(/published in this repository/);
  });

  it('derives keys that depend on both the master secret and the label', () => {
    const a = deriveKey('master-one', 'vanya/session-tokens/v1');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveKey('master-one', 'vanya/session-tokens/v1')).toBe(a);
    expect(deriveKey('master-two', 'vanya/session-tokens/v1')).not.toBe(a);
    expect(deriveKey('master-one', 'vanya/one-time-codes/v1')).not.toBe(a);
  });
});
