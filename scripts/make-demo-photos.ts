/**
 * Draws the demo's photos (appeals and stories) and writes them to public/demo/ as WebP.
 * They are drawn rather than downloaded: a demo must not ship anyone's real photo, nor
 * depend on a network. Each scene is an SVG (soft light, depth of field, film grain, a
 * vignette) that sharp renders at 1200×800. Run with `npx tsx scripts/make-demo-photos.ts`,
 * or name the photos to draw again (`... school-classroom`) and leave the others' files as
 * they are; the same script draws the same files (its randomness is seeded).
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { DEMO_PHOTO_NAMES, type DemoPhotoName } from "~/content/media/rules/media-urls";

const W = 1200;
const H = 800;
const OUT = path.join(import.meta.dirname, "..", "public", "demo");

/** A small seeded generator, so scattered things (snow, bokeh, stones) fall the same every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A standing figure seen against the light: a scarf or a head of hair, round shoulders, arms
 * at the sides, a long robe or a coat and trousers, and a thin rim of light on the side the
 * light comes from (`rim`, a colour), as a backlit photo has.
 */
function person(
  x: number,
  feet: number,
  height: number,
  fill: string,
  { scarf = false, lean = 0, rim = "", rimSide = 1 } = {},
): string {
  const h = height;
  const head = h * 0.068;
  const top = feet - h;
  const neck = top + head * 2.1;
  const shoulder = top + h * 0.2;
  const hip = feet - h * 0.47;
  const at = (dx: number, y: number) => `${r1(x + dx * h + lean * (1 - (y - top) / h))} ${r1(y)}`;
  // One side of the body, from the neck down to the feet, drawn again mirrored.
  const side = (s: number) =>
    scarf
      ? `C${at(s * 0.08, neck + h * 0.01)} ${at(s * 0.14, shoulder - h * 0.03)} ${at(s * 0.145, shoulder + h * 0.04)} L${at(s * 0.135, hip)} C${at(s * 0.14, feet - h * 0.25)} ${at(s * 0.17, feet - h * 0.06)} ${at(s * 0.18, feet)}`
      : `C${at(s * 0.07, neck + h * 0.01)} ${at(s * 0.125, shoulder - h * 0.03)} ${at(s * 0.13, shoulder + h * 0.04)} L${at(s * 0.125, hip + h * 0.02)} L${at(s * 0.085, hip + h * 0.03)} L${at(s * 0.075, feet)} L${at(s * 0.012, feet)} L${at(s * 0.01, hip + h * 0.08)}`;
  const body = scarf
    ? `M${at(-0.035, neck)} ${side(-1)} L${at(0.18, feet)} C${at(0.17, feet - h * 0.06)} ${at(0.14, feet - h * 0.25)} ${at(0.135, hip)} L${at(0.145, shoulder + h * 0.04)} C${at(0.14, shoulder - h * 0.03)} ${at(0.08, neck + h * 0.01)} ${at(0.035, neck)} Z`
    : `M${at(-0.03, neck)} ${side(-1)} L${at(-0.01, hip + h * 0.08)} L${at(0.01, hip + h * 0.08)} L${at(0.012, feet)} L${at(0.075, feet)} L${at(0.085, hip + h * 0.03)} L${at(0.125, hip + h * 0.02)} L${at(0.13, shoulder + h * 0.04)} C${at(0.125, shoulder - h * 0.03)} ${at(0.07, neck + h * 0.01)} ${at(0.03, neck)} Z`;
  const headX = x + lean;
  const headShape = scarf
    ? `<path d="M${r1(headX - head * 1.2)} ${r1(top + head * 1.3)} C${r1(headX - head * 1.2)} ${r1(top - head * 0.35)} ${r1(headX + head * 1.2)} ${r1(top - head * 0.35)} ${r1(headX + head * 1.2)} ${r1(top + head * 1.3)} C${r1(headX + head * 1.35)} ${r1(neck + head * 0.6)} ${r1(headX + h * 0.1)} ${r1(shoulder - h * 0.02)} ${r1(headX + h * 0.12)} ${r1(shoulder + h * 0.05)} L${r1(headX - h * 0.12)} ${r1(shoulder + h * 0.05)} C${r1(headX - h * 0.1)} ${r1(shoulder - h * 0.02)} ${r1(headX - head * 1.35)} ${r1(neck + head * 0.6)} ${r1(headX - head * 1.2)} ${r1(top + head * 1.3)} Z"/>`
    : `<ellipse cx="${r1(headX)}" cy="${r1(top + head)}" rx="${r1(head * 0.9)}" ry="${r1(head)}"/><rect x="${r1(headX - head * 0.35)}" y="${r1(top + head * 1.6)}" width="${r1(head * 0.7)}" height="${r1(head * 0.8)}"/>`;
  const figure = `${headShape}<path d="${body}"/>`;
  const edge = rim
    ? `<g fill="${rim}" opacity="0.85" filter="url(#soft)" transform="translate(${r1(rimSide * Math.max(1.5, h * 0.008))} -1)">${figure}</g>`
    : "";
  return `<g>${edge}<g fill="${fill}">${figure}</g></g>`;
}

/** A soft shadow on the ground under something standing. */
function groundShadow(x: number, y: number, width: number, opacity = 0.35): string {
  return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(width)}" ry="${r1(width * 0.18)}" fill="#000" opacity="${opacity}" filter="url(#mid)"/>`;
}

/** Out-of-focus lights: soft discs of a colour. */
function bokeh(
  random: () => number,
  count: number,
  area: { x: number; y: number; w: number; h: number },
  colours: string[],
  size: [number, number],
): string {
  return Array.from({ length: count }, () => {
    const r = size[0] + random() * (size[1] - size[0]);
    const colour = colours[Math.floor(random() * colours.length)];
    return `<circle cx="${r1(area.x + random() * area.w)}" cy="${r1(area.y + random() * area.h)}" r="${r1(r)}" fill="${colour}" opacity="${r1(0.25 + random() * 0.45)}"/>`;
  }).join("");
}

