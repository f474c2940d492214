#!/usr/bin/env node
// Makes the storefront's pictures and videos from the vector artwork in media-art.mjs:
//   products/<slug>-<n>.webp|.avif (960 px) and <slug>-<n>-480.webp|.avif, three per product
//   hero/hero-<n>-desktop(.webp|.avif, -800 variants) and hero-<n>-mobile
//   scenes/*.webp|.avif (1280 px and -640 variants): banners, about and community pictures
//   videos/*.mp4 (H.264 + a quiet AAC ambience, looping, faststart) with a .webp poster each
// Run from apps/web: `node scripts/make-media.mjs` (needs ffmpeg; `--images` or `--videos` to make
// only one kind). The output is deterministic and committed under public/media.

import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import sharp from 'sharp';

import * as A from './media-art.mjs';

const { C, place: g } = A;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(HERE, '../public/media');
const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const MAX_BYTES = 1024 * 1024;

// The catalogue's file-name stems (PRODUCT_MEDIA_SLUGS in @vanya/catalog; a unit test checks that
// every path the catalogue names exists).
const SLUGS = {
  Bodybutter: 'body-butter',
  ExfoliatingScrub: 'exfoliating-scrub',
  TanGoneSoap: 'tan-gone-soap',
  TanFreeTrio: 'tan-free-trio',
  ScrubClub: 'scrub-club',
  MagicSkinDuo: 'magic-skin-duo',
  Hamper: 'hamper',
  FestiveHamper: 'festive-hamper',
  Luxehamper: 'luxe-hamper',
};

const args = new Set(process.argv.slice(2));
/** `--preview`: only PNG previews of the artwork in /tmp/vanya-media-preview (fast, for design). */
const preview = args.has('--preview');
const makeImages = !args.has('--videos');
const makeVideos = !args.has('--images');

// ---------------------------------------------------------------------------------------------
// Writing pictures

async function writePicture(svg, folder, name, widths) {
  if (preview) {
    const dir = path.join('/tmp/vanya-media-preview', folder);
    await mkdir(dir, { recursive: true });
    await sharp(Buffer.from(svg))
      .resize({ width: 480 })
      .png()
      .toFile(path.join(dir, `${name}.png`));
    return;
  }
  const dir = path.join(OUT, folder);
  await mkdir(dir, { recursive: true });
  const png = await sharp(Buffer.from(svg), { density: 72 }).png().toBuffer();
  const largest = Math.max(...widths);
  for (const width of widths) {
    const stem = width === largest ? name : `${name}-${width}`;
    const resized = sharp(png).resize({ width });
    await resized
      .clone()
      .webp({ quality: 76, effort: 5, smartSubsample: true })
      .toFile(path.join(dir, `${stem}.webp`));
    await resized
      .clone()
      .avif({ quality: 52, effort: 5 })
      .toFile(path.join(dir, `${stem}.avif`));
  }
}

// ---------------------------------------------------------------------------------------------
// Product artwork

/** The group of items that makes up each product, placed around (0, 0) on a surface. */
function productGroup(id) {
  switch (id) {
    case 'Bodybutter':
      return g(A.tub(), { s: 1.25 });
    case 'ExfoliatingScrub':
      return g(A.jar({ seed: 4 }), { s: 1.15 });
    case 'TanGoneSoap':
      return g(A.soap({ seed: 6 }), { s: 1.35, y: -10 });
    case 'TanFreeTrio':
      return [
        g(A.soap({ seed: 31, band: false }), { y: 0, s: 1.15 }),
        g(A.soap({ seed: 32, band: false }), { y: -78, s: 1.1, r: -3 }),
        g(A.soap({ seed: 33 }), { y: -152, s: 1.05, r: 2 }),
      ].join('');
    case 'ScrubClub':
      return [
        g(A.jar({ seed: 41 }), { x: -115, s: 1 }),
        g(A.jar({ seed: 42 }), { x: 115, y: 10, s: 1 }),
      ].join('');
    case 'MagicSkinDuo':
      return [
        g(A.jar({ seed: 51 }), { x: -110, y: -4, s: 1 }),
        g(A.tub(), { x: 120, y: 10, s: 0.95 }),
      ].join('');
    case 'Hamper':
      return g(A.hamper(), { s: 1.05 });
    case 'FestiveHamper':
      return g(A.hamper({ festive: true, ribbon: C.clayDeep }), { s: 1.05 });
    case 'Luxehamper':
      return g(A.hamper({ box: C.forest, boxDeep: C.forestDeep, ribbon: C.gold }), { s: 1.05 });
    default:
      throw new Error(`No artwork for ${id}`);
  }
}

/** Groups that are wider than one item are drawn smaller, so every product fills its frame alike. */
const PRODUCT_SCALE = {
  TanGoneSoap: 0.95,
  TanFreeTrio: 0.92,
  ScrubClub: 0.78,
  MagicSkinDuo: 0.78,
  Hamper: 0.84,
  FestiveHamper: 0.84,
  Luxehamper: 0.84,
};

const PALETTES = {
  Bodybutter: { from: C.beigeLight, to: C.sand, arch: '#EADFCB', table: '#D9C6A5', dark: C.forest },
  ExfoliatingScrub: {
    from: '#F6EDE4',
    to: '#E9CDB8',
    arch: '#EFD9C8',
    table: '#D6B498',
    dark: '#5B3A29',
  },
  TanGoneSoap: {
    from: '#FBF4E4',
    to: '#F1DDAF',
    arch: '#F4E3BD',
    table: '#E0C48C',
    dark: '#8A5A1E',
  },
  TanFreeTrio: {
    from: '#FBF4E4',
    to: '#EBD7AE',
    arch: '#F1E1C0',
    table: '#DCC290',
    dark: '#7A5A24',
  },
  ScrubClub: { from: '#F3ECE4', to: '#DCC6B4', arch: '#E9D8C9', table: '#CDB39C', dark: '#4A3226' },
  MagicSkinDuo: {
    from: '#EEF2EA',
    to: C.sageLight,
    arch: '#DDE6D8',
    table: '#BFCDB9',
    dark: C.forest,
  },
  Hamper: { from: '#F4EEE3', to: '#E2D3B8', arch: '#EADFCB', table: '#D5C09C', dark: C.forest },
  FestiveHamper: {
    from: '#FBEFE2',
    to: '#F0D2B4',
    arch: '#F5DFC8',
    table: '#E0BC98',
    dark: '#7A3B1E',
  },
  Luxehamper: {
    from: '#E9EEE6',
    to: '#C7D3C2',
    arch: '#DCE4D7',
    table: '#B5C4AE',
    dark: C.forestDeep,
  },
};

