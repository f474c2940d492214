// Vector artwork of the shop's products and botanicals, in the brand palette. Every function
// returns an SVG fragment; `scene()` wraps fragments into a whole SVG document that sharp renders.
// Items are drawn around their bottom centre (0, 0), so they stand on a surface at their y.

export const C = {
  forest: '#2F4F3A',
  forestDeep: '#1A2D21',
  forestMid: '#3E6549',
  sage: '#8FA88A',
  sageLight: '#C9D6C5',
  beige: '#F3EDE2',
  beigeLight: '#FBF8F2',
  sand: '#E4D5BC',
  sandDeep: '#D3BF9E',
  clay: '#B5714B',
  clayDeep: '#8A4E2E',
  clayLight: '#E9C9B1',
  ink: '#1F2A22',
  turmeric: '#D9A441',
  turmericDeep: '#B9822A',
  coffee: '#5B3A29',
  coffeeDeep: '#3B2419',
  kokum: '#6E2338',
  kokumLight: '#E8C5C9',
  marigold: '#E8902A',
  marigoldLight: '#F4B84A',
  cream: '#FFF8EC',
  kraft: '#C9A27A',
  kraftDeep: '#A88259',
  gold: '#C8A24A',
};

const SERIF = "'Liberation Serif', 'DejaVu Serif', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";

/** A tiny deterministic random generator, so every run draws the same pictures. */
export function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

let uid = 0;
const id = (name) => `${name}${(uid += 1)}`;

const g = (content, { x = 0, y = 0, s = 1, r = 0, opacity } = {}) =>
  `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})"${
    opacity === undefined ? '' : ` opacity="${opacity}"`
  }>${content}</g>`;

export const place = g;

function linear(stops, { x1 = 0, y1 = 0, x2 = 1, y2 = 0 } = {}) {
  const name = id('lg');
  const body = stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  return {
    def: `<linearGradient id="${name}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${body}</linearGradient>`,
    url: `url(#${name})`,
  };
}

function radial(stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy } = {}) {
  const name = id('rg');
  const body = stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  return {
    def: `<radialGradient id="${name}" cx="${cx}" cy="${cy}" r="${r}"${fx === undefined ? '' : ` fx="${fx}" fy="${fy}"`}>${body}</radialGradient>`,
    url: `url(#${name})`,
  };
}

/** A cylinder's shading: dark edges, a soft highlight left of centre. */
function cylinder(base, light, dark) {
  return linear([
    [0, dark],
    [0.18, base],
    [0.34, light],
    [0.55, base],
    [0.9, dark],
    [1, dark],
  ]);
}

/** A soft contact shadow under an item of the given width. */
export function shadow(width, { opacity = 0.28, height = width * 0.12 } = {}) {
  const grad = radial([
    [0, '#1A2D21', opacity],
    [0.6, '#1A2D21', opacity * 0.45],
    [1, '#1A2D21', 0],
  ]);
  return `<defs>${grad.def}</defs><ellipse cx="0" cy="0" rx="${width * 0.62}" ry="${height}" fill="${grad.url}"/>`;
}

function label({
  width,
  top,
  height,
  title,
  subtitle,
  color = C.forest,
  paper = C.beige,
  accent = C.clayDeep,
}) {
  const size = Math.min(26, width / 6.5);
  return `
    <rect x="${-width / 2}" y="${top}" width="${width}" height="${height}" rx="6" fill="${paper}"/>
    <rect x="${-width / 2 + 6}" y="${top + 6}" width="${width - 12}" height="${height - 12}" rx="4" fill="none" stroke="${color}" stroke-opacity="0.35" stroke-width="1.2"/>
    <path d="M0 ${top + 12} c-5 4 -6 9 -2 13 c5 -3 6 -8 2 -13z" fill="${C.sage}"/>
    <text x="0" y="${top + height * 0.58}" font-family="${SERIF}" font-size="${size}" letter-spacing="${size * 0.28}" text-anchor="middle" fill="${color}">VANYA</text>
    ${
      subtitle
        ? `<text x="0" y="${top + height * 0.8}" font-family="${SANS}" font-size="${Math.max(7, size * 0.4)}" letter-spacing="${size * 0.12}" text-anchor="middle" fill="${accent}">${subtitle}</text>`
        : ''
    }
    ${title ? '' : ''}`;
}