/** The filters and overlays every scene shares: blur for depth, grain, the lens's vignette. */
function frame(scene: string, { warmth = "#ffb45a", grain = 0.08 } = {}): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <filter id="far" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="mid" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="2.5"/></filter>
  <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1"/></filter>
  <filter id="bokeh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>
  <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
  <filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7" stitchTiles="stitch"/><feColorMatrix type="matrix" values="0 0 0 0 0.1  0 0 0 0 0.08  0 0 0 0 0.06  1.6 0 0 0 -0.6"/></filter>
  <filter id="clouds" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.0035 0.011" numOctaves="5" seed="3"/><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 2.2 -0.95"/><feGaussianBlur stdDeviation="3"/></filter>
  <filter id="dirt" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012 0.06" numOctaves="4" seed="5"/><feColorMatrix type="matrix" values="0 0 0 0 0.15  0 0 0 0 0.1  0 0 0 0 0.06  0 0 0 1.8 -0.75"/></filter>
  <filter id="plaster" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="9"/><feColorMatrix type="matrix" values="0 0 0 0 0.3  0 0 0 0 0.25  0 0 0 0 0.2  0 0 0 1.2 -0.5"/></filter>
  <radialGradient id="vignette" cx="50%" cy="48%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.55"/></radialGradient>
  <linearGradient id="haze" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${warmth}" stop-opacity="0.22"/><stop offset="0.6" stop-color="${warmth}" stop-opacity="0"/></linearGradient>
</defs>
${scene}
<rect width="${W}" height="${H}" fill="url(#haze)"/>
<rect width="${W}" height="${H}" filter="url(#grain)" opacity="${grain}"/>
<rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}

function linear(id: string, stops: [number, string][], vertical = true): string {
  const [x2, y2] = vertical ? ["0", "1"] : ["1", "0"];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([at, colour]) => `<stop offset="${at}" stop-color="${colour}"/>`).join("")}</linearGradient>`;
}

/** Winter in the camps: rows of tents under a cold dusk, snow falling, a family carrying blankets. */
function winterTents(): string {
  const random = seeded(11);
  const tents = (row: number, y: number, scale: number, count: number, shade: string, light: string) =>
    Array.from({ length: count }, (_, i) => {
      const x = (i + 0.5 + (row % 2) * 0.5) * (W / count) + (random() - 0.5) * 30;
      const w = 150 * scale;
      const h = 90 * scale;
      return `<path d="M${r1(x - w / 2)} ${y} L${r1(x - w * 0.08)} ${r1(y - h)} L${r1(x + w * 0.08)} ${r1(y - h)} L${r1(x + w / 2)} ${y} Z" fill="url(#tent)"/>
<path d="M${r1(x)} ${r1(y - h)} L${r1(x + w * 0.08)} ${r1(y - h)} L${r1(x + w / 2)} ${y} L${r1(x + w * 0.12)} ${y} Z" fill="${shade}" opacity="0.5"/>
${random() > 0.55 ? `<path d="M${r1(x - w * 0.1)} ${y} L${r1(x)} ${r1(y - h * 0.55)} L${r1(x + w * 0.1)} ${y} Z" fill="${light}"/>` : ""}`;
    }).join("");
  const snow = Array.from(
    { length: 260 },
    () =>
      `<circle cx="${r1(random() * W)}" cy="${r1(random() * H)}" r="${r1(0.8 + random() * 2.6)}" fill="#fff" opacity="${r1(0.4 + random() * 0.5)}"/>`,
  ).join("");
  return frame(
    `<defs>${linear("sky", [
      [0, "#3b4a63"],
      [0.55, "#8a94a6"],
      [1, "#d6c7b4"],
    ])}${linear("ground", [
      [0, "#c9ccd3"],
      [1, "#eef0f4"],
    ])}${linear("tent", [
      [0, "#e9e2d3"],
      [1, "#b7ad9b"],
    ])}</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect width="${W}" height="440" filter="url(#clouds)" opacity="0.35"/>