/** Ingredients scattered around a product, by product. */
function ingredients(id, w, h) {
  const scrub = [
    g(A.coffeePile({ seed: 3, spread: 110 }), { x: w * 0.15, y: h * 0.88, s: 1.35 }),
    g(A.walnut({ size: 40 }), { x: w * 0.86, y: h * 0.86 }),
    g(A.walnut({ size: 32 }), { x: w * 0.77, y: h * 0.93 }),
    g(A.coffeeBean({ size: 30 }), { x: w * 0.9, y: h * 0.72, r: 30 }),
  ];
  const butter = [
    g(A.kokum({ cut: true }), { x: w * 0.13, y: h * 0.84, s: 1.5 }),
    g(A.kokum({}), { x: w * 0.25, y: h * 0.92, s: 1.3 }),
    g(A.leafSprig({ color: C.sage }), { x: w * 0.8, y: h * 0.95, s: 1.2, r: -70 }),
  ];
  const soapy = [
    g(A.turmericRoot({}), { x: w * 0.16, y: h * 0.88, s: 1.25, r: -8 }),
    g(A.lentils({ seed: 5, spread: 110, count: 60 }), { x: w * 0.84, y: h * 0.9, s: 1.2 }),
    g(A.leaf({ size: 110, color: C.sage }), { x: w * 0.78, y: h * 0.74, r: -30 }),
  ];
  switch (id) {
    case 'Bodybutter':
      return butter;
    case 'ExfoliatingScrub':
    case 'ScrubClub':
      return scrub;
    case 'TanGoneSoap':
    case 'TanFreeTrio':
      return soapy;
    case 'MagicSkinDuo':
      return [butter[0], scrub[0], scrub[1]];
    case 'FestiveHamper':
      return [
        g(A.marigold({ seed: 8 }), { x: w * 0.1, y: h * 0.86, s: 1.5 }),
        g(A.marigold({ seed: 9 }), { x: w * 0.2, y: h * 0.93, s: 1.1 }),
        g(A.marigold({ seed: 10 }), { x: w * 0.9, y: h * 0.8, s: 1.3 }),
        diya(w * 0.84, h * 0.95),
      ];
    default:
      return [soapy[0], scrub[0], butter[1]];
  }
}

/** A small clay oil lamp with a flame. */
function diya(x, y) {
  return g(
    `${A.shadow(90, { opacity: 0.25 })}
     <path d="M-48 -30 Q0 20 48 -30 Z" fill="${C.clay}"/>
     <path d="M-48 -30 Q0 -14 48 -30" fill="none" stroke="${C.clayDeep}" stroke-width="3"/>
     <path d="M30 -34 q-6 -26 6 -46 q8 22 -6 46z" fill="${C.marigoldLight}"/>
     <path d="M31 -36 q-2 -14 4 -24 q4 12 -4 24z" fill="#FFF1B8"/>`,
    { x, y },
  );
}

function studioShot(id, size) {
  const p = PALETTES[id];
  const floor = size * 0.76;
  const k = size / 960;
  return A.scene(
    size,
    size,
    A.backdrop(size, size, { from: p.from, to: p.to }),
    g(A.sun({ r: size * 0.08, color: '#FFFFFF', opacity: 0.35 }), {
      x: size * 0.84,
      y: size * 0.14,
    }),
    g(A.arch({ width: size * 0.72, height: size * 0.7, color: p.arch }), { x: size / 2, y: floor }),
    A.table(size, floor, size, { color: p.table, edge: p.table }),
    g(A.leafSprig({ color: C.sage }), { x: size * 0.1, y: floor - 6 * k, s: 1.5 * k, r: -64 }),
    g(productGroup(id), {
      x: size / 2,
      y: floor + size * 0.09,
      s: 1.62 * k * (PRODUCT_SCALE[id] ?? 1),
    }),
    A.finish(size, size, { vignette: 0.16, seed: 2 }),
  );
}

function ingredientsShot(id, size) {
  const p = PALETTES[id];
  return A.scene(
    size,
    size,
    A.backdrop(size, size, { from: p.arch, to: p.table, angle: 'diagonal' }),
    g(A.broadLeaf({ size: size * 0.42, color: C.sage, shade: C.forestMid }), {
      x: -size * 0.04,
      y: size * 0.06,
      r: 35,
      opacity: 0.55,
    }),
    g(A.broadLeaf({ size: size * 0.36, color: C.sage, shade: C.forestMid }), {
      x: size * 1.03,
      y: size * 0.12,
      r: 150,
      opacity: 0.45,
    }),
    g(productGroup(id), {
      x: size / 2,
      y: size * 0.8,
      s: (size / 960) * 1.45 * (PRODUCT_SCALE[id] ?? 1),
    }),
    g(ingredients(id, 960, 960).join(''), { s: size / 960 }),
    A.finish(size, size, { vignette: 0.24, seed: 3 }),
  );
}

/** A hamper's contents laid out: a tub, its jars, its soaps and a piece of ribbon. */
function hamperContents({ soaps, jars, ribbon = C.forest }) {
  const parts = [
    `<path d="M40 960 C120 860 60 800 170 760 S320 760 300 860" fill="none" stroke="${ribbon}" stroke-width="22" stroke-linecap="round" opacity="0.9"/>`,
    g(A.tub(), { x: 300, y: 640, s: 1.15 }),
  ];
  for (let i = 0; i < jars; i += 1)
    parts.push(g(A.jar({ seed: 60 + i }), { x: 620 + i * 170, y: 640 + i * 40, s: 1 - i * 0.12 }));
  for (let i = 0; i < soaps; i += 1)
    parts.push(
      g(A.soap({ seed: 70 + i, band: i === soaps - 1 }), {
        x: 480,
        y: 880 - i * 62,
        s: 1.05,
        r: (i - 1) * 3,
      }),
    );
  return parts;
}

