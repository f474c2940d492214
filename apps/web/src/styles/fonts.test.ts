// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  CORE_CHARACTERS,
  codePoints,
  FONTS_DIR,
  makeFonts,
  unicodeRange,
} from '../../scripts/subset-fonts.mjs';

describe('the core fonts (scripts/subset-fonts.mjs)', () => {
  it('are committed as the script makes them from the installed font packages', async () => {
    const made = await makeFonts();
    expect(Object.keys(made).sort()).toEqual([
      'fonts.css',
      'fraunces-core.woff2',
      'inter-core.woff2',
    ]);
    for (const [name, bytes] of Object.entries(made)) {
      const committed = readFileSync(path.join(FONTS_DIR, name));
      expect(committed.equals(bytes), `src/styles/fonts/${name} is stale: run the script`).toBe(
        true,
      );
    }
    // Well under the full Latin files (Inter 48,256 bytes, Fraunces 36,620).
    expect(made['inter-core.woff2']!.length).toBeLessThan(48_256 / 2);
    expect(made['fraunces-core.woff2']!.length).toBeLessThan(36_620 * 0.65);
  }, 60_000);

  it('declares faces whose ranges never overlap on a core character', () => {
    const css = readFileSync(path.join(FONTS_DIR, 'fonts.css'), 'utf8');
    const faces = [
      ...css.matchAll(
        /font-family: '([^']+)';[\s\S]*?url\('([^']+)'\)[\s\S]*?unicode-range: ([^;]+);/g,
      ),
    ];
    const core = new Set([...CORE_CHARACTERS].map((c) => c.codePointAt(0)));
    for (const family of ['Fraunces Variable', 'Inter Variable']) {
      const ofFamily = faces.filter((face) => face[1] === family);
      const [coreFace, ...others] = ofFamily.filter((face) => face[2]!.endsWith('-core.woff2'));
      expect(coreFace).toBeDefined();
      expect(others).toEqual([]);
      expect(new Set(codePoints(coreFace![3]!))).toEqual(core);
      // The package's own faces remain (Latin, Latin Extended, Vietnamese, ...), none on a core
      // character: Chromium would download a second file for it.
      expect(ofFamily.length).toBeGreaterThanOrEqual(4);
      for (const face of ofFamily.filter((f) => f !== coreFace)) {
        expect(
          codePoints(face[3]!).filter((point) => core.has(point)),
          face[2],
        ).toEqual([]);
      }
      // Everything the package's Latin face covered is still covered by one face or the other.
      const latin = ofFamily.find((face) => /-latin-wght-normal\.woff2$/.test(face[2]!));
      expect(latin).toBeDefined();
      expect(codePoints(latin![3]!)).toContain(0xe9); // é still comes from the full Latin file
    }
  });

  it('writes unicode ranges compactly and reads them back', () => {
    expect(unicodeRange('abcz\u2019')).toBe('U+61-63, U+7A, U+2019');
    expect(codePoints('U+61-63, U+7A, U+2019')).toEqual([0x61, 0x62, 0x63, 0x7a, 0x2019]);
    expect(codePoints('U+00??')).toHaveLength(256);
  });

  it('holds every character of the shop’s own texts that the Latin files have', () => {
    // A character outside the core files makes a page download the family's full Latin file.
    const latinFace = readFileSync(path.join(FONTS_DIR, 'fonts.css'), 'utf8').match(
      /inter-latin-wght-normal\.woff2'\)[^;]*;\s*unicode-range: ([^;]+);/,
    );
    const latinOnly = new Set(codePoints(latinFace![1]!));
    const web = path.resolve(FONTS_DIR, '../../..');
    const roots = ['src', '../../packages/catalog/src', '../../packages/contracts/src'].map((dir) =>
      path.resolve(web, dir),
    );
    const files = roots.flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => path.join(root, file)),
    );
    expect(files.length).toBeGreaterThan(100);
    const missing = new Set<string>();
    for (const file of files) {
      for (const character of readFileSync(file, 'utf8')) {
        if (latinOnly.has(character.codePointAt(0)!) && character !== '\n' && character !== '\t') {
          missing.add(character);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