<ellipse cx="850" cy="420" rx="260" ry="120" fill="#ffcf8a" opacity="0.45" filter="url(#glow)"/>
<path d="M0 430 Q300 390 600 420 T1200 410 L1200 800 L0 800 Z" fill="#8d93a0" filter="url(#far)"/>
<g filter="url(#far)">${tents(0, 455, 0.45, 14, "#6f7480", "#ffb35c")}</g>
<rect y="450" width="${W}" height="350" fill="url(#ground)"/>
<g filter="url(#mid)">${tents(1, 530, 0.8, 8, "#7d818b", "#ffa94d")}</g>
<g filter="url(#soft)">${tents(2, 660, 1.5, 4, "#6d707a", "#ff9a3c")}</g>
${groundShadow(340, 768, 150, 0.25)}
<g filter="url(#soft)">${person(330, 760, 330, "#2b2f3a", { scarf: true, rim: "#f3d2a6" })}${person(430, 770, 250, "#363a46", { rim: "#f3d2a6" })}${person(245, 765, 190, "#30343f", { scarf: true, rim: "#f3d2a6" })}
<ellipse cx="330" cy="560" rx="70" ry="34" fill="#8b3a3a"/><ellipse cx="330" cy="552" rx="66" ry="22" fill="#a24a44"/></g>
<g filter="url(#soft)">${snow}</g>`,
    { warmth: "#ffd9a8", grain: 0.4 },
  );
}

/**
 * A volunteer behind a table, facing us from the waist (`waist`) up at `m` pixels per metre:
 * a face with eyes and a smile, a scarf or hair, and both hands holding a food pack out in
 * front, `reach` metres towards one side (negative: to the left).
 */
function volunteerWithPack(
  x: number,
  waist: number,
  m: number,
  { clothes = "#2f6b4f", skin = "#a0704c", scarf = "", hair = "#1d1510", reach = 0 } = {},
): string {
  const headR = 0.1 * m;
  const headY = waist - 0.66 * m;
  const shoulderY = waist - 0.48 * m;
  const half = 0.2 * m;
  const bx = x + reach * m;
  const boxW = 0.42 * m;
  const boxH = 0.26 * m;
  const boxY = waist - 0.42 * m;
  const body = `<path d="M${r1(x - half)} ${r1(shoulderY + 0.06 * m)} Q${r1(x - half)} ${r1(shoulderY)} ${r1(x - half * 0.5)} ${r1(shoulderY - 0.02 * m)} L${r1(x + half * 0.5)} ${r1(shoulderY - 0.02 * m)} Q${r1(x + half)} ${r1(shoulderY)} ${r1(x + half)} ${r1(shoulderY + 0.06 * m)} L${r1(x + half * 0.9)} ${r1(waist + 0.05 * m)} L${r1(x - half * 0.9)} ${r1(waist + 0.05 * m)} Z" fill="${clothes}"/>`;
  // Sleeves from the shoulders to the hands at the pack's lower corners.
  const arm = (side: number) =>
    `<path d="M${r1(x + side * half * 0.95)} ${r1(shoulderY + 0.05 * m)} Q${r1(x + side * (half + 0.04 * m))} ${r1(waist - 0.12 * m)} ${r1(bx + side * boxW * 0.42)} ${r1(boxY + boxH * 0.9)}" stroke="${clothes}" stroke-width="${r1(0.085 * m)}" stroke-linecap="round" fill="none"/><path d="M${r1(x + side * half * 0.95)} ${r1(shoulderY + 0.05 * m)} Q${r1(x + side * (half + 0.04 * m))} ${r1(waist - 0.12 * m)} ${r1(bx + side * boxW * 0.42)} ${r1(boxY + boxH * 0.9)}" stroke="#000" stroke-width="${r1(0.02 * m)}" opacity="0.12" fill="none" transform="translate(${r1(side * 0.03 * m)} 0)"/>`;
  const hands = [-1, 1]
    .map(
      (side) =>
        `<ellipse cx="${r1(bx + side * boxW * 0.45)}" cy="${r1(boxY + boxH * 0.8)}" rx="${r1(0.045 * m)}" ry="${r1(0.035 * m)}" fill="${skin}"/>`,
    )
    .join("");
  const pack = foodPack(bx - boxW / 2, boxY, boxW, boxH);
  const face = `<rect x="${r1(x - headR * 0.38)}" y="${r1(headY + headR * 0.7)}" width="${r1(headR * 0.76)}" height="${r1(headR * 0.7)}" fill="${skin}"/><ellipse cx="${r1(x)}" cy="${r1(headY)}" rx="${r1(headR * 0.82)}" ry="${r1(headR)}" fill="${skin}"/>
<ellipse cx="${r1(x - headR * 0.32)}" cy="${r1(headY - headR * 0.05)}" rx="${r1(headR * 0.08)}" ry="${r1(headR * 0.1)}" fill="#21150d"/><ellipse cx="${r1(x + headR * 0.32)}" cy="${r1(headY - headR * 0.05)}" rx="${r1(headR * 0.08)}" ry="${r1(headR * 0.1)}" fill="#21150d"/>
<path d="M${r1(x - headR * 0.28)} ${r1(headY + headR * 0.4)} Q${r1(x)} ${r1(headY + headR * 0.6)} ${r1(x + headR * 0.28)} ${r1(headY + headR * 0.4)}" stroke="#5a2e1c" stroke-width="${r1(headR * 0.08)}" stroke-linecap="round" fill="none"/>`;
  const covering = scarf
    ? `<path d="M${r1(x - headR * 1.15)} ${r1(headY + headR * 0.3)} C${r1(x - headR * 1.25)} ${r1(headY - headR * 1.45)} ${r1(x + headR * 1.25)} ${r1(headY - headR * 1.45)} ${r1(x + headR * 1.15)} ${r1(headY + headR * 0.3)} L${r1(x + half * 0.85)} ${r1(shoulderY + 0.1 * m)} L${r1(x - half * 0.85)} ${r1(shoulderY + 0.1 * m)} Z" fill="${scarf}"/>${face.replace(/<rect[^>]*\/>/, "")}<path d="M${r1(x - headR * 0.95)} ${r1(headY - headR * 0.1)} Q${r1(x)} ${r1(headY - headR * 1.35)} ${r1(x + headR * 0.95)} ${r1(headY - headR * 0.1)} Q${r1(x)} ${r1(headY - headR * 0.95)} ${r1(x - headR * 0.95)} ${r1(headY - headR * 0.1)} Z" fill="${scarf}"/>`
    : `${face}<path d="M${r1(x - headR * 0.86)} ${r1(headY - headR * 0.1)} Q${r1(x - headR * 0.9)} ${r1(headY - headR * 1.2)} ${r1(x)} ${r1(headY - headR * 1.08)} Q${r1(x + headR * 0.9)} ${r1(headY - headR * 1.2)} ${r1(x + headR * 0.86)} ${r1(headY - headR * 0.1)} Q${r1(x)} ${r1(headY - headR * 0.75)} ${r1(x - headR * 0.86)} ${r1(headY - headR * 0.1)} Z" fill="${hair}"/>`;
  return `<g>${body}${covering}${arm(-1)}${arm(1)}${pack}${hands}</g>`;
}

/** A Ramadan food pack: a brown carton with its tape, a lid's edge, a shaded side and a crescent on its face. */
function foodPack(x: number, y: number, w: number, h: number): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="url(#box)"/><rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h * 0.12)}" fill="#e0b27a" opacity="0.7"/><rect x="${r1(x + w * 0.46)}" y="${r1(y)}" width="${r1(w * 0.08)}" height="${r1(h)}" fill="#c7935a" opacity="0.8"/><rect x="${r1(x + w - w * 0.06)}" y="${r1(y)}" width="${r1(w * 0.06)}" height="${r1(h)}" fill="#000" opacity="0.18"/><circle cx="${r1(x + w * 0.24)}" cy="${r1(y + h * 0.56)}" r="${r1(h * 0.17)}" fill="#6e3f18" opacity="0.8"/><circle cx="${r1(x + w * 0.24 + h * 0.08)}" cy="${r1(y + h * 0.51)}" r="${r1(h * 0.145)}" fill="#c49560"/>`;
}

