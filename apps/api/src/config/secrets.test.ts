import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../platform/paths';
import {
  DEVELOPMENT_MASTER_SECRET,
  deriveKey,
  estimateSecretBits,
  PUBLIC_SECRETS,
  secretProblem,
} from './secrets';

/**
 * Every value the repository assigns to something named like a secret: `JWT_SECRET=...` in env
 * files and documentation, `${JWT_SECRET:-...}` defaults in compose files, and string literals
 * given to `...secret...` names in code.
 */
function secretLiteralsInRepository(): { file: string; value: string }[] {
  const root = findRepoRoot();
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((f) => /\.(ts|tsx|mjs|js|json|ya?ml|md|sh|example)$|Dockerfile$|^\.ci\/run$/.test(f));
  const found: { file: string; value: string }[] = [];
  const patterns = [
    // NAME_SECRET=value, NAME_SECRET: value, secretName = 'value', { secret: "value" }
    /\b\w*secret\w*["']?\s*[:=]\s*(["'`]?)([^"'`\s,;)}]{8,})\1/gi,
    // ${JWT_SECRET:-value} and ${JWT_SECRET-value}
    /\$\{\w*SECRET\w*:?-([^}]{8,})\}/g,
  ];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed but not checked out (another engineer's deletion, a sparse checkout)
    }
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

describe('production secrets', () => {
  it('refuses every secret-like value that appears in the repository', () => {
    const literals = secretLiteralsInRepository();
    // The scan finds what it is meant to find (the development master secret among them).
    expect(literals.map((l) => l.value)).toContain(DEVELOPMENT_MASTER_SECRET);
    const accepted = literals.filter(({ value }) => secretProblem('X', value) === undefined);
    expect(accepted, 'add these to PUBLIC_SECRETS in src/config/secrets.ts').toEqual([]);
  });

  it('estimates random keys high and made-up ones low', () => {
    expect(
      estimateSecretBits('a3f9c2e17b5d8a04c6e2f1b9d7a5c3e1f0b8d6a4c2e0f9b7d5a3c1e0f8b6d4a2'),
    ).toBeGreaterThan(200);
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