/** The body butter tub: cream ceramic with a forest-green lid. */
export function tub({
  lid = C.forest,
  body = C.cream,
  subtitle = 'BODY BUTTER',
  open = false,
} = {}) {
  const bodyGrad = cylinder(body, '#FFFFFF', '#DCCDB5');
  const lidGrad = cylinder(lid, C.forestMid, C.forestDeep);
  const w = 260;
  if (open) return tubOpen({ bodyGrad, w });
  return `<defs>${bodyGrad.def}${lidGrad.def}</defs>
    ${shadow(w)}
    <path d="M${-w / 2} -122 L${-w / 2} -14 Q${-w / 2} 0 ${-w / 2 + 14} 0 L${w / 2 - 14} 0 Q${w / 2} 0 ${w / 2} -14 L${w / 2} -122 Z" fill="${bodyGrad.url}"/>
    <rect x="${-w / 2 - 6}" y="-176" width="${w + 12}" height="58" rx="14" fill="${lidGrad.url}"/>
    <rect x="${-w / 2 - 6}" y="-176" width="${w + 12}" height="10" rx="5" fill="#FFFFFF" opacity="0.12"/>
    ${Array.from({ length: 22 }, (_, i) => `<rect x="${-w / 2 + 2 + i * 12}" y="-160" width="2" height="34" fill="#000" opacity="0.08"/>`).join('')}
    ${label({ width: 190, top: -106, height: 86, subtitle })}`;
}

function tubOpen({ bodyGrad, w }) {
  const cream = radial([
    [0, '#FFFDF7'],
    [0.7, '#F6EBD8'],
    [1, '#E8D8BC'],
  ]);
  const swirl = Array.from({ length: 5 }, (_, i) => {
    const r = 100 - i * 20;
    return `<path d="M${-r} -122 a${r} ${r * 0.32} 0 1 1 ${r * 1.6} ${r * 0.1}" fill="none" stroke="#E3CFAE" stroke-width="3" stroke-linecap="round" opacity="0.9"/>`;
  }).join('');
  return `<defs>${bodyGrad.def}${cream.def}</defs>
    ${shadow(w)}
    <path d="M${-w / 2} -122 L${-w / 2} -14 Q${-w / 2} 0 ${-w / 2 + 14} 0 L${w / 2 - 14} 0 Q${w / 2} 0 ${w / 2} -14 L${w / 2} -122 Z" fill="${bodyGrad.url}"/>
    <ellipse cx="0" cy="-122" rx="${w / 2}" ry="40" fill="#E9DCC6"/>
    <ellipse cx="0" cy="-124" rx="${w / 2 - 10}" ry="34" fill="${cream.url}"/>
    ${swirl}
    <path d="M-18 -150 q18 -40 36 -6 q-14 -10 -20 6z" fill="#FFFDF7" stroke="#E3CFAE" stroke-width="2"/>
    ${label({ width: 190, top: -100, height: 80, subtitle: 'BODY BUTTER' })}`;
}