/** A hanging lantern, lit: a chain, a cap, a glowing body and its halo. */
function lantern(x: number, y: number, s: number): string {
  return `<path d="M${x} 0 L${x} ${r1(y - 20 * s)}" stroke="#3a2414" stroke-width="${r1(2 * s)}"/><circle cx="${x}" cy="${r1(y + 20 * s)}" r="${r1(70 * s)}" fill="#ffc46b" opacity="0.35" filter="url(#glow)"/><path d="M${r1(x - 12 * s)} ${r1(y - 20 * s)} L${r1(x + 12 * s)} ${r1(y - 20 * s)} L${r1(x + 18 * s)} ${r1(y - 8 * s)} L${r1(x - 18 * s)} ${r1(y - 8 * s)} Z" fill="#5a3a1c"/><path d="M${r1(x - 20 * s)} ${r1(y - 8 * s)} L${r1(x + 20 * s)} ${r1(y - 8 * s)} L${r1(x + 14 * s)} ${r1(y + 44 * s)} L${r1(x - 14 * s)} ${r1(y + 44 * s)} Z" fill="#ffd98a"/><path d="M${x} ${r1(y - 8 * s)} L${x} ${r1(y + 44 * s)}" stroke="#8a5a24" stroke-width="${r1(2 * s)}" opacity="0.6"/><path d="M${r1(x - 14 * s)} ${r1(y + 44 * s)} L${r1(x + 14 * s)} ${r1(y + 44 * s)} L${r1(x + 6 * s)} ${r1(y + 54 * s)} L${r1(x - 6 * s)} ${r1(y + 54 * s)} Z" fill="#5a3a1c"/>`;
}

/** Ramadan food packs: volunteers behind a table under lanterns hand packs across to the families who came for them. */
function ramadanFoodPacks(): string {
  const random = seeded(23);
  let shelves = "";
  for (let i = 0; i < 7; i += 1) {
    const x = 20 + i * 175 + (random() - 0.5) * 16;
    const levels = 2 + Math.floor(random() * 2);
    for (let level = 0; level < levels; level += 1)
      shelves += foodPack(x + (random() - 0.5) * 8, 470 - (level + 1) * 62, 110, 62);
  }
  const stack = (x: number, y: number, count: number) =>
    Array.from({ length: count }, (_, i) => foodPack(x + (i % 2) * 4, y - (i + 1) * 56, 120, 56)).join("");
  return frame(
    `<defs>${linear("wall", [
      [0, "#4a2e1b"],
      [0.55, "#8a5a34"],
      [1, "#b98452"],
    ])}${linear("box", [
      [0, "#d8ab72"],
      [1, "#b0804b"],
    ])}${linear("table", [
      [0, "#d9cbb0"],
      [1, "#b8a584"],
    ])}</defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect width="${W}" height="${H}" filter="url(#plaster)" opacity="0.45"/>
<g filter="url(#bokeh)">${bokeh(random, 26, { x: 0, y: 20, w: W, h: 200 }, ["#ffd27a", "#ffb347", "#fff0c2", "#ff9d5c"], [12, 34])}</g>
<g filter="url(#mid)">${lantern(180, 90, 1.1)}${lantern(520, 60, 0.9)}${lantern(1020, 110, 1.2)}</g>
<g filter="url(#far)">${shelves}</g>
<g filter="url(#soft)">${volunteerWithPack(250, 560, 420, { clothes: "#7a3b4e", scarf: "#2f5d62", skin: "#b07a52", reach: 0 })}${volunteerWithPack(560, 560, 440, { clothes: "#2f6b4f", scarf: "#e9dcc3", skin: "#8d5e3e", reach: 0.32 })}</g>
<path d="M0 560 L${W} 560 L${W} 600 L0 600 Z" fill="url(#table)"/><rect y="600" width="${W}" height="200" fill="#5c3a22"/><rect y="600" width="${W}" height="12" fill="#000" opacity="0.2"/>
<g filter="url(#soft)">${stack(20, 572, 2)}${stack(1040, 572, 3)}${stack(380, 572, 1)}</g>
<g filter="url(#soft)">${seenFromBehind(930, 640, 760, { uniform: "#3c4a63", hair: "#1a1410", skin: "#9a6a4a" })}
<path d="M850 560 Q790 528 712 500" stroke="#3c4a63" stroke-width="56" stroke-linecap="round" fill="none"/><ellipse cx="700" cy="494" rx="26" ry="19" fill="#9a6a4a"/></g>`,
    { warmth: "#ffb45a", grain: 0.3 },
  );
}

