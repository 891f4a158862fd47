/**
 * The drawing kit of the demo pictures: one palette, colour shading, and the shapes every scene is
 * built from. Flat shapes with a lit top and a shaded side give depth without gradients everywhere;
 * nothing is text, since fonts differ between machines and would change the pictures.
 */

export const C = {
  ink: '#1e293b',
  inkSoft: '#334155',
  navy: '#0b4f8a',
  navyDark: '#073763',
  amber: '#f59e0b',
  amberDark: '#b45309',
  steel: '#cbd5e1',
  steelDark: '#94a3b8',
  steelLight: '#e2e8f0',
  white: '#f8fafc',
  red: '#dc2626',
  green: '#16a34a',
  greenLight: '#4ade80',
  ice: '#e0f2fe',
  iceDeep: '#7dd3fc',
  copper: '#c2743a',
  wood: '#a16207',
  concrete: '#d6d3d1',
  concreteDark: '#a8a29e',
  grass: '#65a30d',
  leaf: '#15803d',
  rust: '#92400e',
  soot: '#292524',
} as const;

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);

/** `a` moved towards `b` by `t` (0..1). */
export function mix(a: string, b: string, t: number): string {
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);

/** A deterministic pick: the same seed always chooses the same item. */
export const pick = <T>(list: readonly T[], seed: number): T => list[Math.abs(seed) % list.length]!;

const n = (v: number) => Math.round(v * 10) / 10;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  rect(x, y, w, h, fill, `rx="${r}"${extra ? ` ${extra}` : ''}`);
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const line = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
export const poly = (points: number[], fill: string, extra = '') =>
  path(`M${points.map(n).join(' ')}z`, fill, extra);
export const g = (body: string, transform?: string, extra = '') =>
  `<g${transform ? ` transform="${transform}"` : ''}${extra ? ` ${extra}` : ''}>${body}</g>`;

/** A box seen slightly from above and the right: lit top, front, shaded side. */
export function box(x: number, y: number, w: number, h: number, depth: number, fill: string): string {
  const d = depth;
  return [
    poly([x, y, x + d * 0.6, y - d * 0.5, x + w + d * 0.6, y - d * 0.5, x + w, y], lighten(fill, 0.25)),
    poly(
      [x + w, y, x + w + d * 0.6, y - d * 0.5, x + w + d * 0.6, y + h - d * 0.5, x + w, y + h],
      darken(fill, 0.22),
    ),
    rect(x, y, w, h, fill),
  ].join('');
}

/** A soft shadow on the floor under an object. */
export const shadow = (cx: number, cy: number, rx: number, ry = rx * 0.12) =>
  ellipse(cx, cy, rx, ry, '#000', 'opacity=".16"');

/** A vertical two-stop gradient, declared inline (ids are unique within a drawing). */
export const vgrad = (id: string, top: string, bottom: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;

/** A whole drawing. Scenes are 1200x800; portraits and icons are square. */
export const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** An indoor back wall and floor, with a skirting line and a little light from the left. */
export function room(wall: string, floor: string, floorY = 600, width = 1200): string {
  return [
    rect(-400, -400, width + 800, floorY + 400, wall),
    rect(-400, -400, 380, floorY + 400, lighten(wall, 0.12), 'opacity=".6"'),
    rect(-400, floorY, width + 800, 800, floor),
    rect(-400, floorY - 14, width + 800, 14, darken(wall, 0.2)),
    rect(-400, floorY, width + 800, 18, darken(floor, 0.12)),
  ].join('');
}

/** A floor of square tiles, for kitchens, plant rooms and shops. */
export function tiles(floorY: number, color: string, size = 90): string {
  const lines: string[] = [];
  for (let x = -400; x < 1600; x += size) lines.push(`M${x} ${floorY}L${600 + (x - 600) * 1.8} 1000`);
  for (let y = floorY + 30, step = 30; y < 820; step *= 1.35, y += step) lines.push(`M-400 ${n(y)}H1600`);
  return line(lines.join(''), darken(color, 0.12), 3, 'opacity=".7"');
}

/** Sky with a soft gradient, a sun and a few clouds; `tone` picks the time of day. */
export function sky(id: string, tone: 'day' | 'morning' | 'evening', horizon = 600): string {
  const tones: Record<typeof tone, [string, string, string]> = {
    day: ['#7cc4f0', '#e3f3fc', '#fff7d6'],
    morning: ['#9fc9ea', '#fde7c8', '#fff1c1'],
    evening: ['#5b6ea8', '#f6b68b', '#ffd58a'],
  };
  const [top, bottom, sun] = tones[tone];
  const cloud = (x: number, y: number, s: number) =>
    g(
      [ellipse(0, 0, 70, 26, '#fff'), ellipse(-48, 10, 44, 20, '#fff'), ellipse(52, 8, 50, 22, '#fff')].join(
        '',
      ),
      `translate(${x} ${y}) scale(${s})`,
      'opacity="0.85"',
    );
  return [
    vgrad(id, top, bottom),
    rect(-400, -400, 2000, horizon + 400, `url(#${id})`),
    circle(
      tone === 'evening' ? 980 : 1010,
      tone === 'evening' ? horizon - 120 : 130,
      56,
      sun,
      'opacity=".9"',
    ),
    cloud(220, 120, 1),
    cloud(640, 80, 0.7),
  ].join('');
}

/** A leafy tree standing on the ground at (x, y). */
export function tree(x: number, y: number, s = 1, color: string = C.leaf): string {
  return g(
    [
      rect(-10, -120, 20, 120, '#7c5a3a'),
      circle(0, -170, 70, color),
      circle(-48, -130, 48, darken(color, 0.1)),
      circle(50, -135, 52, lighten(color, 0.1)),
      circle(-20, -200, 40, lighten(color, 0.15)),
    ].join(''),
    `translate(${x} ${y}) scale(${s})`,
  );
}

/** A palm standing on the ground at (x, y), its crown `h` above it. */
export function palm(x: number, y: number, h: number, color: string = C.leaf): string {
  const top = y - h;
  return [
    rect(x - 7, top, 14, h, '#7c5a3a'),
    path(
      `M${x} ${top}c-65-15-100 20-110 40c45-35 80-30 110-40zM${x} ${top}c65-15 100 20 110 40c-45-35-80-30-110-40zM${x} ${top}c-25-50 5-85 17-95c-10 30-10 65-17 95z`,
      color,
    ),
  ].join('');
}

/** Mirror a whole 1200-wide drawing left to right. */
export const mirrored = (body: string, flip: boolean, width = 1200) =>
  flip ? g(body, `translate(${width} 0) scale(-1 1)`) : body;

/** Zoom a scene on a point, keeping the canvas filled (scenes draw their backgrounds wide). */
export const zoomed = (body: string, scale: number, cx: number, cy: number) =>
  scale === 1 ? body : g(body, `translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})`);