/** The scrub jar: clear glass showing coffee scrub, a cork lid. */
export function jar({
  fill = C.coffee,
  lid = C.kraft,
  subtitle = 'EXFOLIATING SCRUB',
  seed = 3,
} = {}) {
  const w = 190;
  const rand = random(seed);
  const glass = cylinder('#EFE6D6', '#FFFFFF', '#CBB99A');
  const scrub = cylinder(fill, '#7A5341', C.coffeeDeep);
  const cork = cylinder(lid ?? C.kraft, '#DDBB93', C.kraftDeep);
  const grains = Array.from({ length: 90 }, () => {
    const x = -w / 2 + 10 + rand() * (w - 20);
    const y = -200 + rand() * 190;
    const r = 1 + rand() * 2.4;
    const color = rand() > 0.6 ? '#E8D2B0' : rand() > 0.5 ? '#2E1B12' : '#9C6B4E';
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" opacity="0.85"/>`;
  }).join('');
  return `<defs>${glass.def}${scrub.def}${cork.def}
      <clipPath id="jarclip${seed}"><path d="M${-w / 2} -205 L${-w / 2} -16 Q${-w / 2} 0 ${-w / 2 + 16} 0 L${w / 2 - 16} 0 Q${w / 2} 0 ${w / 2} -16 L${w / 2} -205 Z"/></clipPath>
    </defs>
    ${shadow(w)}
    <path d="M${-w / 2} -230 Q${-w / 2} -248 ${-w / 2 + 18} -248 L${w / 2 - 18} -248 Q${w / 2} -248 ${w / 2} -230 L${w / 2} -16 Q${w / 2} 0 ${w / 2 - 16} 0 L${-w / 2 + 16} 0 Q${-w / 2} 0 ${-w / 2} -16 Z" fill="${glass.url}" opacity="0.95"/>
    <g clip-path="url(#jarclip${seed})">
      <rect x="${-w / 2}" y="-205" width="${w}" height="205" fill="${scrub.url}"/>
      ${grains}
    </g>
    <rect x="${-w / 2 + 14}" y="-236" width="10" height="220" rx="5" fill="#FFFFFF" opacity="0.35"/>
    ${
      lid === null
        ? ''
        : `<rect x="${-w / 2 - 8}" y="-292" width="${w + 16}" height="52" rx="10" fill="${cork.url}"/>
    ${Array.from({ length: 40 }, () => `<circle cx="${(-w / 2 + rand() * w).toFixed(1)}" cy="${(-288 + rand() * 44).toFixed(1)}" r="${(0.8 + rand() * 1.4).toFixed(1)}" fill="${C.kraftDeep}" opacity="0.7"/>`).join('')}`
    }
    ${label({ width: 150, top: -160, height: 92, subtitle })}`;
}