function detailShot(id, size) {
  const p = PALETTES[id];
  const bg = A.linen(size, size, { color: C.beigeLight, line: p.to });
  const s = size / 960;
  const compositions = {
    Bodybutter: [
      g(A.tub({ open: true }), { x: 480, y: 760, s: 2.2 }),
      g(A.kokum({ cut: true }), { x: 130, y: 860, s: 1.4 }),
      g(A.leaf({ size: 170, color: C.sage }), { x: 740, y: 880, r: -20 }),
    ],
    ExfoliatingScrub: [
      g(
        A.bowl({
          width: 440,
          color: C.clay,
          contents: `<ellipse rx="210" ry="36" fill="${C.coffee}"/>${A.coffeePile({ count: 16, spread: 140, seed: 14 })}`,
        }),
        { x: 330, y: 800 },
      ),
      g(A.jar({ seed: 15 }), { x: 710, y: 860, s: 1.45 }),
      g(A.spoon({ length: 240 }), { x: 60, y: 920, r: -8 }),
    ],
    TanGoneSoap: [
      g(A.soapCut(), { x: 470, y: 740, s: 2.3 }),
      g(A.bubbles({ spread: 120 }), { x: 760, y: 860, s: 1.2 }),
      g(A.turmericRoot({}), { x: 190, y: 880, s: 1.1 }),
    ],
    // Bundles and hampers: what is inside, laid out.
    TanFreeTrio: [
      g(A.soap({ seed: 34 }), { x: 250, y: 640, s: 1.2, r: -10 }),
      g(A.soap({ seed: 35 }), { x: 520, y: 720, s: 1.25 }),
      g(A.soap({ seed: 36, band: false }), { x: 760, y: 640, s: 1.2, r: 10 }),
      g(A.turmericRoot({}), { x: 240, y: 860, s: 1 }),
      g(A.lentils({ seed: 37, spread: 100, count: 50 }), { x: 720, y: 860 }),
    ],
    ScrubClub: [
      g(
        A.bowl({
          width: 400,
          color: C.clay,
          contents: `<ellipse rx="190" ry="34" fill="${C.coffee}"/>${A.coffeePile({ count: 14, spread: 120, seed: 44 })}`,
        }),
        { x: 300, y: 820 },
      ),
      g(A.jar({ seed: 45 }), { x: 640, y: 820, s: 1.2 }),
      g(A.jar({ seed: 46 }), { x: 820, y: 880, s: 1 }),
    ],
    MagicSkinDuo: [
      g(A.tub({ open: true }), { x: 330, y: 800, s: 1.6 }),
      g(A.jar({ seed: 52 }), { x: 720, y: 820, s: 1.3 }),
      g(A.coffeePile({ seed: 53 }), { x: 560, y: 900 }),
    ],
    Hamper: hamperContents({ soaps: 1, jars: 1 }),
    FestiveHamper: [
      ...hamperContents({ soaps: 3, jars: 2 }),
      g(A.marigold({ seed: 54 }), { x: 120, y: 200, s: 1.3 }),
      g(A.marigold({ seed: 55 }), { x: 850, y: 180, s: 1.1 }),
    ],
    Luxehamper: hamperContents({ soaps: 3, jars: 1, ribbon: C.gold }),
  };
  const parts = compositions[id] ?? [
    g(productGroup(id), { x: 480, y: 800, s: 1.5 * (PRODUCT_SCALE[id] ?? 1) }),
    ...ingredients(id, 960, 960).slice(0, 2),
  ];
  return A.scene(
    size,
    size,
    bg,
    g(A.sun({ r: 420 * (size / 960), color: p.arch, opacity: 0.85 }), {
      x: size / 2,
      y: size * 0.52,
    }),
    g(parts.join(''), { s }),
    A.finish(size, size, { vignette: 0.18, seed: 4 }),
  );
}

async function productImages() {
  for (const [id, slug] of Object.entries(SLUGS)) {
    const size = 960;
    await writePicture(studioShot(id, size), 'products', `${slug}-1`, [480, 960]);
    await writePicture(ingredientsShot(id, size), 'products', `${slug}-2`, [480, 960]);
    await writePicture(detailShot(id, size), 'products', `${slug}-3`, [480, 960]);
    console.log(`  products/${slug}-1..3`);
  }
}

// ---------------------------------------------------------------------------------------------
// Hero slides: products on the right (desktop) or at the top (mobile), dark room for the text.

const HERO = [
  {
    items: () => [
      g(A.tub(), { x: -230, y: 10, s: 1 }),
      g(A.jar({ seed: 61 }), { x: 60, y: 0, s: 1.05 }),
      g(A.soap({ seed: 62 }), { x: 250, y: 50, s: 0.95 }),
    ],
    bg: [C.forest, C.forestDeep],
  },
  {
    items: () => [
      g(productGroup('ScrubClub'), { s: 1.15 }),
      g(A.coffeePile({ seed: 63 }), { x: 270, y: 60 }),
    ],
    bg: ['#5B3A29', '#2E1D14'],
  },
  {
    items: () => [
      g(productGroup('TanFreeTrio'), { s: 1.05 }),
      g(A.turmericRoot({}), { x: -280, y: 40, s: 0.9 }),
      g(A.lentils({ seed: 64 }), { x: 280, y: 60 }),
    ],
    bg: ['#7A5A24', '#3D2C10'],
  },
  {
    items: () => [
      g(productGroup('MagicSkinDuo'), { s: 1.1 }),
      g(A.kokum({ cut: true }), { x: -300, y: 40 }),
      g(A.coffeePile({ seed: 65, count: 14 }), { x: 300, y: 60 }),
    ],
    bg: [C.forestMid, C.forestDeep],
  },
  {
    items: () => [
      g(A.hamper({ festive: true, ribbon: C.clayDeep }), { s: 1 }),
      g(A.marigold({ seed: 66 }), { x: -290, y: 40 }),
      diya(300, 60),
    ],
    bg: ['#6B3A22', '#2E1A10'],
  },
];

function heroSvg(slide, width, height, mobile) {
  const [from, to] = slide.bg;
  const cx = mobile ? width / 2 : width * 0.67;
  // On a phone the text sits on the lower half of the slide, so the products stand in the upper.
  const floor = mobile ? height * 0.42 : height * 0.82;
  const s = mobile ? width / 1000 : height / 900;
  return A.scene(
    width,
    height,
    A.backdrop(width, height, { from, to, angle: 'diagonal' }),
    g(A.sun({ r: mobile ? width * 0.42 : height * 0.42, color: '#FFFFFF', opacity: 0.08 }), {
      x: cx,
      y: floor - (mobile ? width * 0.3 : height * 0.36),
    }),
    g(A.broadLeaf({ size: (mobile ? width : height) * 0.7, color: C.sage, shade: C.forestMid }), {
      x: cx + (mobile ? width * 0.2 : height * 0.35),
      y: floor - height * 0.42,
      r: 150,
      opacity: 0.35,
    }),
    g(A.broadLeaf({ size: (mobile ? width : height) * 0.55, color: C.sage, shade: C.forestMid }), {
      x: cx - (mobile ? width * 0.55 : height * 0.5),
      y: floor - height * 0.2,
      r: -20,
      opacity: 0.3,
    }),
    `<rect x="0" y="${floor}" width="${width}" height="${height - floor}" fill="#000" opacity="0.18"/>`,
    g(slide.items().join(''), { x: cx, y: floor + 30 * s, s: s * (mobile ? 1.22 : 1.3) }),
    A.finish(width, height, { vignette: 0.3, seed: 5 }),
  );
}