/** A new well at golden hour: a hand pump on a concrete apron, yellow jerrycans, children, an acacia. */
function villageWell(): string {
  const random = seeded(37);
  const stones = Array.from(
    { length: 70 },
    () =>
      `<ellipse cx="${r1(random() * W)}" cy="${r1(620 + random() * 180)}" rx="${r1(2 + random() * 6)}" ry="${r1(1 + random() * 3)}" fill="#6b4a2e" opacity="0.5"/>`,
  ).join("");
  const can = (x: number, y: number, s: number) =>
    `<rect x="${x}" y="${y}" width="${r1(46 * s)}" height="${r1(58 * s)}" rx="${r1(6 * s)}" fill="#f2c230"/><rect x="${r1(x + 12 * s)}" y="${r1(y - 10 * s)}" width="${r1(14 * s)}" height="${r1(12 * s)}" fill="#d9a514"/><rect x="${r1(x + 34 * s)}" y="${y}" width="${r1(12 * s)}" height="${r1(58 * s)}" fill="#000" opacity="0.15"/>`;
  return frame(
    `<defs>${linear("sky", [
      [0, "#f6b26b"],
      [0.5, "#f9d49a"],
      [1, "#fbe6c0"],
    ])}${linear("earth", [
      [0, "#b9834f"],
      [1, "#8a5a33"],
    ])}${linear(
      "tank",
      [
        [0, "#cfd5d8"],
        [1, "#8c9499"],
      ],
      false,
    )}</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect width="${W}" height="470" filter="url(#clouds)" opacity="0.3"/>
<circle cx="300" cy="330" r="70" fill="#fff4d6"/><circle cx="300" cy="330" r="180" fill="#ffd58a" opacity="0.6" filter="url(#glow)"/>
<path d="M0 470 Q200 440 420 460 T860 450 T1200 455 L1200 800 L0 800 Z" fill="#a07a55" filter="url(#far)"/>
<g filter="url(#far)"><path d="M930 470 L930 380" stroke="#3f2a1a" stroke-width="10"/><ellipse cx="930" cy="370" rx="130" ry="28" fill="#3f3320"/><ellipse cx="990" cy="355" rx="70" ry="18" fill="#43361f"/></g>
<rect y="480" width="${W}" height="320" fill="url(#earth)"/>
<rect y="480" width="${W}" height="320" filter="url(#dirt)" opacity="0.6"/>${stones}
<g filter="url(#mid)"><rect x="760" y="250" width="150" height="110" rx="8" fill="url(#tank)"/><path d="M770 360 L750 520 M900 360 L920 520 M835 360 L835 520" stroke="#5b5f63" stroke-width="8"/></g>
<g filter="url(#soft)"><path d="M430 640 L760 640 L800 700 L390 700 Z" fill="#b8b2a6"/><rect x="560" y="470" width="26" height="175" fill="#3d6f8e"/><rect x="545" y="460" width="56" height="22" rx="4" fill="#2f5a74"/><path d="M600 470 L700 430" stroke="#2f5a74" stroke-width="10" stroke-linecap="round"/><path d="M560 560 L520 575 L520 600" stroke="#3d6f8e" stroke-width="14" fill="none"/>
<path d="M500 610 Q520 640 540 612" stroke="#bfe3f5" stroke-width="4" fill="none" opacity="0.8"/>
${can(470, 610, 1)}${can(650, 640, 1.1)}${can(300, 690, 1.3)}</g>
<g filter="url(#mid)"><path d="M700 660 L900 690 L880 700 L690 668 Z" fill="#000" opacity="0.22"/><path d="M380 700 L560 728 L545 736 L372 708 Z" fill="#000" opacity="0.22"/><path d="M230 720 L460 756 L440 766 L220 730 Z" fill="#000" opacity="0.22"/></g>
<g filter="url(#soft)">${person(700, 660, 230, "#2a1c14", { scarf: true, rim: "#ffe0a0", rimSide: -1 })}${person(380, 700, 200, "#2a1c14", { rim: "#ffe0a0", rimSide: -1 })}${person(230, 720, 260, "#251810", { scarf: true, rim: "#ffe0a0", rimSide: -1 })}</g>`,
    { warmth: "#ffcf8f", grain: 0.32 },
  );
}

/**
 * Someone seen from behind, from the waist up, at a desk or a table (`deskTop`): head (hair,
 * or a scarf over it and the shoulders), a back in the clothes' colour, elbows out on the top.
 * `m` is pixels per metre at that distance, so a pupil sits at a desk's scale: a desk is about
 * 1.2 m wide, its top 0.7 m from the floor, and a seated child's head 0.35 m above it.
 * `cheek` turns the head a little towards `cheek` (-1 left, 1 right) to show a cheek and ear in profile.
 */
function seenFromBehind(
  x: number,
  deskTop: number,
  m: number,
  { uniform = "#2d4f7c", hair = "#1f1712", scarf = "", skin = "#9a6a4a", cheek = 0 } = {},
): string {
  const headR = 0.085 * m;
  const headY = deskTop - 0.33 * m;
  const shoulderY = deskTop - 0.2 * m;
  const half = 0.16 * m;
  const waist = 0.13 * m;
  const bottom = deskTop + 0.28 * m;
  const back = `<path d="M${r1(x - half)} ${r1(shoulderY + 0.05 * m)} Q${r1(x - half)} ${r1(shoulderY)} ${r1(x - half * 0.55)} ${r1(shoulderY - 0.015 * m)} L${r1(x + half * 0.55)} ${r1(shoulderY - 0.015 * m)} Q${r1(x + half)} ${r1(shoulderY)} ${r1(x + half)} ${r1(shoulderY + 0.05 * m)} L${r1(x + half + 0.03 * m)} ${r1(deskTop + 0.01 * m)} L${r1(x + waist)} ${r1(deskTop + 0.03 * m)} L${r1(x + waist)} ${r1(bottom)} L${r1(x - waist)} ${r1(bottom)} L${r1(x - waist)} ${r1(deskTop + 0.03 * m)} L${r1(x - half - 0.03 * m)} ${r1(deskTop + 0.01 * m)} Z" fill="${uniform}"/>
<path d="M${r1(x)} ${r1(shoulderY)} L${r1(x)} ${r1(bottom)}" stroke="#000" stroke-width="${r1(0.012 * m)}" opacity="0.12"/>`;
  const face = cheek
    ? `<ellipse cx="${r1(x + cheek * headR * 0.6)}" cy="${r1(headY + headR * 0.12)}" rx="${r1(headR * 0.62)}" ry="${r1(headR * 0.9)}" fill="${skin}"/><path d="M${r1(x + cheek * headR * 1.16)} ${r1(headY - headR * 0.05)} l${r1(cheek * headR * 0.17)} ${r1(headR * 0.3)} l${r1(-cheek * headR * 0.15)} ${r1(headR * 0.07)} Z" fill="${skin}"/><path d="M${r1(x + cheek * headR * 0.95)} ${r1(headY - headR * 0.2)} l${r1(cheek * headR * 0.16)} ${r1(headR * 0.02)}" stroke="#2a1a10" stroke-width="${r1(headR * 0.06)}" stroke-linecap="round"/>`
    : "";
  // Turned, the scarf frames the face: its edge runs from the brow down to the chin, the face showing beyond it.
  const c = cheek;
  const scarfShape = c
    ? `<path d="M${r1(x + c * headR * 0.15)} ${r1(headY + headR * 1.05)} Q${r1(x + c * headR * 0.45)} ${r1(headY + headR * 0.1)} ${r1(x + c * headR * 0.8)} ${r1(headY - headR * 0.85)} C${r1(x + c * headR * 0.3)} ${r1(headY - headR * 1.4)} ${r1(x - c * headR * 1.3)} ${r1(headY - headR * 1.1)} ${r1(x - c * headR * 1.2)} ${r1(headY + headR * 0.3)} L${r1(x - c * half * 0.95)} ${r1(shoulderY + 0.07 * m)} Q${r1(x)} ${r1(shoulderY + 0.13 * m)} ${r1(x + c * half * 0.95)} ${r1(shoulderY + 0.07 * m)} Z" fill="${scarf}"/>`
    : `<path d="M${r1(x - headR * 1.15)} ${r1(headY + headR * 0.2)} C${r1(x - headR * 1.2)} ${r1(headY - headR * 1.35)} ${r1(x + headR * 1.2)} ${r1(headY - headR * 1.35)} ${r1(x + headR * 1.15)} ${r1(headY + headR * 0.2)} L${r1(x + half * 0.95)} ${r1(shoulderY + 0.07 * m)} Q${r1(x)} ${r1(shoulderY + 0.13 * m)} ${r1(x - half * 0.95)} ${r1(shoulderY + 0.07 * m)} Z" fill="${scarf}"/>`;
  const head = scarf
    ? `${face}${scarfShape}<path d="M${r1(x - headR * 0.7)} ${r1(headY - headR * 0.7)} Q${r1(x - c * headR * 0.2)} ${r1(headY - headR * 1.05)} ${r1(x + headR * 0.5)} ${r1(headY - headR * 0.85)}" stroke="#fff" stroke-width="${r1(headR * 0.12)}" opacity="0.5" fill="none"/>`
    : `<rect x="${r1(x - headR * 0.4)}" y="${r1(headY + headR * 0.6)}" width="${r1(headR * 0.8)}" height="${r1(headR * 0.8)}" fill="${skin}"/>${face}<ellipse cx="${r1(x - cheek * headR * 0.12)}" cy="${r1(headY - headR * 0.05)}" rx="${r1(headR * (cheek ? 0.9 : 1))}" ry="${r1(headR * 1.02)}" fill="${hair}"/><ellipse cx="${r1(x - headR * 0.98)}" cy="${r1(headY + headR * 0.25)}" rx="${r1(headR * 0.16)}" ry="${r1(headR * 0.26)}" fill="${skin}"/><ellipse cx="${r1(x + headR * 0.98)}" cy="${r1(headY + headR * 0.25)}" rx="${r1(headR * 0.16)}" ry="${r1(headR * 0.26)}" fill="${skin}"/>`;
  return `<g>${back}${head}</g>`;
}