/** A bar of soap seen from slightly above, in turmeric gold, with an embossed leaf and name. */
export function soap({ color = C.turmeric, deep = C.turmericDeep, band = true, seed = 5 } = {}) {
  const w = 230;
  const rand = random(seed);
  const top = linear(
    [
      [0, '#F0C46A'],
      [0.5, color],
      [1, deep],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const speckles = Array.from({ length: 60 }, () => {
    const x = -w / 2 + 20 + rand() * (w - 40);
    const y = -118 + rand() * 70;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(0.7 + rand() * 1.6).toFixed(1)}" fill="${rand() > 0.5 ? '#A55A24' : '#F7D98E'}" opacity="0.7"/>`;
  }).join('');
  return `<defs>${top.def}</defs>
    ${shadow(w, { opacity: 0.3 })}
    <rect x="${-w / 2}" y="-70" width="${w}" height="64" rx="26" fill="${deep}"/>
    <rect x="${-w / 2}" y="-128" width="${w}" height="104" rx="34" fill="${top.url}"/>
    ${speckles}
    <rect x="${-w / 2 + 16}" y="-118" width="${w - 32}" height="84" rx="24" fill="none" stroke="#FFF3D1" stroke-opacity="0.45" stroke-width="2"/>
    ${
      band
        ? `<rect x="-44" y="-129" width="88" height="123" fill="${C.kraft}"/>
           <rect x="-44" y="-129" width="88" height="123" fill="url(#none)" stroke="${C.kraftDeep}" stroke-width="1" opacity="0.6"/>
           <text x="0" y="-80" font-family="${SERIF}" font-size="15" letter-spacing="4" text-anchor="middle" fill="${C.forestDeep}">VANYA</text>
           <text x="0" y="-62" font-family="${SANS}" font-size="6.5" letter-spacing="1.5" text-anchor="middle" fill="${C.forestDeep}">TAN.GONE.SOAP</text>
           <path d="M0 -112 c-5 4 -6 9 -2 13 c5 -3 6 -8 2 -13z" fill="${C.forest}"/>`
        : `<text x="0" y="-68" font-family="${SERIF}" font-size="26" letter-spacing="8" text-anchor="middle" fill="#FFF3D1" opacity="0.55">VANYA</text>`
    }`;
}

/** A soap bar cut in two: the cut faces show the speckled golden inside. */
export function soapCut({ seed = 12 } = {}) {
  const rand = random(seed);
  const piece = (width, cutFace) => {
    const speck = Array.from(
      { length: 26 },
      () =>
        `<circle cx="${(cutFace === 'right' ? width - 24 + rand() * 20 : 4 + rand() * 20).toFixed(1)}" cy="${(-118 + rand() * 110).toFixed(1)}" r="${(0.8 + rand() * 1.4).toFixed(1)}" fill="#A55A24" opacity="0.6"/>`,
    ).join('');
    const faceX = cutFace === 'right' ? width - 26 : 0;
    return `<rect x="0" y="-70" width="${width}" height="64" rx="${cutFace ? 12 : 26}" fill="${C.turmericDeep}"/>
      <rect x="0" y="-128" width="${width}" height="104" rx="${cutFace ? 14 : 34}" fill="${C.turmeric}"/>
      <rect x="${faceX}" y="-128" width="26" height="122" rx="6" fill="#F3CD74"/>${speck}`;
  };
  return `${shadow(260, { opacity: 0.28 })}
    <g transform="translate(-140 0)">${piece(130, 'right')}</g>
    <g transform="translate(14 4) rotate(6)">${piece(110, 'left')}</g>`;
}

/** A pile of soap lather bubbles. */
export function bubbles({ count = 18, spread = 90, seed = 21 } = {}) {
  const rand = random(seed);
  return Array.from({ length: count }, () => {
    const r = 8 + rand() * 22;
    const x = (rand() - 0.5) * spread * 2;
    const y = -rand() * spread * 0.8;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="#FFFFFF" opacity="0.75" stroke="#E8DCC8" stroke-width="1.5"/>
      <circle cx="${(x - r * 0.35).toFixed(1)}" cy="${(y - r * 0.35).toFixed(1)}" r="${(r * 0.2).toFixed(1)}" fill="#FFFFFF"/>`;
  }).join('');
}

/** A gift hamper: a kraft (or forest) box, items peeking out, a ribbon. */
export function hamper({
  box = C.kraft,
  boxDeep = C.kraftDeep,
  ribbon = C.forest,
  festive = false,
} = {}) {
  const w = 420;
  const front = linear([
    [0, boxDeep],
    [0.25, box],
    [0.7, box],
    [1, boxDeep],
  ]);
  return `<defs>${front.def}</defs>
    ${shadow(w, { opacity: 0.3 })}
    ${g(leafSprig({ color: C.sage }), { x: -200, y: -170, s: 0.95, r: -55 })}
    ${g(jar({ seed: 11 }), { x: -90, y: -150, s: 0.72 })}
    ${g(tub(), { x: 70, y: -165, s: 0.62 })}
    ${g(soap({ seed: 9 }), { x: 150, y: -165, s: 0.5, r: -12 })}
    ${festive ? g(marigold(), { x: -170, y: -175, s: 0.9 }) + g(marigold({ seed: 4 }), { x: 185, y: -180, s: 0.7 }) : ''}
    <path d="M${-w / 2 - 10} -190 L${w / 2 + 10} -190 L${w / 2 - 6} -176 L${-w / 2 + 6} -176Z" fill="${boxDeep}"/>
    <rect x="${-w / 2}" y="-180" width="${w}" height="180" rx="10" fill="${front.url}"/>
    <rect x="-22" y="-180" width="44" height="180" fill="${ribbon}"/>
    <rect x="-22" y="-180" width="10" height="180" fill="#FFFFFF" opacity="0.12"/>
    <rect x="-110" y="-118" width="220" height="70" rx="6" fill="${C.beige}"/>
    <text x="0" y="-80" font-family="${SERIF}" font-size="26" letter-spacing="8" text-anchor="middle" fill="${C.forest}">VANYA</text>
    <text x="0" y="-60" font-family="${SANS}" font-size="9" letter-spacing="3" text-anchor="middle" fill="${C.clayDeep}">${festive ? 'FESTIVE HAMPER' : 'GIFT HAMPER'}</text>
    ${bow(ribbon)}`;
}

function bow(color) {
  return `<g transform="translate(0 -186)">
    <path d="M0 0 C-30 -40 -80 -30 -64 0 C-50 22 -16 8 0 0Z" fill="${color}"/>
    <path d="M0 0 C30 -40 80 -30 64 0 C50 22 16 8 0 0Z" fill="${color}"/>
    <path d="M0 0 L-26 44 L-14 44 L0 14 L14 44 L26 44Z" fill="${color}"/>
    <circle cx="0" cy="0" r="12" fill="${color}" stroke="#000" stroke-opacity="0.15"/>
  </g>`;
}

/** One leaf, pointing right from its base. */
export function leaf({ size = 90, color = C.forest, vein = true } = {}) {
  const s = size;
  return `<path d="M0 0 C${s * 0.25} ${-s * 0.34} ${s * 0.72} ${-s * 0.36} ${s} 0 C${s * 0.72} ${s * 0.36} ${s * 0.25} ${s * 0.34} 0 0Z" fill="${color}"/>
    ${vein ? `<path d="M${s * 0.06} 0 L${s * 0.9} 0" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="${Math.max(1, s / 45)}"/>` : ''}`;
}

/** A sprig: a curved stem with leaves on both sides. */
export function leafSprig({ color = C.forest, leaves = 7, length = 220 } = {}) {
  const parts = [
    `<path d="M0 0 Q${length * 0.45} ${-length * 0.12} ${length} ${-length * 0.04}" fill="none" stroke="${color}" stroke-width="4" stroke-linecap="round"/>`,
  ];
  for (let i = 0; i < leaves; i += 1) {
    const t = (i + 1) / (leaves + 1);
    const x = t * length;
    const y = -length * 0.12 * 4 * t * (1 - t) * 0.9;
    const side = i % 2 === 0 ? -1 : 1;
    const size = 70 * (1 - t * 0.45);
    parts.push(g(leaf({ size, color }), { x, y, r: side * (40 + t * 10) - 8 }));
  }
  parts.push(g(leaf({ size: 46, color }), { x: length, y: -length * 0.04, r: -6 }));
  return parts.join('');
}

/** A large soft leaf for backgrounds: two tones split along the midrib. */
export function broadLeaf({ size = 300, color = C.sage, shade = C.forestMid } = {}) {
  const s = size;
  return `<path d="M0 0 C${s * 0.25} ${-s * 0.36} ${s * 0.72} ${-s * 0.38} ${s} 0Z" fill="${color}"/>
    <path d="M0 0 C${s * 0.25} ${s * 0.36} ${s * 0.72} ${s * 0.38} ${s} 0Z" fill="${shade}" opacity="0.9"/>
    ${Array.from({ length: 6 }, (_, i) => {
      const t = 0.14 + i * 0.13;
      return `<path d="M${s * t} 0 Q${s * (t + 0.08)} ${-s * 0.12} ${s * (t + 0.14)} ${-s * 0.22}" fill="none" stroke="#FFFFFF" stroke-opacity="0.18" stroke-width="${s * 0.008}"/>
        <path d="M${s * t} 0 Q${s * (t + 0.08)} ${s * 0.12} ${s * (t + 0.14)} ${s * 0.22}" fill="none" stroke="#FFFFFF" stroke-opacity="0.12" stroke-width="${s * 0.008}"/>`;
    }).join('')}
    <path d="M0 0 L${s * 0.97} 0" stroke="#FFFFFF" stroke-opacity="0.3" stroke-width="${s * 0.01}"/>`;
}

export function coffeeBean({ size = 26, color = C.coffee } = {}) {
  return `<ellipse cx="0" cy="0" rx="${size}" ry="${size * 0.7}" fill="${color}"/>
    <ellipse cx="${-size * 0.3}" cy="${-size * 0.25}" rx="${size * 0.4}" ry="${size * 0.2}" fill="#FFFFFF" opacity="0.12"/>
    <path d="M${-size * 0.85} ${size * 0.05} C${-size * 0.3} ${-size * 0.3} ${size * 0.3} ${size * 0.3} ${size * 0.85} ${-size * 0.05}" fill="none" stroke="${C.coffeeDeep}" stroke-width="${size * 0.16}" stroke-linecap="round"/>`;
}

export function turmericRoot({ size = 1 } = {}) {
  const knob = (x, y, w, h, r) =>
    `<g transform="translate(${x} ${y}) rotate(${r})"><rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="#C9862E"/>
      ${[0.25, 0.5, 0.75].map((t) => `<path d="M${-w / 2 + w * t} ${-h / 2 + 2} q3 ${h / 2 - 2} 0 ${h - 4}" fill="none" stroke="#9A6220" stroke-width="1.6" opacity="0.6"/>`).join('')}</g>`;
  return `<g transform="scale(${size})">
    ${knob(0, 0, 130, 34, 0)}
    ${knob(40, -26, 70, 26, -35)}
    ${knob(-36, 24, 60, 24, 28)}
    ${knob(66, 10, 50, 22, 18)}
    <circle cx="-68" cy="0" r="9" fill="#E8A53A"/>
    <circle cx="-68" cy="0" r="5" fill="#F2B84A"/>
  </g>`;
}

export function kokum({ size = 40, cut = false } = {}) {
  const skin = radial(
    [
      [0, '#9B3A52'],
      [0.7, C.kokum],
      [1, '#4A1526'],
    ],
    { fx: 0.35, fy: 0.3 },
  );
  if (!cut) {
    return `<defs>${skin.def}</defs><circle r="${size}" fill="${skin.url}"/>
      <path d="M0 ${-size} q6 -14 18 -16" fill="none" stroke="${C.forest}" stroke-width="4" stroke-linecap="round"/>
      <ellipse cx="${-size * 0.35}" cy="${-size * 0.4}" rx="${size * 0.22}" ry="${size * 0.12}" fill="#FFFFFF" opacity="0.25" transform="rotate(-30)"/>`;
  }
  return `<defs>${skin.def}</defs><circle r="${size}" fill="${skin.url}"/>
    <circle r="${size * 0.84}" fill="${C.kokumLight}"/>
    ${Array.from({ length: 6 }, (_, i) => {
      const a = (i / 6) * Math.PI * 2;
      return `<ellipse cx="${Math.cos(a) * size * 0.42}" cy="${Math.sin(a) * size * 0.42}" rx="${size * 0.2}" ry="${size * 0.12}" fill="#C98A92" transform="rotate(${(a * 180) / Math.PI} ${Math.cos(a) * size * 0.42} ${Math.sin(a) * size * 0.42})"/>`;
    }).join('')}
    <circle r="${size * 0.12}" fill="#B06A74"/>`;
}

export function marigold({ size = 40, seed = 2 } = {}) {
  const rand = random(seed);
  const ring = (radius, count, color, petal) =>
    Array.from({ length: count }, (_, i) => {
      const a = (i / count) * 360 + rand() * 10;
      return `<ellipse cx="0" cy="${-radius}" rx="${petal}" ry="${petal * 1.4}" fill="${color}" transform="rotate(${a.toFixed(1)})"/>`;
    }).join('');
  return `<circle r="${size}" fill="#D9771F"/>
    ${ring(size * 0.78, 16, C.marigold, size * 0.28)}
    ${ring(size * 0.5, 12, C.marigoldLight, size * 0.24)}
    ${ring(size * 0.22, 8, '#F7CB5C', size * 0.18)}`;
}

export function lentils({ count = 40, spread = 80, seed = 7 } = {}) {
  const rand = random(seed);
  return Array.from({ length: count }, () => {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * spread;
    return `<ellipse cx="${(Math.cos(a) * d).toFixed(1)}" cy="${(Math.sin(a) * d * 0.45).toFixed(1)}" rx="6" ry="4.5" fill="${rand() > 0.3 ? '#D9773A' : '#E99155'}" transform="rotate(${(rand() * 180).toFixed(0)} ${(Math.cos(a) * d).toFixed(1)} ${(Math.sin(a) * d * 0.45).toFixed(1)})"/>`;
  }).join('');
}

export function coffeePile({ count = 26, spread = 90, seed = 8 } = {}) {
  const rand = random(seed);
  return Array.from({ length: count }, () => {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * spread;
    return g(coffeeBean({ size: 13 + rand() * 4 }), {
      x: Math.cos(a) * d,
      y: Math.sin(a) * d * 0.45,
      r: rand() * 180,
    });
  }).join('');
}

export function walnut({ size = 30 } = {}) {
  return `<circle r="${size}" fill="#A47148"/>
    <path d="M0 ${-size} C${-size * 0.3} ${-size * 0.3} ${size * 0.3} ${size * 0.3} 0 ${size}" fill="none" stroke="#6F4A2C" stroke-width="3"/>
    ${[-0.55, 0.55].map((k) => `<path d="M${k * size} ${-size * 0.6} q${k * 10} ${size * 0.6} 0 ${size * 1.2}" fill="none" stroke="#7F5634" stroke-width="2" opacity="0.7"/>`).join('')}`;
}

/** A small clay bowl, seen from the side, holding something (drawn at its rim). */
export function bowl({ width = 200, color = C.clay, contents = '' } = {}) {
  const grad = cylinder(color, C.clayLight, C.clayDeep);
  return `<defs>${grad.def}</defs>${shadow(width, { opacity: 0.25 })}
    <g transform="translate(0 ${-width * 0.32})">${contents}</g>
    <path d="M${-width / 2} ${-width * 0.32} Q${-width / 2} 0 0 0 Q${width / 2} 0 ${width / 2} ${-width * 0.32} Z" fill="${grad.url}"/>
    <ellipse cx="0" cy="${-width * 0.32}" rx="${width / 2}" ry="${width * 0.06}" fill="none" stroke="${C.clayDeep}" stroke-width="3" opacity="0.5"/>`;
}

/** A wooden spoon lying down. */
export function spoon({ length = 260 } = {}) {
  return `<rect x="0" y="-6" width="${length}" height="12" rx="6" fill="#C29566"/>
    <ellipse cx="${length + 32}" cy="0" rx="40" ry="26" fill="#C29566"/>
    <ellipse cx="${length + 34}" cy="-2" rx="30" ry="18" fill="#A97B4E"/>`;
}

/** Backgrounds */
export function backdrop(width, height, { from = C.beige, to = C.sand, angle = 'down' } = {}) {
  const grad =
    angle === 'down'
      ? linear(
          [
            [0, from],
            [1, to],
          ],
          { x1: 0, y1: 0, x2: 0, y2: 1 },
        )
      : linear(
          [
            [0, from],
            [1, to],
          ],
          { x1: 0, y1: 0, x2: 1, y2: 1 },
        );
  return `<defs>${grad.def}</defs><rect width="${width}" height="${height}" fill="${grad.url}"/>`;
}

/** A tall arch (a niche) behind the products. */
export function arch({ width, height, color = C.sand }) {
  const r = width / 2;
  return `<path d="M${-r} 0 L${-r} ${-height + r} A${r} ${r} 0 0 1 ${r} ${-height + r} L${r} 0Z" fill="${color}"/>`;
}

export function sun({ r = 200, color = C.sand, opacity = 1 } = {}) {
  return `<circle r="${r}" fill="${color}" opacity="${opacity}"/>`;
}

/** A tabletop: a band at the bottom with a soft edge. */
export function table(width, top, height, { color = C.sandDeep, edge = '#C7B08A' } = {}) {
  return `<rect x="0" y="${top}" width="${width}" height="${height - top}" fill="${color}"/>
    <rect x="0" y="${top}" width="${width}" height="6" fill="${edge}" opacity="0.6"/>`;
}

/** Woven linen cloth seen from above. */
export function linen(width, height, { color = C.beigeLight, line = C.sand } = {}) {
  const lines = [];
  for (let x = 0; x < width; x += 9)
    lines.push(
      `<rect x="${x}" y="0" width="1.4" height="${height}" fill="${line}" opacity="0.45"/>`,
    );
  for (let y = 0; y < height; y += 9)
    lines.push(
      `<rect x="0" y="${y}" width="${width}" height="1.4" fill="${line}" opacity="0.35"/>`,
    );
  return `<rect width="${width}" height="${height}" fill="${color}"/>${lines.join('')}`;
}

/** Light grain and vignette over everything, for a photographic feel. */
export function finish(width, height, { vignette = 0.22, grain = true, seed = 1 } = {}) {
  const v = radial([
    [0.55, '#000000', 0],
    [1, '#1A2D21', vignette],
  ]);
  const noise = grain
    ? `<filter id="grain${seed}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.1  0 0 0 0 0.1  0 0 0 0 0.08  0 0 0 0.06 0"/></filter><rect width="${width}" height="${height}" filter="url(#grain${seed})"/>`
    : '';
  return `<defs>${v.def}</defs><rect width="${width}" height="${height}" fill="${v.url}"/>${noise}`;
}

export function text(
  content,
  {
    x = 0,
    y = 0,
    size = 32,
    color = C.beige,
    weight = 400,
    anchor = 'start',
    serif = true,
    spacing = 0,
    italic = false,
    opacity = 1,
  } = {},
) {
  const escaped = String(content).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<text x="${x}" y="${y}" font-family="${serif ? SERIF : SANS}" font-size="${size}" font-weight="${weight}" ${italic ? 'font-style="italic"' : ''} letter-spacing="${spacing}" text-anchor="${anchor}" fill="${color}" opacity="${opacity}">${escaped}</text>`;
}

/** A whole SVG document. */
export function scene(width, height, ...parts) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