async function heroImages() {
  for (const [index, slide] of HERO.entries()) {
    await writePicture(
      heroSvg(slide, 1600, 900, false),
      'hero',
      `hero-${index + 1}-desktop`,
      [800, 1600],
    );
    await writePicture(heroSvg(slide, 800, 1200, true), 'hero', `hero-${index + 1}-mobile`, [800]);
    console.log(`  hero/hero-${index + 1}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes: banners, about and community pictures

function lineup(width, height, { dark = true } = {}) {
  const floor = height * 0.82;
  const s = height / 760;
  return A.scene(
    width,
    height,
    A.backdrop(
      width,
      height,
      dark
        ? { from: C.forestMid, to: C.forestDeep, angle: 'diagonal' }
        : { from: C.beigeLight, to: C.sand },
    ),
    g(A.broadLeaf({ size: height * 0.9, color: C.sage, shade: C.forestMid }), {
      x: width * 1.02,
      y: height * 0.25,
      r: 160,
      opacity: 0.4,
    }),
    `<rect x="0" y="${floor}" width="${width}" height="${height - floor}" fill="#000" opacity="0.2"/>`,
    g(
      [
        g(A.hamper(), { x: 0, y: 0, s: 0.8 }),
        g(A.tub(), { x: 320, y: 20, s: 0.85 }),
        g(A.jar({ seed: 71 }), { x: 540, y: 14, s: 0.85 }),
        g(A.soap({ seed: 72 }), { x: 720, y: 40, s: 0.8 }),
        g(A.leafSprig({ color: C.sage }), { x: -250, y: -40, s: 1.1, r: -50 }),
      ].join(''),
      { x: width * 0.5, y: floor + 30 * s, s: s * 1.05 },
    ),
    A.finish(width, height, { vignette: 0.35, seed: 6 }),
  );
}

function storyTable(width, height) {
  const floor = height * 0.8;
  return A.scene(
    width,
    height,
    A.backdrop(width, height, { from: C.beigeLight, to: C.sand }),
    g(A.arch({ width: width * 0.46, height: height * 0.74, color: '#EADFCB' }), {
      x: width / 2,
      y: floor,
    }),
    A.table(width, floor, height, { color: '#D9C6A5', edge: '#D9C6A5' }),
    g(A.leafSprig({ color: C.sage }), { x: width * 0.2, y: floor - 10, s: 1.2, r: -60 }),
    g(A.tub(), { x: width * 0.38, y: floor + 40, s: 1.05 }),
    g(A.jar({ seed: 77 }), { x: width * 0.62, y: floor + 40, s: 1 }),
    g(A.soap({ seed: 78 }), { x: width * 0.5, y: floor + 130, s: 0.9 }),
    g(A.kokum({ cut: true }), { x: width * 0.16, y: floor + 110 }),
    g(A.kokum({}), { x: width * 0.22, y: floor + 130, s: 0.8 }),
    g(A.coffeePile({ seed: 79 }), { x: width * 0.82, y: floor + 120, s: 0.9 }),
    g(A.turmericRoot({}), { x: width * 0.84, y: floor - 60, s: 0.8 }),
    A.finish(width, height, { vignette: 0.18, seed: 13 }),
  );
}

function founderPortrait(size) {
  return A.scene(
    size,
    size,
    A.backdrop(size, size, { from: C.sageLight, to: C.sage }),
    g(A.broadLeaf({ size: size * 0.6, color: C.forestMid, shade: C.forest }), {
      x: -size * 0.05,
      y: size * 0.3,
      r: 20,
      opacity: 0.4,
    }),
    g(A.broadLeaf({ size: size * 0.5, color: C.forestMid, shade: C.forest }), {
      x: size * 1.05,
      y: size * 0.35,
      r: 160,
      opacity: 0.35,
    }),
    `<g transform="translate(${size / 2} ${size}) scale(${size / 1000})">
      <path d="M-330 0 C-320 -250 -200 -330 0 -330 C200 -330 320 -250 330 0Z" fill="${C.clay}"/>
      <path d="M-330 0 C-320 -250 -200 -330 -60 -330 L-120 0Z" fill="${C.clayDeep}" opacity="0.5"/>
      <path d="M-200 -300 Q-150 -120 60 0" fill="none" stroke="${C.gold}" stroke-width="18"/>
      <path d="M-200 -300 Q-150 -120 60 0" fill="none" stroke="${C.marigoldLight}" stroke-width="5" stroke-dasharray="4 10"/>
      <rect x="-70" y="-420" width="140" height="120" rx="50" fill="#B9805C"/>
      <ellipse cx="0" cy="-560" rx="150" ry="175" fill="#C68B65"/>
      <path d="M-160 -560 C-170 -760 170 -770 160 -560 C150 -650 90 -700 0 -700 C-90 -700 -150 -650 -160 -560Z" fill="#2B1D17"/>
      <circle cx="0" cy="-735" r="70" fill="#2B1D17"/>
      <path d="M-150 -590 C-140 -680 -60 -700 0 -690 C-70 -660 -120 -630 -150 -560Z" fill="#3A2820"/>
      <path d="M-62 -560 q22 -14 44 0" fill="none" stroke="#5A3A2A" stroke-width="7" stroke-linecap="round"/>
      <path d="M18 -560 q22 -14 44 0" fill="none" stroke="#5A3A2A" stroke-width="7" stroke-linecap="round"/>
      <path d="M-40 -470 q40 26 80 0" fill="none" stroke="#8E4A3A" stroke-width="8" stroke-linecap="round"/>
      <circle cx="0" cy="-610" r="9" fill="${C.kokum}"/>
      <circle cx="-152" cy="-520" r="12" fill="${C.gold}"/><circle cx="152" cy="-520" r="12" fill="${C.gold}"/>
      <path d="M-150 -740 q40 -20 70 10" fill="none" stroke="${C.marigoldLight}" stroke-width="14" stroke-linecap="round"/>
      ${g(A.marigold({ size: 26 }), { x: -120, y: -735 })}
    </g>`,
    A.finish(size, size, { vignette: 0.2, seed: 7 }),
  );
}

function workshop(width, height) {
  const whisk = `<path d="M0 0 L0 -220" stroke="#8C8C8C" stroke-width="10" stroke-linecap="round"/>
    ${[-30, -15, 0, 15, 30].map((x) => `<path d="M0 -40 C${x * 2} 0 ${x * 1.2} 60 0 80 C${-x * 1.2} 60 ${-x * 2} 0 0 -40" fill="none" stroke="#B8B8B8" stroke-width="3"/>`).join('')}`;
  return A.scene(
    width,
    height,
    A.backdrop(width, height, { from: '#F6EFE3', to: '#E2D0B0' }),
    A.table(width, height * 0.72, height, { color: '#C9A882', edge: '#B08D66' }),
    g(
      A.bowl({
        width: 620,
        color: C.beigeLight,
        contents: `<ellipse rx="300" ry="60" fill="#FFF8EC"/>${[230, 170, 110, 50].map((r) => `<ellipse rx="${r}" ry="${r * 0.2}" fill="none" stroke="#E8D9BE" stroke-width="5"/>`).join('')}`,
      }),
      { x: width * 0.44, y: height * 0.94 },
    ),
    g(whisk, { x: width * 0.5, y: height * 0.56, r: 18, s: 1.4 }),
    g(A.tub({ open: true }), { x: width * 0.82, y: height * 0.94, s: 1.1 }),
    g(A.kokum({ cut: true }), { x: width * 0.1, y: height * 0.86, s: 1.4 }),
    g(A.kokum({}), { x: width * 0.17, y: height * 0.93, s: 1.2 }),
    A.finish(width, height, { vignette: 0.22, seed: 8 }),
  );
}

function flatLay(width, height, seed) {
  const rand = A.random(seed);
  const items = [];
  // A loose grid with jitter, so the ingredients cover the cloth without piling up.
  const cols = Math.round(width / 260);
  const rows = Math.round(height / 240);
  const kinds = ['turmeric', 'kokum', 'coffee', 'lentils', 'leaf', 'kokumCut', 'walnut'];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      const x = ((col + 0.5) / cols) * width + (rand() - 0.5) * 120;
      const y = ((row + 0.5) / rows) * height + (rand() - 0.5) * 110;
      const kind = kinds[Math.floor(rand() * kinds.length)];
      const r = rand() * 360;
      if (kind === 'turmeric')
        items.push(g(A.turmericRoot({}), { x, y, r, s: 1.1 + rand() * 0.4 }));
      if (kind === 'kokum') items.push(g(A.kokum({}), { x, y, s: 1.4 + rand() * 0.5 }));
      if (kind === 'kokumCut')
        items.push(g(A.kokum({ cut: true }), { x, y, s: 1.5 + rand() * 0.4 }));
      if (kind === 'coffee')
        items.push(
          g(A.coffeePile({ seed: seed + row * 10 + col, count: 22, spread: 100 }), {
            x,
            y,
            s: 1.2,
          }),
        );
      if (kind === 'lentils')
        items.push(
          g(A.lentils({ seed: seed + row * 10 + col, count: 60, spread: 110 }), { x, y, s: 1.2 }),
        );
      if (kind === 'leaf')
        items.push(
          g(A.leaf({ size: 170, color: rand() > 0.5 ? C.sage : C.forestMid }), { x, y, r }),
        );
      if (kind === 'walnut') items.push(g(A.walnut({ size: 44 }), { x, y, r }));
    }
  }
  return A.scene(
    width,
    height,
    A.linen(width, height, { color: '#EFE6D6', line: '#D9C9AC' }),
    ...items,
    A.finish(width, height, { vignette: 0.25, seed }),
  );
}

function curingRack(width, height) {
  const bars = [];
  for (let row = 0; row < 3; row += 1) {
    const y = height * (0.34 + row * 0.25);
    bars.push(
      `<rect x="0" y="${y + 4}" width="${width}" height="16" fill="#9A7552"/><rect x="0" y="${y + 4}" width="${width}" height="4" fill="#B89370"/>`,
    );
    for (let col = 0; col < 6; col += 1) {
      bars.push(
        g(A.soap({ seed: row * 10 + col, band: false }), {
          x: width * (0.1 + col * 0.16),
          y: y + 4,
          s: 0.62,
        }),
      );
    }
  }
  return A.scene(
    width,
    height,
    A.backdrop(width, height, { from: '#EFE4D0', to: '#D9C3A0' }),
    ...bars,
    A.finish(width, height, { vignette: 0.3, seed: 9 }),
  );
}

function marketStall(width, height) {
  const flags = Array.from({ length: 9 }, (_, i) => {
    const x = width * (0.05 + i * 0.11);
    const y = height * 0.1 + Math.sin((i / 8) * Math.PI) * height * 0.08;
    const color = [C.forest, C.clay, C.turmeric, C.sage][i % 4];
    return `<path d="M${x - 34} ${y} L${x + 34} ${y} L${x} ${y + 70}Z" fill="${color}"/>`;
  }).join('');
  const floor = height * 0.7;
  return A.scene(
    width,
    height,
    A.backdrop(width, height, { from: '#F5EEE2', to: '#E6D6BC' }),
    `<path d="M0 ${height * 0.1} Q${width / 2} ${height * 0.28} ${width} ${height * 0.1}" fill="none" stroke="${C.ink}" stroke-width="3" opacity="0.6"/>`,
    flags,
    `<rect x="0" y="${floor}" width="${width}" height="${height - floor}" fill="${C.kraft}"/>`,
    `<rect x="0" y="${floor}" width="${width}" height="10" fill="${C.kraftDeep}"/>`,
    g(A.tub(), { x: width * 0.2, y: floor + 8, s: 1.15 }),
    g(A.jar({ seed: 81 }), { x: width * 0.5, y: floor + 8, s: 1.2 }),
    g(A.soap({ seed: 84, band: false }), { x: width * 0.8, y: floor + 8, s: 1.05 }),
    g(A.soap({ seed: 83 }), { x: width * 0.8, y: floor - 64, s: 1, r: 3 }),
    g(A.leafSprig({ color: C.sage }), { x: width * 0.02, y: floor - 20, s: 1.4, r: -40 }),
    g(
      `<rect x="-130" y="-150" width="260" height="150" rx="10" fill="#2B3A30"/><rect x="-120" y="-140" width="240" height="130" rx="6" fill="none" stroke="#C9A27A" stroke-width="6"/>${A.text('#BeVanya', { y: -62, size: 42, anchor: 'middle', color: C.beige, italic: true })}`,
      { x: width * 0.5, y: floor + height * 0.2, s: 1.5 },
    ),
    A.finish(width, height, { vignette: 0.22, seed: 10 }),
  );
}

function chaiMorning(width, height) {
  const cup = `<circle r="86" fill="${C.clay}"/><circle r="70" fill="#C08A5A"/><circle r="62" fill="#D9B28A"/><path d="M-30 -10 q30 -20 60 0" fill="none" stroke="#F1DCC0" stroke-width="5" stroke-linecap="round" opacity="0.8"/>`;
  return A.scene(
    width,
    height,
    A.linen(width, height, { color: '#F2EADB', line: '#DCCBAE' }),
    g(cup, { x: width * 0.26, y: height * 0.26, s: 1.5 }),
    g(cup, { x: width * 0.74, y: height * 0.7, s: 1.5 }),
    g(
      `<circle r="140" fill="${C.cream}" stroke="#E0D2B8" stroke-width="6"/><circle r="120" fill="#FFFDF7"/>${[90, 60, 30].map((r) => `<circle r="${r}" fill="none" stroke="#EADCC2" stroke-width="5"/>`).join('')}`,
      { x: width * 0.66, y: height * 0.3, s: 1.6 },
    ),
    g(
      `<circle r="150" fill="${C.forest}"/><circle r="132" fill="none" stroke="#FFFFFF" stroke-opacity="0.14" stroke-width="6"/>${A.text('VANYA', { y: 12, size: 40, anchor: 'middle', color: C.beige, spacing: 10 })}`,
      { x: width * 0.3, y: height * 0.66, s: 1.5 },
    ),
    g(A.leafSprig({ color: C.sage }), { x: width * 0.02, y: height * 0.5, r: -20, s: 1.8 }),
    g(A.marigold({ seed: 30 }), { x: width * 0.86, y: height * 0.1, s: 1.6 }),
    g(A.marigold({ seed: 31, size: 30 }), { x: width * 0.94, y: height * 0.2, s: 1.6 }),
    g(A.marigold({ seed: 32, size: 34 }), { x: width * 0.14, y: height * 0.9, s: 1.5 }),
    g(A.coffeePile({ seed: 33, count: 20 }), { x: width * 0.5, y: height * 0.88, s: 1.4 }),
    A.finish(width, height, { vignette: 0.22, seed: 11 }),
  );
}

function communityBackground(width, height) {
  const rand = A.random(99);
  const leaves = Array.from({ length: 14 }, () =>
    g(
      A.broadLeaf({
        size: 260 + rand() * 260,
        color: rand() > 0.5 ? C.forestMid : C.sage,
        shade: C.forest,
      }),
      {
        x: rand() * width,
        y: rand() * height,
        r: rand() * 360,
        opacity: 0.35 + rand() * 0.35,
      },
    ),
  );
  return A.scene(
    width,
    height,
    A.backdrop(width, height, { from: C.forest, to: C.forestDeep, angle: 'diagonal' }),
    ...leaves,
    g(A.sun({ r: height * 0.35, color: C.sand, opacity: 0.18 }), { x: width / 2, y: height / 2 }),
    g(A.marigold({ seed: 40, size: 46 }), { x: width * 0.12, y: height * 0.8 }),
    g(A.marigold({ seed: 41, size: 34 }), { x: width * 0.88, y: height * 0.2 }),
    A.finish(width, height, { vignette: 0.45, seed: 12 }),
  );
}

/**
 * Behind the splash screen (and the page before the app's code has loaded): calm beige with leaves
 * around the edges, so either a phone's or a wide screen's crop keeps the middle free.
 */
function splashBackground(size) {
  const rand = A.random(123);
  const leaves = [];
  for (let i = 0; i < 18; i += 1) {
    const angle = (i / 18) * Math.PI * 2 + rand() * 0.2;
    const radius = size * (0.42 + rand() * 0.12);
    leaves.push(
      g(
        A.broadLeaf({
          size: size * (0.16 + rand() * 0.1),
          color: rand() > 0.5 ? C.sage : '#A9BDA4',
          shade: '#7E9879',
        }),
        {
          x: size / 2 + Math.cos(angle) * radius,
          y: size / 2 + Math.sin(angle) * radius,
          r: (angle * 180) / Math.PI + 150 + rand() * 60,
          opacity: 0.35 + rand() * 0.25,
        },
      ),
    );
  }
  const glow = `<defs><radialGradient id="splashglow"><stop offset="0" stop-color="${C.beigeLight}"/><stop offset="0.6" stop-color="${C.beige}"/><stop offset="1" stop-color="${C.sand}"/></radialGradient></defs>`;
  return A.scene(
    size,
    size,
    glow,
    `<rect width="${size}" height="${size}" fill="url(#splashglow)"/>`,
    ...leaves,
    A.finish(size, size, { vignette: 0.08, seed: 14 }),
  );
}

async function sceneImages() {
  const widths = [640, 1280];
  const list = [
    ['collection-banner', lineup(1600, 760)],
    ['about-story', storyTable(1280, 960)],
    ['about-founder', founderPortrait(1280)],
    ['about-workshop', workshop(1280, 720)],
    ['about-ingredients', flatLay(1280, 720, 50)],
    ['about-curing', curingRack(1280, 720)],
    ['community-1', marketStall(1280, 1600)],
    ['community-2', chaiMorning(1280, 1600)],
    ['community-3', flatLay(1280, 1600, 60)],
    ['community-bg', communityBackground(1600, 1000)],
    ['splash', splashBackground(1280)],
  ];
  for (const [name, svg] of list) {
    await writePicture(svg, 'scenes', name, widths);
    console.log(`  scenes/${name}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Videos: frames drawn from the same artwork, piped to ffmpeg.

/** A quiet ambience (soft wind and a warm chord), so that unmuting is worth it. */
function ambienceArgs(seconds) {
  const chord = [196, 246.94, 293.66].map((f, i) => `sine=f=${f}:d=${seconds}[s${i}]`).join(';');
  return [
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=c=brown:a=0.06:d=${seconds}:r=24000`,
    '-filter_complex',
    `${chord};[s0][s1][s2]amix=inputs=3,volume=0.05,tremolo=f=0.2:d=0.5[pad];[1:a]lowpass=f=500,volume=0.5[wind];[pad][wind]amix=inputs=2,afade=t=in:d=0.6,afade=t=out:st=${seconds - 0.6}:d=0.6[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-ac',
    '1',
  ];
}

async function writeVideo(
  name,
  { width, height, seconds, fps = 24, frame, crf = 30, posterAt = 0.3 },
) {
  const dir = path.join(OUT, 'videos');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.mp4`);
  const total = Math.round(seconds * fps);
  const ffmpeg = spawn(
    FFMPEG,
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${width}x${height}`,
      '-r',
      String(fps),
      '-i',
      '-',
      ...ambienceArgs(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      String(crf),
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'main',
      '-movflags',
      '+faststart',
      '-shortest',
      file,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code} for ${name}`)),
    );
  });
  for (let i = 0; i < total; i += 1) {
    const t = i / total;
    const raw = await sharp(Buffer.from(frame(t, i)))
      .removeAlpha()
      .raw()
      .toBuffer();
    if (!ffmpeg.stdin.write(raw))
      await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
    if (i === Math.round(total * posterAt)) {
      await sharp(Buffer.from(frame(t, i)))
        .webp({ quality: 70 })
        .toFile(path.join(dir, `${name}.webp`));
    }
  }
  ffmpeg.stdin.end();
  await done;
  const { size } = await stat(file);
  console.log(`  videos/${name}.mp4 ${(size / 1024).toFixed(0)} KB`);
}

const TAU = Math.PI * 2;
const wave = (t, turns = 1, phase = 0) => Math.sin(t * TAU * turns + phase);

/** Particles drifting up through the frame, looping. */
function motes(width, height, t, { count = 24, seed = 1, color = C.sand } = {}) {
  const rand = A.random(seed);
  return Array.from({ length: count }, () => {
    const x = rand() * width;
    const speed = 0.5 + rand();
    const y = (((rand() - t * speed) % 1) + 1) % 1;
    const r = 2 + rand() * 5;
    return `<circle cx="${(x + wave(t, 1, rand() * 6) * 20).toFixed(1)}" cy="${(y * height).toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" opacity="${(0.25 + rand() * 0.4).toFixed(2)}"/>`;
  }).join('');
}

function benefitFrame(t) {
  const W = 1280;
  const H = 720;
  const zoom = 1 + 0.06 * (0.5 - 0.5 * Math.cos(t * TAU));
  // A slow push in and out, centred on the frame.
  const zoomed = (content) =>
    `<g transform="translate(${(W / 2) * (1 - zoom)} ${(H / 2) * (1 - zoom)}) scale(${zoom})">${content}</g>`;
  return A.scene(
    W,
    H,
    A.backdrop(W, H, { from: C.forestMid, to: C.forestDeep, angle: 'diagonal' }),
    zoomed(
      [
        g(A.broadLeaf({ size: 560, color: C.sage, shade: C.forestMid }), {
          x: 980,
          y: 140,
          r: 150 + wave(t) * 4,
          opacity: 0.4,
        }),
        g(A.broadLeaf({ size: 460, color: C.sage, shade: C.forestMid }), {
          x: -60,
          y: 260,
          r: -10 + wave(t, 1, 1) * 4,
          opacity: 0.3,
        }),
        g(A.sun({ r: 230, color: C.sand, opacity: 0.14 }), { x: 820, y: 330 }),
        `<rect x="0" y="560" width="${W}" height="160" fill="#000" opacity="0.2"/>`,
        g(A.tub({ open: true }), { x: 780, y: 600, s: 1.1 }),
        g(A.kokum({ cut: true }), { x: 1060, y: 610, r: t * 40 }),
        g(A.coffeePile({ seed: 90 }), { x: 520, y: 640 }),
        g(A.turmericRoot({}), { x: 1120, y: 470, r: -20 + wave(t) * 6, s: 0.8 }),
        g(A.leafSprig({ color: C.sage }), { x: 440, y: 560, r: -70 + wave(t, 1, 2) * 5, s: 1.1 }),
      ].join(''),
    ),
    motes(W, H, t, { seed: 3 }),
    A.finish(W, H, { vignette: 0.4, grain: false }),
  );
}

function productVideoFrame(id, t) {
  const W = 720;
  const H = 900;
  const p = PALETTES[id];
  const bob = wave(t) * 8;
  const sweepX = -400 + t * (W + 800);
  return A.scene(
    W,
    H,
    A.backdrop(W, H, { from: p.from, to: p.to }),
    g(A.sun({ r: 120 + wave(t) * 6, color: '#FFFFFF', opacity: 0.4 }), { x: W * 0.74, y: H * 0.2 }),
    g(A.arch({ width: 460, height: 660, color: p.arch }), { x: W / 2, y: H * 0.8 }),
    A.table(W, H * 0.8, H, { color: p.table, edge: p.table }),
    g(A.leafSprig({ color: C.sage }), {
      x: W * 0.12,
      y: H * 0.78,
      s: 1,
      r: -62 + wave(t, 1, 1) * 4,
    }),
    g(productGroup(id), { x: W / 2, y: H * 0.88 + bob, s: 1.2 * (PRODUCT_SCALE[id] ?? 1) }),
    `<defs><linearGradient id="sweep" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>`,
    `<rect x="${sweepX}" y="0" width="260" height="${H}" fill="url(#sweep)" transform="skewX(-15)"/>`,
    motes(W, H, t, { seed: 4, count: 14, color: '#FFFFFF' }),
    A.finish(W, H, { vignette: 0.2, grain: false }),
  );
}

function reelFrame(index, t) {
  const W = 540;
  const H = 960;
  const bg = [
    [C.beigeLight, C.sand],
    ['#F3E6DA', '#D9B8A0'],
    ['#FBF2DE', '#EBD09A'],
    [C.sageLight, C.sage],
  ][index];
  const parts = [A.backdrop(W, H, { from: bg[0], to: bg[1] })];
  if (index === 0) {
    // Whipping butter: the swirl turns, the whisk circles.
    const swirl = [180, 135, 90, 45]
      .map(
        (r, i) =>
          `<ellipse rx="${r}" ry="${r * 0.34}" fill="none" stroke="#E6D3B2" stroke-width="6" stroke-dasharray="${r} ${r * 0.6}" stroke-dashoffset="${-t * r * 6 * (i % 2 ? 1 : -1)}"/>`,
      )
      .join('');
    parts.push(
      g(
        A.bowl({
          width: 460,
          color: C.clay,
          contents: `<ellipse rx="220" ry="62" fill="#FFF8EC"/>${swirl}`,
        }),
        { x: W / 2, y: H * 0.72 },
      ),
      g(
        `<path d="M0 0 L0 -300" stroke="#9A9A9A" stroke-width="12" stroke-linecap="round"/>${[-26, -13, 0, 13, 26].map((x) => `<path d="M0 -40 C${x * 2} 0 ${x * 1.2} 60 0 80 C${-x * 1.2} 60 ${-x * 2} 0 0 -40" fill="none" stroke="#C4C4C4" stroke-width="3"/>`).join('')}`,
        {
          x: W / 2 + Math.cos(t * TAU * 2) * 90,
          y: H * 0.52 + Math.sin(t * TAU * 2) * 20,
          r: 12,
        },
      ),
      g(A.kokum({ cut: true }), { x: W * 0.2, y: H * 0.86 }),
    );
  } else if (index === 1) {
    // Coffee scrub: beans fall into the open jar.
    const rand = A.random(7);
    const beans = Array.from({ length: 14 }, () => {
      const x = W * 0.3 + rand() * W * 0.4;
      const start = rand();
      const y = ((start + t * 2) % 1) * H * 0.62 - 40;
      return g(A.coffeeBean({ size: 14 }), { x, y, r: rand() * 360 + t * 720 });
    }).join('');
    parts.push(
      beans,
      g(A.jar({ seed: 88, lid: null }), { x: W / 2, y: H * 0.9, s: 1.25 }),
      g(A.coffeePile({ seed: 9 }), { x: W * 0.2, y: H * 0.93, s: 0.8 }),
    );
  } else if (index === 2) {
    // Cutting soap: the knife comes down and the bar parts.
    const cut = Math.min(1, Math.max(0, (t - 0.2) / 0.3));
    const apart = Math.min(1, Math.max(0, (t - 0.5) / 0.2)) * (t < 0.9 ? 1 : 1 - (t - 0.9) / 0.1);
    const knifeY = H * 0.2 + cut * H * 0.42 - (t > 0.55 ? (t - 0.55) * H : 0);
    parts.push(
      A.table(W, H * 0.74, H, { color: '#C9A882', edge: '#B08D66' }),
      g(A.soap({ seed: 91, band: false }), { x: W / 2 - 70 - apart * 30, y: H * 0.78, s: 1.1 }),
      g(A.soap({ seed: 92, band: false }), { x: W / 2 + 70 + apart * 30, y: H * 0.78, s: 1.1 }),
      `<rect x="${W / 2 - 6}" y="${H * 0.62}" width="12" height="${H * 0.16}" fill="${bg[1]}" opacity="${1 - apart}"/>`,
      g(
        `<path d="M-8 0 L8 0 L8 -240 L-8 -260Z" fill="#D8D8D8"/><rect x="-14" y="-340" width="28" height="100" rx="8" fill="#5B3A29"/>`,
        { x: W / 2, y: knifeY + 240 },
      ),
      g(A.turmericRoot({}), { x: W * 0.25, y: H * 0.9, s: 0.7 }),
    );
  } else {
    // Packing a hamper: the items drop in, then the box shows its bow.
    const drop = (start) => Math.min(1, Math.max(0, (t - start) / 0.15));
    const ease = (x) => 1 - (1 - x) ** 3;
    parts.push(
      g(A.jar({ seed: 93 }), {
        x: W * 0.34,
        y: H * 0.74 - (1 - ease(drop(0.05))) * H * 0.7,
        s: 0.7,
      }),
      g(A.tub(), { x: W * 0.6, y: H * 0.75 - (1 - ease(drop(0.25))) * H * 0.7, s: 0.6 }),
      g(A.soap({ seed: 94 }), {
        x: W * 0.74,
        y: H * 0.72 - (1 - ease(drop(0.45))) * H * 0.7,
        s: 0.5,
        r: -10,
      }),
      g(
        `<rect x="-220" y="-200" width="440" height="200" rx="10" fill="${C.kraft}"/><rect x="-22" y="-200" width="44" height="200" fill="${C.forest}" opacity="${ease(drop(0.65))}"/><rect x="-110" y="-130" width="220" height="70" rx="6" fill="${C.beige}"/>${A.text('VANYA', { y: -88, size: 26, anchor: 'middle', color: C.forest, spacing: 8 })}`,
        { x: W / 2, y: H * 0.86 },
      ),
      g(A.marigold({ seed: 5 }), { x: W * 0.18, y: H * 0.9, s: 0.9 }),
    );
  }
  parts.push(
    motes(W, H, t, { seed: 10 + index, count: 10, color: '#FFFFFF' }),
    A.finish(W, H, { vignette: 0.25, grain: false }),
  );
  return A.scene(W, H, ...parts);
}

const HOW_TO = {
  Bodybutter: [
    'Take a small scoop',
    'Warm it between your palms',
    'Massage into damp skin',
    'Use every day',
  ],
  ExfoliatingScrub: [
    'Stir with a dry spoon',
    'Massage onto wet skin',
    'Rinse with lukewarm water',
    'Two to three times a week',
  ],
  TanGoneSoap: [
    'Work up a rich lather',
    'Massage for a minute',
    'Rinse and pat dry',
    'Store on a draining dish',
  ],
};

function howToFrame(id, t) {
  const W = 960;
  const H = 540;
  const steps = HOW_TO[id];
  const step = Math.min(steps.length - 1, Math.floor(t * steps.length));
  const within = t * steps.length - step;
  const fade = Math.min(1, within * 5, (1 - within) * 5);
  const p = PALETTES[id];
  return A.scene(
    W,
    H,
    A.backdrop(W, H, { from: p.from, to: p.to, angle: 'diagonal' }),
    g(A.arch({ width: 380, height: 470, color: p.arch }), { x: W * 0.28, y: H * 0.92 }),
    A.table(W * 0.56, H * 0.86, H, { color: p.table, edge: p.table }),
    g(productGroup(id), { x: W * 0.28, y: H * 0.9 + wave(t, 2) * 4, s: 0.55 }),
    `<rect x="${W * 0.56}" y="0" width="${W * 0.44}" height="${H}" fill="${C.forest}"/>`,
    A.text(`STEP ${step + 1} OF ${steps.length}`, {
      x: W * 0.61,
      y: H * 0.36,
      size: 16,
      color: C.sand,
      serif: false,
      spacing: 4,
      opacity: fade,
    }),
    A.text(steps[step], { x: W * 0.61, y: H * 0.5, size: 34, color: C.beige, opacity: fade }),
    ...steps.map(
      (_, i) =>
        `<rect x="${W * 0.61 + i * 52}" y="${H * 0.64}" width="40" height="4" rx="2" fill="${i <= step ? C.clay : '#FFFFFF'}" opacity="${i <= step ? 1 : 0.25}"/>`,
    ),
    A.finish(W, H, { vignette: 0.15, grain: false }),
  );
}

async function videos() {
  await writeVideo('benefit', {
    width: 1280,
    height: 720,
    seconds: 10,
    frame: (t) => benefitFrame(t),
    crf: 31,
  });
  for (const id of ['ExfoliatingScrub', 'TanGoneSoap', 'Bodybutter']) {
    await writeVideo(`product-${SLUGS[id]}`, {
      width: 720,
      height: 900,
      seconds: 6,
      frame: (t) => productVideoFrame(id, t),
    });
  }
  for (let i = 0; i < 4; i += 1) {
    // Reels 3 and 4 tell a little story: their poster is its end.
    await writeVideo(`reel-${i + 1}`, {
      width: 540,
      height: 960,
      seconds: 6,
      frame: (t) => reelFrame(i, t),
      posterAt: i >= 2 ? 0.86 : 0.3,
    });
  }
  for (const id of Object.keys(HOW_TO)) {
    await writeVideo(`how-to-${SLUGS[id]}`, {
      width: 960,
      height: 540,
      seconds: 10,
      frame: (t) => howToFrame(id, t),
    });
  }
}

// ---------------------------------------------------------------------------------------------

async function checkSizes() {
  let total = 0;
  const tooBig = [];
  for (const folder of await readdir(OUT)) {
    for (const file of await readdir(path.join(OUT, folder))) {
      const { size } = await stat(path.join(OUT, folder, file));
      total += size;
      if (size > MAX_BYTES) tooBig.push(`${folder}/${file} (${(size / 1024).toFixed(0)} KB)`);
    }
  }
  console.log(`media total: ${(total / 1024 / 1024).toFixed(2)} MB`);
  if (tooBig.length > 0) throw new Error(`Files over 1 MB: ${tooBig.join(', ')}`);
}

if (makeImages) {
  if (!preview) {
    for (const folder of ['products', 'hero', 'scenes'])
      await rm(path.join(OUT, folder), { recursive: true, force: true });
  }
  console.log('Pictures');
  await productImages();
  await heroImages();
  await sceneImages();
}
if (makeVideos) {
  await rm(path.join(OUT, 'videos'), { recursive: true, force: true });
  console.log('Videos');
  await videos();
}
if (!preview) await checkSizes();