/**
 * A school desk for two seen from the back of the class, at `m` pixels per metre: its top
 * (1.2 m wide) and legs, and the bench the pupils sit on, nearer the viewer.
 */
function schoolDesk(x: number, deskTop: number, m: number): string {
  const w = 1.2 * m;
  const depth = 0.09 * m;
  const legs = [0.05, 0.93]
    .map(
      (at) =>
        `<rect x="${r1(x + w * at)}" y="${r1(deskTop)}" width="${r1(0.03 * m)}" height="${r1(0.7 * m)}" fill="#4a2f19"/>`,
    )
    .join("");
  return `${legs}<path d="M${r1(x + 0.03 * m)} ${r1(deskTop - depth)} L${r1(x + w - 0.03 * m)} ${r1(deskTop - depth)} L${r1(x + w)} ${r1(deskTop)} L${r1(x)} ${r1(deskTop)} Z" fill="#a8744a"/><rect x="${r1(x)}" y="${r1(deskTop)}" width="${r1(w)}" height="${r1(0.035 * m)}" fill="#6b4527"/>
<rect x="${r1(x - 0.02 * m)}" y="${r1(deskTop + 0.3 * m)}" width="${r1(w + 0.04 * m)}" height="${r1(0.045 * m)}" fill="#7a5030"/>${[0.08, 0.9].map((at) => `<rect x="${r1(x + w * at)}" y="${r1(deskTop + 0.34 * m)}" width="${r1(0.03 * m)}" height="${r1(0.36 * m)}" fill="#3f2815"/>`).join("")}`;
}

/**
 * Back at school: a girl in a white scarf writing at her desk, her class seated ahead of her facing the chalkboard,
 * morning light from the window.
 */
