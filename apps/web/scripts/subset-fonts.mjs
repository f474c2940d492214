#!/usr/bin/env node
// Makes the storefront's "core" web fonts: Inter and Fraunces cut down to the characters the shop's
// own texts use (CORE_CHARACTERS) and to the weights its styles use (400 to 800). Each is about
// half of @fontsource-variable's latin file (Inter 48 KB -> 22 KB, Fraunces 37 KB -> 23 KB), and a
// page's text waits for these two files before it settles.
//
// src/styles/fonts/fonts.css declares every face of the two families: @fontsource-variable's own
// (Vietnamese, Latin Extended, Cyrillic, Greek and Latin files, served from its package), except
// that the Latin face no longer covers CORE_CHARACTERS, and the core face covers exactly them.
// The ranges must not overlap: for a character two faces cover, Chromium downloads both.
//
// Run from apps/web after changing the characters or upgrading @fontsource-variable:
// `node scripts/subset-fonts.mjs`. The output is deterministic and committed; src/styles/fonts.test.ts
// fails when it no longer matches what this script makes.

import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import subsetFont from 'subset-font';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FONTS_DIR = path.resolve(HERE, '../src/styles/fonts');

/** Printable ASCII, the no-break space and the typographic marks the shop's texts use. */
export const CORE_CHARACTERS =
  Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('') +
  '\u00a0\u00a9\u00b7\u00d7\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2212';

export const WEIGHTS = { min: 400, max: 800 };

/** The two families: their @fontsource-variable package and latin file, and the core file made. */
export const FAMILIES = [
  {
    family: 'Fraunces Variable',
    pkg: '@fontsource-variable/fraunces',
    latin: 'fraunces-latin-wght-normal.woff2',
    file: 'fraunces-core.woff2',
  },
  {
    family: 'Inter Variable',
    pkg: '@fontsource-variable/inter',
    latin: 'inter-latin-wght-normal.woff2',
    file: 'inter-core.woff2',
  },
];

/** CSS unicode-range of `characters`: sorted code points, consecutive ones joined (U+20-7E). */
export function unicodeRange(characters) {
  const points = [...new Set([...characters].map((c) => c.codePointAt(0)))].sort((a, b) => a - b);
  const ranges = [];
  for (const point of points) {
    const last = ranges.at(-1);
    if (last && last[1] === point - 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (n) => n.toString(16).toUpperCase();
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** The code points a CSS unicode-range names (`U+0000-00FF,U+0131,U+02??`). */
export function codePoints(range) {
  const points = [];
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from.replace(/\?/g, '0'), 16);
    const end = parseInt(to.replace(/\?/g, 'F'), 16);
    for (let point = start; point <= end; point += 1) points.push(point);
  }
  return points;
}

const face = ({ family, weight, url, range }) => `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url('${url}') format('woff2-variations');
  unicode-range: ${range};
}
`;

/**
 * The stylesheet: each family's @fontsource-variable faces (`packageCss`, by package name), the
 * Latin one without CORE_CHARACTERS, then the core face. The core file holds weights 400 to 800
 * only; it declares 100 to 900 like the others, so that a weight outside its range shows as the
 * nearest one it has instead of falling through to another family.
 */
export function fontsCss(packageCss) {
  const core = new Set([...CORE_CHARACTERS].map((c) => c.codePointAt(0)));
  const blocks = [];
  for (const { family, pkg, latin, file } of FAMILIES) {
    for (const [, body] of packageCss[pkg].matchAll(/@font-face\s*{([^}]*)}/g)) {
      const value = (name) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1].trim();
      const url = /url\(\.\/files\/([^)]+)\)/.exec(body)?.[1];
      let range = value('unicode-range');
      if (!url || !range) throw new Error(`Unexpected @font-face in ${pkg}: ${body}`);
      if (url === latin) {
        range = unicodeRange(
          String.fromCodePoint(...codePoints(range).filter((p) => !core.has(p))),
        );
      }
      // From apps/web/src/styles/fonts to the package inside apps/web/node_modules.
      blocks.push(
        face({
          family,
          weight: value('font-weight'),
          url: `../../../node_modules/${pkg}/files/${url}`,
          range,
        }),
      );
    }
    blocks.push(
      face({ family, weight: '100 900', url: `./${file}`, range: unicodeRange(CORE_CHARACTERS) }),
    );
  }
  return `/* Made by scripts/subset-fonts.mjs: do not edit. */
${blocks.join('\n')}`;
}

/** Every file the script makes, by name under src/styles/fonts. */
export async function makeFonts() {
  const require = createRequire(import.meta.url);
  const packageCss = {};
  const files = {};
  for (const { pkg, latin, file } of FAMILIES) {
    packageCss[pkg] = await readFile(require.resolve(`${pkg}/index.css`), 'utf8');
    const latinBytes = await readFile(require.resolve(`${pkg}/files/${latin}`));
    files[file] = await subsetFont(latinBytes, CORE_CHARACTERS, {
      targetFormat: 'woff2',
      variationAxes: { wght: WEIGHTS },
    });
  }
  files['fonts.css'] = Buffer.from(fontsCss(packageCss));
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, bytes] of Object.entries(await makeFonts())) {
    await writeFile(path.join(FONTS_DIR, name), bytes);
    console.log(`${(bytes.length / 1024).toFixed(1).padStart(6)} KB  src/styles/fonts/${name}`);
  }
}