function schoolClassroom(): string {
  const random = seeded(41);
  const chalk = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${r1(170 + random() * 40)} ${170 + i * 30} q${r1(120 + random() * 200)} ${r1((random() - 0.5) * 8)} ${r1(260 + random() * 260)} ${r1((random() - 0.5) * 6)}" stroke="#e8efe6" stroke-width="3" opacity="${r1(0.35 + random() * 0.3)}" fill="none"/>`,
  ).join("");
  // A row of desks at one distance: two pupils at each desk, each drawn after the desk they sit at.
  const row = (deskTop: number, m: number, desks: number[], pupils: Parameters<typeof seenFromBehind>[3][]) =>
    desks
      .map(
        (x, i) =>
          `${schoolDesk(x, deskTop, m)}${seenFromBehind(x + 0.32 * m, deskTop, m, pupils[i * 2])}${seenFromBehind(x + 0.88 * m, deskTop, m, pupils[i * 2 + 1])}`,
      )
      .join("");
  return frame(
    `<defs>${linear("wall", [
      [0, "#d9c9a8"],
      [1, "#b9a67f"],
    ])}${linear("board", [
      [0, "#2f4a3a"],
      [1, "#243a2d"],
    ])}${linear("floor", [
      [0, "#7b5a3c"],
      [1, "#4d3522"],
    ])}
<linearGradient id="beam" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6da" stop-opacity="0.75"/><stop offset="1" stop-color="#fff6da" stop-opacity="0"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect width="${W}" height="${H}" filter="url(#plaster)" opacity="0.45"/>
<rect y="470" width="${W}" height="330" fill="url(#floor)"/>
<g filter="url(#far)"><rect x="200" y="150" width="560" height="260" rx="6" fill="#6b4a2b"/><rect x="213" y="163" width="534" height="234" fill="url(#board)"/>${chalk}
<rect x="930" y="120" width="200" height="260" fill="#fff3cf"/><path d="M1030 120 L1030 380 M930 250 L1130 250" stroke="#b9a67f" stroke-width="10"/>
${person(820, 480, 300, "#3a3f4a", { rim: "#fff1cc", rimSide: 1 })}</g>
<path d="M930 120 L1130 120 L760 800 L300 800 Z" fill="url(#beam)" opacity="0.45"/>
<g filter="url(#far)">${row(
      470,
      150,
      [170, 380, 620],
      [
        { hair: "#2a1d15" },
        { scarf: "#e9e2d2" },
        { scarf: "#d8d3c6" },
        { hair: "#1c140f" },
        { hair: "#241a13" },
        { scarf: "#ece6d8" },
      ],
    )}</g>
<g filter="url(#mid)">${row(
      560,
      240,
      [40, 370, 700],
      [
        { scarf: "#e6dfcf" },
        { hair: "#20160f" },
        { hair: "#2b1e15" },
        { scarf: "#f0ebe0" },
        { scarf: "#e2dccd" },
        { hair: "#1b130e" },
      ],
    )}</g>
<g filter="url(#soft)">${schoolDesk(330, 700, 620)}
<rect x="560" y="640" width="210" height="26" fill="#f7f3e8" transform="rotate(-3 665 653)"/><path d="M575 650 h120 M575 657 h90" stroke="#9aa4b5" stroke-width="2" transform="rotate(-3 665 653)"/><path d="M700 618 L742 664" stroke="#d9a514" stroke-width="7" stroke-linecap="round"/>
${seenFromBehind(600, 700, 620, { scarf: "#f4f1ea", uniform: "#2d4f7c", skin: "#a9744f", cheek: 1 })}
<path d="M668 600 Q712 640 706 668 L684 676 Q680 650 650 624 Z" fill="#27456d"/><ellipse cx="708" cy="668" rx="15" ry="11" fill="#a9744f"/></g>`,
    { warmth: "#fff0c8", grain: 0.28 },
  );
}

/** Winter food parcels: sacks of flour and rice on pallets, light through high windows, volunteers loading. */
function winterFoodParcels(): string {
  const random = seeded(53);
  const sack = (x: number, y: number, s: number, tint: string) =>
    `<path d="M${r1(x)} ${r1(y + 60 * s)} Q${r1(x - 6 * s)} ${r1(y + 8 * s)} ${r1(x + 14 * s)} ${r1(y)} L${r1(x + 96 * s)} ${r1(y)} Q${r1(x + 116 * s)} ${r1(y + 8 * s)} ${r1(x + 110 * s)} ${r1(y + 60 * s)} Q${r1(x + 55 * s)} ${r1(y + 72 * s)} ${r1(x)} ${r1(y + 60 * s)} Z" fill="${tint}"/><path d="M${r1(x + 20 * s)} ${r1(y + 26 * s)} L${r1(x + 90 * s)} ${r1(y + 26 * s)}" stroke="#2f6b4f" stroke-width="${r1(6 * s)}" opacity="0.7"/><path d="M${r1(x + 78 * s)} ${r1(y + 4 * s)} Q${r1(x + 108 * s)} ${r1(y + 30 * s)} ${r1(x + 102 * s)} ${r1(y + 62 * s)}" stroke="#000" stroke-width="${r1(14 * s)}" opacity="0.08" fill="none"/>`;
  let pile = "";
  for (let row = 0; row < 4; row += 1) {
    for (let i = 0; i < 5 - row; i += 1)
      pile += sack(
        560 + i * 105 + row * 52 + (random() - 0.5) * 8,
        640 - row * 58,
        1,
        random() > 0.5 ? "#efe9dc" : "#e4dccb",
      );
  }
  return frame(
    `<defs>${linear("hall", [
      [0, "#2b2a2c"],
      [1, "#4a4540"],
    ])}${linear("floor", [
      [0, "#57504a"],
      [1, "#2f2b28"],
    ])}
<linearGradient id="shaft" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#fff3d4" stop-opacity="0.6"/><stop offset="1" stop-color="#fff3d4" stop-opacity="0"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#hall)"/>
<g filter="url(#far)">${[120, 420, 720, 1020].map((x) => `<rect x="${x}" y="60" width="120" height="70" fill="#f7e9c6"/>`).join("")}
${Array.from({ length: 6 }, (_, i) => sack(40 + i * 70, 470, 0.6, "#cfc6b4")).join("")}${person(300, 560, 250, "#1f1d1f", { scarf: true, rim: "#e8d6b0" })}${person(430, 560, 260, "#1f1d1f", { rim: "#e8d6b0" })}</g>
${[120, 420, 720].map((x) => `<path d="M${x} 130 L${x + 120} 130 L${x + 330} 800 L${x + 120} 800 Z" fill="url(#shaft)" opacity="0.45"/>`).join("")}
<rect y="580" width="${W}" height="220" fill="url(#floor)"/>
<rect y="580" width="${W}" height="220" filter="url(#dirt)" opacity="0.4"/>
<g filter="url(#soft)"><rect x="540" y="700" width="600" height="24" fill="#8c6a45"/>${pile}</g>
<g filter="url(#mid)">${person(200, 780, 380, "#1b1a1c", { rim: "#f0dfbb" })}${sack(214, 418, 1.05, "#ebe4d5")}</g>`,
    { warmth: "#ffe2b0", grain: 0.4 },
  );
}

/** A mobile clinic after the floods: a white tent with a red crescent beside brown water, people waiting. */
function floodClinic(): string {
  const random = seeded(67);
  const ripples = Array.from(
    { length: 40 },
    () =>
      `<path d="M${r1(random() * W)} ${r1(560 + random() * 230)} h${r1(40 + random() * 120)}" stroke="#d9cdb5" stroke-width="2" opacity="${r1(0.2 + random() * 0.3)}"/>`,
  ).join("");
  return frame(
    `<defs>${linear("sky", [
      [0, "#7e8fa3"],
      [0.6, "#c2c8cc"],
      [1, "#e2dccf"],
    ])}${linear("water", [
      [0, "#8e7a5c"],
      [1, "#5e4d36"],
    ])}${linear("tent", [
      [0, "#fbfbf8"],
      [1, "#d3d3cc"],
    ])}${linear("hill", [
      [0, "#5c6b4a"],
      [1, "#3f4a33"],
    ])}</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect width="${W}" height="420" filter="url(#clouds)" opacity="0.55"/>
<g filter="url(#far)"><path d="M0 380 Q180 250 380 330 T760 300 T1200 340 L1200 520 L0 520 Z" fill="url(#hill)"/>
<path d="M0 420 Q250 360 520 410 T1200 400 L1200 540 L0 540 Z" fill="#4d5a3d"/></g>
<rect y="520" width="${W}" height="280" fill="url(#water)"/>${ripples}
<path d="M0 540 L600 520 L760 560 L680 610 L0 640 Z" fill="#7a6a4a" opacity="0.85"/>
<g filter="url(#soft)"><path d="M160 560 L300 410 L560 410 L700 560 Z" fill="url(#tent)"/><rect x="180" y="560" width="500" height="20" fill="#bdbdb4"/>
<path d="M300 410 L560 410 L620 470 L350 470 Z" fill="#000" opacity="0.06"/><path d="M390 560 L430 480 L470 560 Z" fill="#57534a"/>
<circle cx="530" cy="480" r="34" fill="#d42a2a"/><circle cx="543" cy="472" r="30" fill="#fbfbf8"/></g>
<g filter="url(#mid)">${person(780, 600, 210, "#2c2a30", { scarf: true, rim: "#e9e4d8" })}${person(840, 605, 170, "#34323a", { rim: "#e9e4d8" })}${person(900, 600, 220, "#2c2a30", { scarf: true, rim: "#e9e4d8" })}${person(960, 610, 150, "#3a3840", { rim: "#e9e4d8" })}</g>
<path d="M700 640 Q900 620 1200 650 L1200 700 Q900 670 700 690 Z" fill="#fff" opacity="0.08"/>`,
    { warmth: "#ffe6bf", grain: 0.4 },
  );
}

/** Sewing machines, steady incomes: a machine on a table, bolts of bright cloth, a woman at work by the window. */
function sewingWorkshop(): string {
  const random = seeded(79);
  const bolt = (x: number, y: number, colour: string, w: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="54" rx="26" fill="${colour}"/><rect x="${x}" y="${y + 8}" width="${w}" height="10" fill="#fff" opacity="0.18"/><ellipse cx="${x + w}" cy="${y + 27}" rx="10" ry="27" fill="#000" opacity="0.2"/>`;
  const colours = ["#c0392b", "#e67e22", "#16a085", "#8e44ad", "#2c7fb8", "#d4ac0d", "#c2185b"];
  let shelf = "";
  for (let row = 0; row < 4; row += 1)
    for (let i = 0; i < 3; i += 1)
      shelf += bolt(820 + i * 10, 140 + row * 70, colours[Math.floor(random() * colours.length)]!, 280);
  return frame(
    `<defs>${linear("wall", [
      [0, "#e8dccb"],
      [1, "#c9b79d"],
    ])}${linear("table", [
      [0, "#9a6b3e"],
      [1, "#5c3c20"],
    ])}${linear("metal", [
      [0, "#3c3f44"],
      [0.5, "#5b6068"],
      [1, "#23262a"],
    ])}
<radialGradient id="window" cx="20%" cy="30%" r="60%"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.95"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect width="${W}" height="${H}" filter="url(#plaster)" opacity="0.4"/>
<rect width="${W}" height="${H}" fill="url(#window)"/>
<g filter="url(#far)">${shelf}${person(450, 560, 360, "#3d2f2a", { scarf: true, rim: "#fff6e0", rimSide: -1 })}</g>
<rect y="540" width="${W}" height="260" fill="url(#table)"/>
<g filter="url(#soft)"><path d="M140 560 Q420 520 700 575 L740 800 L80 800 Z" fill="#2c7fb8" opacity="0.95"/><path d="M170 600 Q420 570 690 615" stroke="#fff" stroke-width="3" stroke-dasharray="10 8" opacity="0.5" fill="none"/>
<path d="M360 560 L360 380 Q360 350 390 350 L820 350 Q850 350 850 380 L850 470 L790 470 L790 420 L430 420 L430 560 Z" fill="url(#metal)"/>
<rect x="330" y="560" width="560" height="46" rx="8" fill="#2a2d31"/><rect x="780" y="470" width="24" height="90" fill="#3a3e44"/><rect x="786" y="556" width="12" height="20" fill="#c9ccd1"/>
<circle cx="860" cy="400" r="46" fill="#1f2226"/><circle cx="860" cy="400" r="14" fill="#8b9097"/><rect x="380" y="365" width="200" height="6" fill="#d4af37" opacity="0.8"/></g>`,
    { warmth: "#fff1d6", grain: 0.32 },
  );
}

/** The photos, by the name the demo's seed uses and the photo rule takes: each is drawn, and no other. */
const DEMO_PHOTOS: Record<DemoPhotoName, () => string> = {
  "winter-tents": winterTents,
  "ramadan-food-packs": ramadanFoodPacks,
  "village-well": villageWell,
  "school-classroom": schoolClassroom,
  "winter-food-parcels": winterFoodParcels,
  "flood-clinic": floodClinic,
  "sewing-workshop": sewingWorkshop,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(DEMO_PHOTO_NAMES as readonly string[]).includes(name));
if (unknown.length)
  throw new Error(`No demo photo is called ${unknown.join(", ")}; they are ${DEMO_PHOTO_NAMES.join(", ")}`);
await mkdir(OUT, { recursive: true });
for (const name of asked.length ? (asked as DemoPhotoName[]) : DEMO_PHOTO_NAMES) {
  const draw = DEMO_PHOTOS[name];
  const file = path.join(OUT, `${name}.webp`);
  const { size } = await sharp(Buffer.from(draw())).webp({ quality: 66, effort: 6 }).toFile(file);
  console.log(`${path.relative(process.cwd(), file)}: ${Math.round(size / 1024)} KB`);
}
