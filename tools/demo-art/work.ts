import {
  box,
  C,
  circle,
  darken,
  ellipse,
  g,
  lighten,
  line,
  path,
  pick,
  poly,
  rect,
  room,
  rrect,
  shadow,
  sky,
  tiles,
} from './kit';
import { HAIR, type PersonLook, person, reachingArm, SKIN } from './people';

/**
 * The work of each demo service as objects and scenes. A scene is drawn in one of three states:
 * `fault` (what the customer called about), `fixed` (the same framing after the job) and `work`
 * (a technician on the job). `v` varies colours, props and people, so no two pictures repeat.
 */
export type SceneState = 'fault' | 'fixed' | 'work';
export interface SceneOptions {
  state: SceneState;
  v: number;
}
/** Close-ups show the work going on, or the finished job. */
export interface DetailOptions {
  state: 'work' | 'fixed';
  v: number;
}

/** A technician in the company's navy or amber polo, varied by seed. */
export function tech(seed: number, extra: Partial<PersonLook> = {}): PersonLook {
  return {
    skin: pick(SKIN, seed * 3 + 1),
    hair: pick(HAIR, seed * 5),
    shirt: pick([C.navy, '#0e7490', C.navyDark, '#1d4ed8'], seed),
    trousers: pick(['#1f2937', '#374151', '#3f3a36'], seed),
    head: pick(['cap', 'short', 'helmet', 'short', 'cap'] as const, seed),
    ...extra,
  };
}

/** An open toolbox with a few tools, on the floor at (x, y). */
export function toolbox(x: number, y: number, s = 1, color: string = C.red): string {
  return g(
    [
      shadow(0, 0, 110),
      path('M-90 -90h180l-10 90h-160z', color),
      rect(-96, -100, 192, 18, darken(color, 0.2)),
      rect(-60, -150, 10, 50, '#9ca3af', 'transform="rotate(-20 -55 -125)"'),
      rrect(-30, -160, 16, 70, 6, C.amber),
      rect(-27, -190, 10, 34, '#9ca3af'),
      path('M20 -150l40 -10 6 56-40 6z', '#6b7280'),
      line('M-40 -112q40 -60 80 0', C.ink, 8),
      rect(-90, -60, 180, 8, darken(color, 0.25), 'opacity=".5"'),
    ].join(''),
    `translate(${x} ${y}) scale(${s})`,
  );
}

/** A puddle on the floor. */
const puddle = (cx: number, cy: number, rx: number) =>
  [
    ellipse(cx, cy, rx, rx * 0.16, '#93c5fd', 'opacity=".7"'),
    ellipse(cx - rx * 0.3, cy - 2, rx * 0.3, rx * 0.04, '#fff', 'opacity=".7"'),
  ].join('');

/** Frost: lumpy white ice along a top edge from x1 to x2, with icicles. */
function frost(x1: number, x2: number, y: number, seed: number): string {
  const parts: string[] = [];
  for (let x = x1, i = 0; x < x2; x += 26, i++) {
    parts.push(circle(x, y, 14 + ((i * 7 + seed) % 9), '#f1f5f9'));
    if ((i + seed) % 2 === 0)
      parts.push(poly([x - 6, y + 8, x + 6, y + 8, x, y + 30 + ((i * 13) % 24)], '#e0f2fe'));
  }
  return parts.join('');
}

/** A blotch of soot or damp, made of overlapping circles. */
function blotch(cx: number, cy: number, r: number, color: string, opacity = 0.6): string {
  const dots = [
    [0, 0, 1],
    [0.6, 0.2, 0.7],
    [-0.5, 0.3, 0.65],
    [0.2, -0.6, 0.6],
    [-0.3, -0.5, 0.5],
  ].map(([dx, dy, k]) => circle(cx + dx! * r, cy + dy! * r, k! * r, color));
  return g(dots.join(''), undefined, `opacity="${opacity}"`);
}

/** Shelves of boxes and crates, as in a cold room or a store. */
export function shelves(x: number, y: number, w: number, h: number, rows: number, seed: number): string {
  const out: string[] = [];
  const colors = [C.amber, '#16a34a', '#dc2626', '#2563eb', '#f8fafc', '#a16207', '#0e7490'];
  for (let r = 0; r < rows; r++) {
    const sy = y + ((r + 1) * h) / rows;
    out.push(rect(x, sy - 8, w, 8, '#94a3b8'));
    let bx = x + 6;
    let i = 0;
    while (bx < x + w - 40) {
      const bw = 34 + ((seed * 7 + r * 11 + i * 5) % 4) * 10;
      const bh = 30 + ((seed * 3 + r * 5 + i * 7) % 4) * 10;
      if (bx + bw > x + w - 6) break;
      const c = colors[(seed + r * 3 + i) % colors.length]!;
      out.push(rect(bx, sy - 8 - bh, bw, bh, c), rect(bx, sy - 8 - bh, bw, 6, lighten(c, 0.3)));
      bx += bw + 6;
      i++;
    }
  }
  out.push(rect(x, y, 8, h, '#64748b'), rect(x + w - 8, y, 8, h, '#64748b'));
  return out.join('');
}

/* ----------------------------------------------------------------- 0: cold room */

export function coldRoom({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const wall = pick(['#e8e2d6', '#dde6ee', '#e6e1ec'], v);
  const floor = pick(['#9ca3af', '#a8a29e', '#8da2b5'], v);
  const panel = pick(['#f1f5f9', '#e7eef5', '#f5f3ee'], v);
  const doorX = 400 + (v % 2) * 60;
  const interior = fault ? '#9fb7c9' : '#bfe3fb';
  const parts = [
    room(wall, floor, 640),
    tiles(640, floor, 110),
    box(90, 110, 900, 530, 60, panel),
    ...[210, 330, 810, 930].map((x) => rect(x, 110, 3, 530, darken(panel, 0.12))),
    rect(90, 110, 900, 12, darken(panel, 0.08)),
    // the doorway and what is inside
    rect(doorX - 14, 186, 308, 454, darken(panel, 0.25)),
    rect(doorX, 200, 280, 440, interior),
    rect(doorX, 200, 280, 60, darken(interior, 0.15)),
    rect(doorX + 40, 212, 200, 36, fault ? '#e2e8f0' : '#94a3b8'),
    ...[0, 1, 2, 3, 4].map((i) => rect(doorX + 56 + i * 36, 218, 20, 24, darken(interior, 0.35))),
    shelves(doorX + 14, 270, 252, 360, 3, v),
    // strip curtain
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      rect(doorX + 6 + i * 46, 200, 40, 440, '#ffffff', `opacity="${fault ? 0.08 : 0.18}"`),
    ),
    // the door swung open, thick and insulated
    poly([doorX + 280, 186, doorX + 420, 150, doorX + 420, 690, doorX + 280, 640], lighten(panel, 0.2)),
    poly([doorX + 280, 186, doorX + 300, 180, doorX + 300, 646, doorX + 280, 640], darken(panel, 0.3)),
    rrect(doorX + 380, 380, 18, 110, 8, '#64748b'),
    // the temperature display above the door
    rrect(doorX + 90, 128, 110, 44, 8, C.ink),
    ...[0, 1, 2].map((i) => rect(doorX + 104 + i * 30, 140, 22, 20, fault ? C.red : C.greenLight)),
  ];
  if (fault) {
    parts.push(
      frost(doorX, doorX + 280, 262, v),
      frost(doorX + 14, doorX + 266, 388, v + 1),
      frost(doorX + 14, doorX + 266, 508, v + 2),
      frost(doorX - 10, doorX + 300, 190, v + 3),
      puddle(doorX + 150, 700, 200),
      g(
        rect(doorX - 120, 610, 70, 50, C.amber) + rect(doorX - 40, 630, 56, 36, '#dc2626'),
        undefined,
        'opacity=".9"',
      ),
      line(`M${doorX + 300} 300q30 40 6 90q-20 40 10 80`, '#1f2937', 8),
    );
  }
  if (state === 'work') {
    parts.push(
      person(doorX + 560, 740, 0.95, tech(v, { pose: 'reach', held: 'tablet', head: 'cap' })),
      toolbox(doorX - 200, 730, 0.8),
    );
  }
  if (state === 'fixed') parts.push(rect(-400, 640, 2000, 200, '#fff', 'opacity=".08"'));
  return parts.join('');
}

/** Close-up: the evaporator on the cold room's ceiling and its temperature controller. */
export function coldRoomDetail({ state, v }: DetailOptions): string {
  const fan = (cx: number) =>
    [
      circle(cx, 270, 92, '#374151'),
      circle(cx, 270, 78, '#1f2937'),
      line(`M${cx - 70} 270h140M${cx} 200v140M${cx - 50} 220l100 100M${cx + 50} 220l-100 100`, '#6b7280', 6),
      circle(cx, 270, 16, '#9ca3af'),
    ].join('');
  return [
    rect(-400, -400, 2000, 1600, pick(['#dbe7f0', '#e2e8f0', '#d9e4e8'], v)),
    ...[0, 1, 2, 3].map((i) => rect(120 + i * 300, -10, 4, 820, '#b6c6d3')),
    box(100, 120, 980, 300, 50, '#eef2f6'),
    rect(130, 150, 520, 240, '#cbd5e1'),
    line(Array.from({ length: 26 }, (_, i) => `M${140 + i * 20} 155v230`).join(''), '#94a3b8', 5),
    fan(780),
    fan(960),
    // the controller beside the door
    rrect(380, 520, 400, 190, 22, C.ink),
    rect(420, 550, 220, 90, '#0f172a'),
    ...[0, 1, 2].map((i) => rect(436 + i * 66, 566, 50, 58, C.greenLight)),
    ...[0, 1, 2].map((i) => circle(690, 560 + i * 50, 16, '#64748b')),
    state === 'work'
      ? [
          line('M900 800l-60-240', '#9ca3af', 10),
          rrect(800, 470, 110, 130, 16, C.amber),
          rect(818, 490, 74, 44, '#bef264'),
          reachingArm(880, 610, 35, tech(v + 2)),
        ].join('')
      : '',
  ].join('');
}

/* ----------------------------------------------------------------- 1: domestic fridge */

function kitchen(v: number): string {
  const wall = pick(['#f3e8d2', '#e3efe6', '#efe4ea'], v);
  const cabinet = pick(['#f8fafc', '#8b5e34', '#5b7c99'], v);
  const floor = pick(['#c8b59a', '#b5a48c', '#cbd5e1'], v);
  const splash: string[] = [];
  for (let x = 0; x < 440; x += 40)
    for (let y = 300; y < 420; y += 30) splash.push(rect(x + 2, y + 2, 36, 26, lighten(wall, 0.4)));
  return [
    room(wall, floor, 640),
    tiles(640, floor, 120),
    ...splash,
    rect(0, 80, 420, 200, cabinet),
    line('M140 90v180M280 90v180', darken(cabinet, 0.2), 4),
    rect(0, 420, 440, 24, darken(cabinet, 0.3)),
    rect(0, 444, 440, 196, cabinet),
    line('M146 454v176M292 454v176', darken(cabinet, 0.2), 4),
    rect(120, 500, 10, 40, C.steelDark),
    rect(160, 500, 10, 40, C.steelDark),
    circle(320, 400, 26, '#16a34a'),
    rect(306, 400, 28, 20, '#b45309'),
  ].join('');
}

/** The domestic fridge, pulled from the wall, its back panel off: coil, compressor and pipes. */
export function fridgeBack({ state, v }: SceneOptions): string {
  const body = pick(['#e5e7eb', '#d1d5db', '#e7e5e4'], v);
  return [
    kitchen(v),
    shadow(740, 650, 190, 18),
    box(560, 120, 300, 520, 70, body),
    rect(590, 150, 240, 460, '#374151'),
    line(
      Array.from({ length: 11 }, (_, i) => `M610 ${180 + i * 32}h200`).join('') +
        Array.from({ length: 10 }, (_, i) => `M${i % 2 ? 610 : 810} ${180 + i * 32}v32`).join(''),
      '#111827',
      7,
    ),
    path('M640 610v-60c0-40 30-60 60-60s60 20 60 60v60z', '#111827'),
    ellipse(700, 520, 44, 14, '#4b5563', 'opacity=".6"'),
    line('M760 570h40v-80h20M640 570h-20v-100', C.copper, 8),
    rrect(780, 560, 40, 30, 4, state === 'fault' ? C.soot : C.ink),
    // the removed back panel leaning on the wall
    poly([900, 640, 940, 200, 1100, 200, 1080, 640], lighten(body, 0.1)),
    poly([900, 640, 940, 200, 952, 200, 912, 640], darken(body, 0.2)),
    toolbox(360, 740, 0.9, pick([C.red, C.amber, '#2563eb'], v)),
    state === 'work' ? person(1040, 760, 0.9, tech(v + 1, { pose: 'reach', held: 'meter' })) : '',
  ].join('');
}

/** The same fridge from the front with its doors open: iced up and dark, or clean and lit. */
export function fridgeFront({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const body = pick(['#e5e7eb', '#cbd5e1', '#44403c'], v);
  const inside = fault ? '#9ca3af' : '#f8fafc';
  const x = 560;
  const food = fault
    ? [ellipse(x + 80, 520, 30, 18, '#84cc16', 'opacity=".6"'), rect(x + 150, 490, 24, 46, '#a3a3a3')]
    : [
        rect(x + 30, 470, 24, 66, '#16a34a'),
        rect(x + 64, 486, 24, 50, '#f59e0b'),
        circle(x + 120, 516, 20, '#dc2626'),
        circle(x + 156, 520, 16, '#ea580c'),
        rect(x + 190, 480, 30, 56, '#fef3c7'),
        rect(x + 40, 380, 80, 40, '#f1f5f9'),
        rect(x + 140, 372, 70, 48, '#fde68a'),
      ];
  return [
    kitchen(v + 1),
    shadow(x + 140, 650, 200, 18),
    box(x, 100, 280, 540, 60, body),
    rect(x + 14, 112, 252, 160, fault ? '#cbd5e1' : '#e0f2fe'),
    rect(x + 14, 290, 252, 330, inside),
    line(`M${x + 20} 430h240M${x + 20} 548h240`, '#cbd5e1', 6),
    ...food,
    // the doors, swung open to the left
    poly([x, 100, x - 130, 70, x - 130, 290, x, 280], lighten(body, 0.12)),
    poly([x, 290, x - 130, 300, x - 130, 680, x, 640], lighten(body, 0.12)),
    line(`M${x - 120} 400l110 -4M${x - 120} 500l110 -2M${x - 120} 590l110 0`, '#cbd5e1', 6),
    fault
      ? ''
      : [
          rect(x - 100, 370, 18, 28, C.green),
          rect(x - 76, 364, 18, 34, '#f8fafc'),
          rect(x - 50, 474, 22, 24, C.amber),
        ].join(''),
    fault
      ? [
          path(`M${x + 14} 112h252v150c-40 20-80-10-126 14s-90 0-126-14z`, '#f8fafc'),
          frost(x + 20, x + 260, 272, v),
          puddle(x + 120, 700, 180),
          line(`M${x + 200} 640v40`, '#93c5fd', 6),
        ].join('')
      : rect(x + 110, 296, 60, 8, '#fef9c3'),
    state === 'fixed' ? circle(x + 240, 80, 10, C.greenLight) : '',
  ].join('');
}

/** Close-up: the compressor's start relay under a multimeter's probes. */
export function fridgeDetail({ state, v }: DetailOptions): string {
  return [
    rect(-400, -400, 2000, 1600, pick(['#2f3b4c', '#3a3f47', '#33404a'], v)),
    path('M260 780v-300c0-150 130-240 300-240s300 90 300 240v300z', '#111827'),
    path('M340 420c40-90 120-130 220-130', '#fff', 'opacity=".1"'),
    line('M860 520h140v-200M300 560h-140v-300', C.copper, 22),
    rrect(520, 420, 200, 150, 14, '#e5e7eb'),
    rrect(540, 440, 160, 40, 6, '#cbd5e1'),
    line('M560 570q-40 120-160 150M680 570q30 100 140 140', C.ink, 12),
    state === 'fixed'
      ? [
          rrect(740, 380, 90, 50, 8, C.greenLight),
          rect(650, 600, 220, 60, '#fef3c7'),
          line('M670 620h120M670 640h80', '#a16207', 5),
        ].join('')
      : g(
          [
            line('M760 430l160 -220', C.red, 14),
            line('M470 450l-150 -230', C.ink, 14),
            rrect(880, 120, 150, 220, 18, C.amber),
            rect(905, 150, 100, 60, '#bef264'),
            circle(955, 270, 30, C.ink),
          ].join(''),
        ),
  ].join('');
}

/* ----------------------------------------------------------------- 2: electrical */

/** A row of breakers on a DIN rail, x..x+w at y. */
function breakers(x: number, y: number, count: number, tripped: number[]): string {
  const out = [rect(x - 10, y + 24, count * 44 + 20, 12, '#9ca3af')];
  for (let i = 0; i < count; i++) {
    const bx = x + i * 44;
    const off = tripped.includes(i);
    out.push(
      rect(bx, y, 38, 80, '#f8fafc'),
      rect(bx + 36, y, 2, 80, '#cbd5e1'),
      rect(bx + 12, off ? y + 40 : y + 16, 14, 24, off ? C.red : C.ink),
      rect(bx + 6, y + 66, 26, 6, i % 3 === 0 ? C.amber : '#60a5fa'),
    );
  }
  return out.join('');
}

export function electrical({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const wall = pick(['#d6d3d1', '#cfd8dc', '#e5dccb'], v);
  const floor = pick(['#78716c', '#64748b', '#8b7355'], v);
  const x = 400 + (v % 2) * 40;
  const wires = fault
    ? line(
        `M${x + 60} 520c-40 60 80 40 20 120M${x + 120} 520c60 40-60 80 20 130M${x + 190} 520c-50 50 70 60-10 120M${x + 250} 520c40 40-30 80 40 120M${x + 100} 520c90 30 20 90 120 120`,
        pick(['#dc2626', '#111827', '#2563eb'], v),
        7,
      ) + line(`M${x + 80} 520c30 40 120 30 60 120M${x + 220} 520c-60 50-20 70-90 120`, '#facc15', 7)
    : [C.red, '#111827', '#2563eb', '#16a34a', '#facc15', C.red, '#111827']
        .map((c, i) => line(`M${x + 50 + i * 36} 500v150`, c, 7))
        .join('') + rect(x + 30, 560, 260, 16, '#e5e7eb');
  const parts = [
    room(wall, floor, 680),
    // conduits on the wall
    rect(x + 100, -10, 26, 150, '#e5e7eb'),
    rect(x + 200, -10, 26, 150, '#e5e7eb'),
    rect(x + 40, 640, 240, 60, '#e5e7eb'),
    shadow(x + 170, 700, 200),
    box(x, 130, 340, 400, 40, '#9ca3af'),
    rect(x + 16, 146, 308, 368, '#e5e7eb'),
    rect(x + 30, 160, 40, 340, C.copper, 'opacity=".7"'),
    rrect(x + 84, 164, 90, 110, 8, '#374151'),
    rect(x + 112, 186, 34, 60, C.red),
    breakers(x + 190, 180, 3, []),
    breakers(x + 84, 300, 5, fault ? [2] : []),
    breakers(x + 84, 410, 5, fault ? [0, 4] : []),
    wires,
    // the cabinet door, open to the left, with the circuit chart
    poly([x, 130, x - 170, 100, x - 170, 570, x, 530], '#b0b8c1'),
    poly([x - 150, 150, x - 30, 160, x - 30, 330, x - 150, 330], '#fff'),
    line(`M${x - 136} 190h90M${x - 136} 220h80M${x - 136} 250h96M${x - 136} 280h70`, '#94a3b8', 6),
  ];
  if (fault) {
    parts.push(
      path(`M${x + 120} 140c-60-80 40-100 -20-180h200c-40 80 60 100 -20 180z`, '#44403c', 'opacity=".35"'),
      blotch(x + 170, 110, 90, C.soot, 0.35),
      blotch(x + 170, 350, 80, C.soot, 0.75),
      blotch(x + 260, 460, 40, C.soot, 0.6),
      line(`M${x + 150} 320c10-20 -10-40 6-60c14-18 -6-36 4-50`, '#6b7280', 10, 'opacity=".5"'),
      line(`M${x + 174} 380l10 30l-14 6l12 24`, '#f97316', 5),
    );
  }
  if (state === 'work') {
    parts.push(
      person(
        x + 520,
        780,
        1,
        tech(v + 2, { head: 'helmet', pose: 'reach', held: 'meter', shirt: pick([C.navy, '#0e7490'], v) }),
      ),
      circle(x - 200, 720, 60, '#f97316'),
      circle(x - 200, 720, 24, darken(wall, 0.3)),
      circle(x - 200, 720, 46, '#ea580c', 'fill-opacity="0" stroke="#c2410c" stroke-width="6"'),
    );
  }
  return parts.join('');
}

export function electricalDetail({ state, v }: DetailOptions): string {
  return [
    rect(-400, -400, 2000, 1600, '#e5e7eb'),
    rect(-400, 60, 2000, 24, '#9ca3af'),
    g(breakers(20, 0, 6, []), 'translate(120 120) scale(2.6)'),
    [C.red, '#111827', '#2563eb', C.red, '#111827', '#2563eb']
      .map((c, i) => line(`M${210 + i * 114} 520v300`, c, 16))
      .join('') +
      [0, 1, 2, 3, 4, 5]
        .map((i) => rect(190 + i * 114, 600, 40, 26, pick([C.amber, '#fef08a', '#bae6fd'], i + v)))
        .join(''),
    state === 'work' ? [reachingArm(960, 560, 40, tech(v + 4), 'screwdriver')].join('') : '',
    state === 'fixed'
      ? [
          rect(0, 740, 1200, 60, '#9ca3af'),
          rect(60, 752, 300, 36, '#f8fafc'),
          circle(1080, 120, 18, C.greenLight),
        ].join('')
      : '',
  ].join('');
}

/* ----------------------------------------------------------------- 3: generator and UPS */

export function generatorBay({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const canopy = pick(['#eab308', '#15803d', '#1d4ed8'], v);
  const wall = pick(['#cbd5e1', '#d6d3d1', '#c7d2cc'], v);
  const floor = fault ? '#78716c' : pick(['#5f7f74', '#64748b', '#6b7c5f'], v);
  const louvre = (x: number, y: number, w: number, rows: number, c: string) =>
    Array.from({ length: rows }, (_, i) => rect(x, y + i * 18, w, 8, c)).join('');
  const batteries: string[] = [];
  for (let r = 0; r < 3; r++)
    for (let i = 0; i < 3; i++) {
      const bx = 930 + i * 62;
      const by = 300 + r * 110;
      batteries.push(
        rect(bx, by, 54, 80, '#1f2937'),
        rect(bx + 8, by - 8, 10, 8, C.red),
        rect(bx + 36, by - 8, 10, 8, '#111827'),
        fault && (r + i + v) % 3 === 0 ? blotch(bx + 42, by - 6, 12, '#65a30d', 0.9) : '',
      );
    }
  const parts = [
    room(wall, floor, 640),
    louvre(80, 60, 220, 6, darken(wall, 0.15)),
    fault ? '' : rect(-400, 620, 2000, 8, C.amber),
    // the generator on its skid, exhaust through the wall
    rect(120, 600, 580, 30, '#374151'),
    box(140, 330, 540, 270, 80, canopy),
    louvre(170, 380, 200, 8, darken(canopy, 0.2)),
    rrect(420, 380, 200, 130, 10, C.ink),
    circle(470, 430, 26, '#f8fafc'),
    circle(560, 430, 26, '#f8fafc'),
    line('M470 430l14-14M560 430l-4 -18', C.red, 5),
    rect(450, 480, 140, 14, fault ? C.red : C.greenLight),
    line('M620 330v-120h100v-260', '#6b7280', 34),
    rrect(600, 240, 60, 110, 12, '#4b5563'),
    // UPS cabinet and battery rack
    box(760, 220, 140, 400, 40, '#374151'),
    rect(785, 260, 90, 60, fault ? '#7f1d1d' : '#0ea5e9'),
    circle(800, 350, 8, fault ? C.red : C.greenLight),
    circle(830, 350, 8, C.amber),
    rect(920, 220, 210, 400, darken(wall, 0.25)),
    ...batteries,
    fault
      ? line('M720 640c30-30 60 30 100-10s70 30 110-10M700 560c-30 40 40 60 10 80', '#111827', 8)
      : line('M700 200h420', '#9ca3af', 18) + line('M720 200v-4M840 200v-4', '#6b7280', 6),
  ];
  if (fault)
    parts.push(ellipse(380, 660, 170, 22, '#1c1917', 'opacity=".75"'), blotch(230, 420, 40, '#57534e', 0.4));
  if (state === 'work')
    parts.push(
      person(520, 790, 1, tech(v + 3, { head: 'helmet', pose: 'hold', held: 'tablet', back: false })),
    );
  return parts.join('');
}

/** Close-up: the backup batteries on their rack, linked in series. */
export function generatorDetail({ state, v }: DetailOptions): string {
  const post = (x: number, cap: string) =>
    [
      rect(x - 22, 200, 44, 50, '#9ca3af'),
      ellipse(x, 200, 22, 8, '#d1d5db'),
      state === 'fixed' ? path(`M${x - 34} 250v-50c0-30 68-30 68 0v50z`, cap) : '',
    ].join('');
  const battery = (x: number) =>
    [
      box(x, 250, 420, 300, 50, pick(['#475569', '#334155', '#52525b'], v)),
      rect(x, 250, 420, 30, '#1f2937'),
      rect(x + 30, 330, 360, 70, pick(['#e2e8f0', '#fef3c7'], v)),
      rect(x + 50, 350, 120, 30, C.navy),
      rect(x + 190, 350, 60, 30, C.amber),
      path(`M${x + 70} 440h40v-20h20v20h40v20h-40v20h-20v-20h-40z`, C.red),
      rect(x + 300, 440, 60, 20, '#f8fafc'),
      post(x + 80, C.red),
      post(x + 340, '#111827'),
    ].join('');
  return [
    rect(-400, -400, 2000, 1600, pick(['#1f2937', '#27313f', '#2b2f36'], v)),
    rect(-400, 550, 2000, 40, '#6b7280'),
    rect(-400, 590, 2000, 400, '#111827'),
    battery(110),
    battery(650),
    line('M450 210c60-80 200-80 260 0', '#111827', 26),
    line('M190 210c-20-120 -60-180 -120-240', C.red, 30),
    line('M990 210c20-120 60-180 120-240', '#111827', 30),
    state === 'work'
      ? g(
          path('M-20 0h40l-10 180h-20z', '#9ca3af') + rrect(-40, -70, 80, 80, 20, '#9ca3af'),
          'translate(990 160) rotate(-30)',
        )
      : '',
    state === 'fixed'
      ? [rect(120, 700, 960, 40, C.amber), rect(560, 620, 80, 50, C.greenLight)].join('')
      : '',
  ].join('');
}

/* ----------------------------------------------------------------- 4: CCTV on a building corner */

/** A bullet camera on its bracket at (x, y), looking left and down; `broken` hangs from its cable. */
export function bulletCamera(
  x: number,
  y: number,
  s: number,
  broken = false,
  color: string = C.white,
): string {
  const body = [
    rrect(-150, -34, 170, 68, 24, color),
    rect(-150, -44, 160, 14, darken(color, 0.1)),
    circle(-150, 0, 30, C.ink),
    circle(-150, 0, 16, '#0ea5e9'),
    circle(-156, -6, 5, '#fff'),
    circle(-10, 18, 5, broken ? C.red : C.greenLight),
  ].join('');
  return g(
    [
      rrect(-6, -40, 40, 80, 6, '#9ca3af'),
      line('M20 0h40', '#6b7280', 18),
      broken ? g(body, 'translate(20 40) rotate(70)') : g(body, 'rotate(-18)'),
      broken ? line('M40 10q-10 80 -60 110', C.ink, 6) : '',
    ].join(''),
    `translate(${x} ${y}) scale(${s})`,
  );
}

export function cctvCorner({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const plaster = pick(['#e7d3b7', '#d9c2a6', '#cfd6de'], v);
  const tone = pick(['day', 'morning', 'evening'] as const, v);
  const win = (x: number, y: number, c: string) =>
    [
      rect(x, y, 110, 130, darken(c, 0.35)),
      rect(x + 8, y + 8, 94, 114, '#9cc9e6'),
      rect(x + 52, y + 8, 6, 114, darken(c, 0.35)),
    ].join('');
  const cone = fault ? '' : poly([560, 270, 120, 790, 520, 800], '#fde68a', 'opacity=".35"');
  return [
    sky(`sky-cctv-${v}`, tone, 700),
    // the building corner: a shaded side and a lit front
    poly([80, 40, 640, 120, 640, 800, 80, 800], darken(plaster, 0.15)),
    poly([640, 120, 1250, 40, 1250, 800, 640, 800], plaster),
    rect(-400, 720, 2000, 100, '#9ca3af'),
    win(200, 360, darken(plaster, 0.15)),
    win(800, 330, plaster),
    win(1000, 320, plaster),
    rect(640, 120, 8, 680, darken(plaster, 0.3)),
    line('M650 300v420', fault ? '#111827' : '#e5e7eb', 12),
    cone,
    bulletCamera(640, 250, 1.1, fault),
    fault
      ? [
          rrect(660, 400, 70, 80, 6, '#6b7280'),
          line('M680 480q-10 50 20 80M710 480q20 40 -10 90', C.red, 5),
          blotch(300, 640, 60, '#57534e', 0.3),
        ].join('')
      : rrect(660, 400, 70, 80, 6, '#e5e7eb'),
    // the technician on a ladder
    state === 'work'
      ? [
          line('M860 790l-90-560M960 790l-80-560', '#9ca3af', 14),
          line(
            Array.from({ length: 8 }, (_, i) => `M${855 - i * 11} ${760 - i * 70}h${100 - i * 2}`).join(''),
            '#9ca3af',
            10,
          ),
          person(840, 560, 0.9, tech(v + 5, { pose: 'up', held: 'drill', head: 'helmet', back: true })),
        ].join('')
      : '',
  ].join('');
}

export function cctvDetail({ state, v }: DetailOptions): string {
  return [
    rect(-400, -400, 2000, 1600, pick(['#d9c2a6', '#c9d2da'], v)),
    rect(900, -100, 20, 1000, darken(pick(['#d9c2a6', '#c9d2da'], v), 0.2)),
    bulletCamera(880, 300, 2.6, false, pick([C.white, '#e5e7eb'], v)),
    rrect(560, 520, 240, 200, 14, '#e5e7eb'),
    [
      rect(560, 520, 240, 30, '#cbd5e1'),
      line('M680 720v200M720 720v200', '#111827', 14),
      circle(760, 560, 10, C.greenLight),
    ].join(''),
    state === 'work' ? reachingArm(900, 700, 30, tech(v + 6), 'drill') : '',
    state === 'fixed' ? poly([540, 330, -400, 900, 300, 900], '#fde68a', 'opacity=".3"') : '',
  ].join('');
}

/* ----------------------------------------------------------------- 5: security monitoring room */

/** A small camera view on a monitor: a car park, a corridor, a gate or a store aisle. */
function cameraView(x: number, y: number, w: number, h: number, kind: number, dead: boolean): string {
  if (dead)
    return [
      rect(x, y, w, h, '#1f2937'),
      ...Array.from({ length: 6 }, (_, i) => rect(x, y + (i * h) / 6, w, h / 14, '#6b7280', 'opacity=".6"')),
    ].join('');
  const views = [
    [
      rect(x, y, w, h, '#475569'),
      line(
        `M${x + w * 0.2} ${y + h}l${w * 0.1} ${-h * 0.6}M${x + w * 0.5} ${y + h}v${-h * 0.6}M${x + w * 0.8} ${y + h}l${-w * 0.1} ${-h * 0.6}`,
        '#e5e7eb',
        2,
      ),
      rrect(x + w * 0.55, y + h * 0.55, w * 0.2, h * 0.2, 4, C.red),
    ],
    [
      rect(x, y, w, h, '#64748b'),
      poly([x + w * 0.35, y + h * 0.3, x + w * 0.65, y + h * 0.3, x + w, y + h, x, y + h], '#94a3b8'),
      rect(x + w * 0.4, y + h * 0.3, w * 0.2, h * 0.3, '#cbd5e1'),
    ],
    [
      rect(x, y, w, h, '#3f6212'),
      rect(x, y + h * 0.5, w, h * 0.5, '#57534e'),
      rect(x + w * 0.2, y + h * 0.35, w * 0.6, h * 0.1, '#f59e0b'),
      rect(x + w * 0.7, y + h * 0.2, w * 0.06, h * 0.5, '#e5e7eb'),
    ],
    [
      rect(x, y, w, h, '#44403c'),
      rect(x + w * 0.1, y + h * 0.2, w * 0.25, h * 0.8, '#78716c'),
      rect(x + w * 0.65, y + h * 0.2, w * 0.25, h * 0.8, '#78716c'),
      circle(x + w * 0.5, y + h * 0.55, h * 0.12, '#fbbf24'),
    ],
  ];
  return views[kind % views.length]!.join('');
}

export function monitorRoom({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const wall = pick(['#334155', '#3b4a5a', '#2e3a48'], v);
  const screens: string[] = [];
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 3; c++) {
      const x = 250 + c * 230;
      const y = 110 + r * 160;
      const i = r * 3 + c;
      const dead = fault && (i + v) % 3 !== 1;
      screens.push(rect(x - 10, y - 10, 220, 144, '#0f172a'), cameraView(x, y, 200, 124, i + v, dead));
      if (fault && i === (v + 2) % 6)
        screens.push(line(`M${x} ${y}l200 124M${x + 200} ${y}l-200 124`, C.red, 6));
    }
  const parts = [
    room(wall, '#475569', 640),
    ...screens,
    // the desk and what is on it
    rect(140, 520, 920, 30, '#a16207'),
    rect(160, 550, 880, 90, '#78350f'),
    rrect(420, 490, 240, 26, 6, '#1f2937'),
    circle(760, 500, 22, '#1f2937'),
    rrect(860, 470, 34, 46, 6, pick([C.amber, '#f8fafc', '#dc2626'], v)),
    // alarm keypad on the side wall
    rrect(1000, 250, 110, 150, 12, '#e5e7eb'),
    rect(1016, 266, 78, 30, '#0f172a'),
    ...[0, 1, 2].flatMap((r) =>
      [0, 1, 2].map((c) => rrect(1018 + c * 26, 308 + r * 26, 20, 20, 4, '#94a3b8')),
    ),
    circle(1092, 284, 6, fault ? C.red : C.greenLight),
    // the operator seen from behind, in a chair
    rrect(480, 520, 180, 200, 30, '#111827'),
    rect(560, 700, 20, 90, '#374151'),
    person(570, 760, 0.85, {
      skin: pick(SKIN, v + 2),
      hair: pick(HAIR, v),
      shirt: pick(['#475569', '#0e7490', '#7c2d12'], v),
      back: true,
      head: v % 2 ? 'hijab' : 'short',
    }),
    fault
      ? [
          line('M300 -10c20 80 -30 120 10 200M940 -10c-30 60 30 100 -10 170', '#111827', 6),
          circle(1055, 150, 26, C.red),
          circle(1055, 150, 70, C.red, 'opacity=".18"'),
          rect(-400, -400, 2000, 1600, '#0f172a', 'opacity=".22"'),
        ].join('')
      : '',
  ];
  if (state === 'work')
    parts.push(person(960, 800, 1, tech(v + 6, { pose: 'reach', held: 'wrench', head: 'cap' })));
  return parts.join('');
}

export function monitorDetail({ state, v }: DetailOptions): string {
  const bays = [0, 1, 2, 3].map((i) => {
    const x = 200 + i * 200;
    return [
      rect(x, 330, 170, 150, '#111827'),
      rrect(x + 10, 350, 150, 110, 8, '#6b7280'),
      circle(x + 150, 460, 8, C.greenLight),
    ].join('');
  });
  return [
    rect(-400, -400, 2000, 1600, pick(['#cbd5e1', '#d6d3d1', '#c7d7e0'], v)),
    state === 'fixed'
      ? [
          box(140, 90, 860, 110, 40, '#1f2937'),
          ...Array.from({ length: 12 }, (_, i) => rect(170 + i * 68, 120, 40, 30, '#0f172a')),
          ...Array.from({ length: 12 }, (_, i) =>
            line(
              `M${190 + i * 68} 150q0 60 ${(i - 6) * 6} 110`,
              pick(['#2563eb', C.amber, '#16a34a'], i + v),
              8,
            ),
          ),
        ].join('')
      : '',
    box(140, 260, 860, 300, 70, '#374151'),
    ...bays,
    line('M180 560c0 120 80 160 200 200M940 560c0 100 -60 160 -160 200', '#111827', 12),
    state === 'work' ? reachingArm(960, 640, 35, tech(v + 7), 'disk') : line('M180 640h820', C.amber, 10),
  ].join('');
}

/* ----------------------------------------------------------------- 6: painting */

export function paintRoom({ state, v }: SceneOptions): string {
  const fresh = pick(['#5aa6a0', '#c9824f', '#7d9b6b', '#7b8cc4'], v);
  const old = pick(['#d8cbb0', '#cfc5b4', '#ddd2bf'], v);
  const floor = pick(['#b08968', '#a3a3a3', '#c2a27a'], v);
  const split = state === 'work' ? 560 : state === 'fixed' ? 1600 : -400;
  const edge = Array.from({ length: 9 }, (_, i) => `L${split + (i % 2 ? 12 : -6)} ${i * 80}`).join('');
  const parts = [
    room(old, floor, 640),
    path(`M-400 0H${split}${edge}L${split} 640H-400z`, fresh),
    rect(-400, 0, 2000, 30, '#f8fafc'),
    // the window
    rect(820, 140, 240, 260, '#f8fafc'),
    rect(836, 156, 208, 228, '#a5d8f3'),
    rect(936, 156, 8, 228, '#f8fafc'),
    rect(812, 396, 256, 14, '#e5e7eb'),
  ];
  if (state === 'fault') {
    for (const [x, y, r] of [
      [200, 200, 40],
      [420, 330, 30],
      [640, 160, 36],
      [300, 480, 26],
      [560, 520, 22],
    ] as const)
      parts.push(
        path(
          `M${x - r} ${y}c10-${r} ${r * 1.6}-${r} ${r * 2} ${r * 0.2}c-10 ${r} -${r * 1.5} ${r * 1.2} -${r * 2} -${r * 0.2}z`,
          lighten(old, 0.45),
        ),
        line(`M${x - r} ${y}c10-${r} ${r * 1.6}-${r} ${r * 2} ${r * 0.2}`, darken(old, 0.25), 3),
      );
    parts.push(
      line('M90 80l40 70-20 40 30 60M700 300l-30 60 20 50', darken(old, 0.4), 4),
      blotch(120, 560, 70, '#92400e', 0.25),
      rect(380, 160, 160, 120, lighten(old, 0.2)),
    );
  }
  if (state === 'fixed')
    parts.push(
      rect(360, 150, 180, 130, '#f8fafc'),
      rect(372, 162, 156, 106, pick(['#fde68a', '#bfdbfe', '#fecaca'], v)),
      path('M372 268l50-60 40 40 30-30 36 50z', pick(['#15803d', '#1d4ed8', '#b45309'], v)),
      rrect(160, 470, 420, 150, 30, pick(['#475569', '#f8fafc', '#78350f'], v)),
      rrect(140, 430, 80, 190, 30, darken(pick(['#475569', '#f8fafc', '#78350f'], v), 0.1)),
      rrect(520, 430, 80, 190, 30, darken(pick(['#475569', '#f8fafc', '#78350f'], v), 0.1)),
      rect(720, 520, 40, 100, '#a16207'),
      circle(740, 480, 56, '#16a34a'),
    );
  else {
    parts.push(
      poly([-400, 640, 1600, 640, 1600, 820, -400, 820], '#e5e7eb', 'opacity=".75"'),
      rect(-400, 626, 2000, 12, '#60a5fa'),
      // bucket and tray
      path('M160 700h110l-10 100h-90z', '#f8fafc'),
      ellipse(215, 700, 55, 14, fresh),
      poly([300, 760, 420, 740, 460, 780, 330, 800], '#9ca3af'),
      ellipse(390, 770, 40, 10, fresh),
    );
  }
  if (state === 'work')
    parts.push(
      // A-frame ladder and the painter
      line('M620 790l60-420M760 790l-60-420', '#d97706', 16),
      line(
        Array.from({ length: 5 }, (_, i) => `M${630 + i * 10} ${720 - i * 80}h${120 - i * 20}`).join(''),
        '#d97706',
        10,
      ),
      person(
        690,
        560,
        0.85,
        tech(v + 8, {
          pose: 'up',
          held: 'roller',
          head: pick(['cap', 'short'] as const, v),
          shirt: '#f8fafc',
          trousers: '#334155',
        }),
      ),
    );
  return parts.join('');
}

export function paintDetail({ state, v }: DetailOptions): string {
  const fresh = pick(['#5aa6a0', '#c9824f', '#7d9b6b', '#7b8cc4'], v + 1);
  const old = '#d8cbb0';
  return [
    rect(-400, -400, 2000, 1600, old),
    rect(-400, -400, state === 'fixed' ? 2000 : 1000, 1600, fresh),
    state === 'fixed'
      ? [
          // a room's corner: crisp edges at the cornice, the corner and the skirting, sun on the wall
          rect(-400, -400, 2000, 500, '#f8fafc'),
          rect(-400, 100, 2000, 18, '#e5e7eb'),
          rect(-400, 118, 2000, 12, '#f1f5f9'),
          poly([640, 130, 1200, 60, 1200, 800, 640, 700], darken(fresh, 0.14)),
          poly([640, 100, 1200, 20, 1200, 60, 640, 130], '#e5e7eb'),
          poly([120, 200, 420, 160, 520, 560, 220, 600], '#fff', 'opacity=".16"'),
          poly([880, 200, 1120, 160, 1120, 560, 880, 580], '#f8fafc'),
          poly([904, 224, 1096, 192, 1096, 536, 904, 556], pick(['#bae6fd', '#bfdbfe', '#c7f0e0'], v)),
          line('M1000 208v338', '#f8fafc', 14),
          rect(-400, 700, 1040, 100, '#f8fafc'),
          rect(-400, 700, 1040, 10, '#fff'),
          poly([640, 700, 1200, 800, 1200, 900, 640, 800], '#e5e7eb'),
          circle(140, 700, 90, '#16a34a'),
          circle(70, 660, 60, '#22c55e'),
          path('M80 800l20-110h90l20 110z', pick(['#b45309', '#f8fafc', '#475569'], v)),
        ].join('')
      : g(
          [
            rrect(-40, -140, 420, 150, 60, '#f8fafc'),
            rect(-40, -50, 420, 60, fresh),
            line('M170 10v120l-80 40v400', '#6b7280', 22),
            rrect(60, 440, 60, 300, 20, C.amber),
          ].join(''),
          'translate(520 300) rotate(-8)',
        ),
  ].join('');
}

/* ----------------------------------------------------------------- 7: waterproofing a roof */

export function roofTop({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const coat = pick(['#f1f5f9', '#e7d8c9', '#dbe6ee'], v);
  const slab = '#a8a29e';
  const done = state === 'fixed' ? 1600 : state === 'work' ? 560 : -400;
  const skyline = [
    [0, 380, 160],
    [170, 420, 120],
    [300, 360, 140],
    [460, 400, 120],
    [760, 350, 130],
    [900, 410, 160],
    [1070, 380, 140],
  ]
    .map(([x, y, w]) => rect(x!, y!, w!, 200, pick(['#cbd5e1', '#d6d3d1', '#bfc8d2'], x! + v)))
    .join('');
  const parts = [
    sky(`sky-roof-${v}`, pick(['day', 'morning', 'evening'] as const, v + 1), 480),
    skyline,
    rect(-400, 440, 2000, 60, '#d6d3d1'),
    rect(-400, 430, 2000, 14, '#e7e5e4'),
    poly([-400, 500, 1600, 500, 1600, 820, -400, 820], slab),
    poly([-400, 500, done, 500, done + 80, 820, -400, 820], coat),
    // the water tank on its stand, a dish and a drain
    rect(860, 340, 12, 160, '#57534e'),
    rect(1020, 340, 12, 160, '#57534e'),
    rect(840, 330, 210, 14, '#57534e'),
    rrect(860, 200, 170, 140, 16, '#1f2937'),
    ellipse(945, 202, 85, 18, '#374151'),
    circle(180, 420, 50, '#e5e7eb'),
    line('M180 420l40 60', '#9ca3af', 8),
    rect(60, 500, 40, 30, '#57534e'),
  ];
  if (fault)
    parts.push(
      blotch(300, 640, 90, '#57534e', 0.45),
      blotch(780, 600, 70, '#57534e', 0.4),
      puddle(520, 720, 160),
      puddle(960, 640, 90),
      line('M160 560l60 40-20 50 70 40M640 540l-30 60 40 40', '#44403c', 5),
      blotch(40, 470, 30, '#4d7c0f', 0.6),
      blotch(700, 470, 24, '#4d7c0f', 0.5),
      line('M1100 440v60', '#78716c', 10, 'opacity=".5"'),
    );
  if (state === 'work')
    parts.push(
      line('M560 500l80 320', '#fff', 4, 'opacity=".5"'),
      path('M760 640h80l-8 80h-64z', '#f8fafc'),
      ellipse(800, 640, 40, 10, coat),
      rect(770, 660, 60, 20, C.navy),
      person(
        620,
        760,
        0.95,
        tech(v + 9, { pose: 'hold', head: 'cap', held: 'none', shirt: pick([C.navy, '#0e7490'], v) }),
      ),
      line('M590 520l-110 230', '#6b7280', 8),
      rrect(400, 740, 130, 30, 12, C.white),
    );
  return parts.join('');
}

export function roofDetail({ state, v }: DetailOptions): string {
  const mesh: string[] = [];
  for (let i = 0; i < 30; i++) mesh.push(`M${300 + i * 40} -10l220 820M${1500 - i * 40} -10l-220 820`);
  return [
    rect(-400, -400, 2000, 1600, pick(['#f1f5f9', '#e7d8c9'], v)),
    state === 'work'
      ? [
          // half the slab bare and cracked, half under fibre mesh and the first coat
          rect(-400, -400, 2000, 1600, '#a8a29e'),
          line('M-20 240l140 60 80 -30 160 110 120 -10', '#44403c', 10),
          blotch(200, 560, 110, '#78716c', 0.4),
          poly([560, -10, 1220, -10, 1220, 810, 420, 810], pick(['#f1f5f9', '#e7d8c9'], v)),
          '<clipPath id="coated"><path d="M560 -10H1220V810H420z"/></clipPath>',
          g(line(mesh.join(''), '#cbd5e1', 4), undefined, 'clip-path="url(#coated)"'),
          path(
            'M560 -10c-20 120 30 260 -20 400s20 300 -120 420',
            darken(pick(['#f1f5f9', '#e7d8c9'], v), 0.1),
            'opacity=".7"',
          ),
          path('M760 640h180l-16 170h-148z', '#f8fafc'),
          ellipse(850, 640, 90, 20, pick(['#f1f5f9', '#e7d8c9'], v)),
          rect(760, 690, 180, 30, C.navy),
        ].join('')
      : [
          // where roof meets parapet: the coat turned up the wall, the outlet clear, rain beading
          rect(-400, -400, 2000, 700, '#d6d3d1'),
          rect(-400, -400, 2000, 460, pick(['#9fb8cc', '#b4c3d0'], v)),
          rect(-400, 50, 2000, 24, '#e7e5e4'),
          rect(-400, 180, 2000, 120, pick(['#f1f5f9', '#e7d8c9'], v)),
          poly([-400, 300, 1600, 300, 1600, 340, -400, 340], darken(pick(['#f1f5f9', '#e7d8c9'], v), 0.06)),
          rect(760, 200, 200, 110, '#57534e'),
          rect(776, 214, 168, 82, '#292524'),
          line('M800 214v82M840 214v82M880 214v82M920 214v82', '#78716c', 8),
          ...[0, 1, 2, 3].map((i) => rect(-400, 380 + i * 110, 2000, 50, '#fff', 'opacity=".18"')),
          poly([200, 800, 420, 340, 520, 340, 320, 800], '#fff', 'opacity=".22"'),
          ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
            ellipse(120 + i * 140, 440 + (i % 3) * 110, 24, 12, '#bfdbfe'),
          ),
          ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => ellipse(112 + i * 140, 436 + (i % 3) * 110, 8, 4, '#fff')),
        ].join(''),
    state === 'work'
      ? g(
          [
            rrect(-70, -50, 140, 100, 10, '#a16207'),
            rect(-70, 40, 140, 60, '#e5e7eb'),
            rect(-14, -280, 28, 240, '#a16207'),
          ].join(''),
          'translate(520 420) rotate(30)',
        )
      : '',
    ...(state === 'fixed'
      ? [0, 1, 2, 3, 4].map((i) =>
          g(
            path('M0 -30c14 20 20 30 20 40a20 20 0 0 1-40 0c0-10 6-20 20-40z', '#60a5fa'),
            `translate(${200 + i * 200} ${140 + (i % 2) * 60})`,
          ),
        )
      : []),
  ].join('');
}

/* ----------------------------------------------------------------- 8: AC installation */

/** A split unit's indoor part, w wide, its top left at (x, y). */
export function splitUnit(x: number, y: number, w: number, color: string = '#f8fafc'): string {
  const h = w * 0.3;
  return [
    rrect(x, y, w, h, h * 0.25, color),
    rect(x, y + h * 0.62, w, h * 0.08, darken(color, 0.1)),
    rect(x + w * 0.06, y + h * 0.76, w * 0.88, h * 0.06, darken(color, 0.25)),
    circle(x + w * 0.88, y + h * 0.3, w * 0.015, C.greenLight),
    path(
      `M${x} ${y + h * 0.2}q${w * 0.5} -${h * 0.3} ${w} 0v-${h * 0.05}q-${w * 0.5}-${h * 0.25}-${w} 0z`,
      '#fff',
      'opacity=".5"',
    ),
  ].join('');
}

export function acInstall({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const wall = pick(['#f1ece3', '#e6eef2', '#efe6dc'], v);
  const floor = pick(['#b7916a', '#a8a29e', '#c4a484'], v);
  const acX = 560 + (v % 2) * 60;
  const parts = [
    room(wall, floor, 640),
    tiles(640, floor, 140),
    // window with a curtain, with the low sun coming in on a hot day
    rect(90, 130, 260, 320, '#f8fafc'),
    rect(106, 146, 228, 288, fault ? '#fcd9a8' : '#bfe3f6'),
    rect(214, 146, 12, 288, '#f8fafc'),
    path('M70 110h80c-10 120 10 240 -20 380h-60z', pick(['#b45309', '#1d4ed8', '#7e22ce'], v)),
    // the wall thermometer
    rrect(440, 250, 30, 160, 14, '#f8fafc'),
    circle(455, 410, 22, fault ? C.red : '#2563eb'),
    rect(449, fault ? 280 : 350, 12, fault ? 130 : 60, fault ? C.red : '#2563eb'),
  ];
  if (fault)
    parts.push(
      // an old window unit in the wall, rusting and dripping; a table fan on the floor
      rect(acX, 200, 300, 200, '#d6d3d1'),
      rect(acX + 20, 220, 260, 120, '#a8a29e'),
      line(Array.from({ length: 8 }, (_, i) => `M${acX + 30} ${230 + i * 14}h240`).join(''), '#78716c', 5),
      line(`M${acX + 60} 400v90M${acX + 200} 400v130`, '#92400e', 10, 'opacity=".45"'),
      puddle(acX + 150, 680, 120),
      circle(1000, 560, 60, '#e5e7eb'),
      circle(1000, 560, 16, '#6b7280'),
      line('M1000 620v60M960 690h80', '#6b7280', 14),
      path('M0 0h1200v800h-1200z', '#f59e0b', 'opacity=".08"'),
    );
  else
    parts.push(
      rect(acX + 10, 180, 360, 16, '#9ca3af'),
      splitUnit(acX, 170, 380),
      line(`M${acX + 380} 230h60v-220`, '#f1f5f9', 26),
      line(`M${acX + 380} 230h60v-220`, '#d1d5db', 4, 'stroke-dasharray="4 14"'),
    );
  if (state === 'fixed')
    parts.push(
      line(
        `M${acX + 60} 320q40 40 0 90M${acX + 160} 320q40 40 0 90M${acX + 260} 320q40 40 0 90`,
        '#7dd3fc',
        8,
      ),
      rect(760, 540, 50, 80, '#a16207'),
      circle(785, 500, 56, '#16a34a'),
      circle(760, 470, 36, '#22c55e'),
    );
  if (state === 'work')
    parts.push(
      box(180, 520, 230, 120, 40, '#c8a47a'),
      rect(180, 560, 230, 14, '#a16207'),
      line('M860 790l60-400M1000 790l-60-400', '#9ca3af', 14),
      line(
        Array.from({ length: 4 }, (_, i) => `M${870 + i * 12} ${720 - i * 90}h${120 - i * 24}`).join(''),
        '#9ca3af',
        10,
      ),
      person(930, 520, 0.8, tech(v + 10, { pose: 'up', held: 'drill', head: 'cap', back: true })),
    );
  return parts.join('');
}

/** Close-up: the new indoor unit blowing cool air, and the remote in a customer's hand. */
export function acInstallDetail({ state, v }: DetailOptions): string {
  const wall = pick(['#e6eef2', '#f1ece3', '#ece7f3'], v);
  const skin = pick(SKIN, v + 2);
  return [
    rect(-400, -400, 2000, 1600, wall),
    rrect(-100, 60, 1100, 330, 70, '#f8fafc'),
    rect(-100, 250, 1100, 40, '#e5e7eb'),
    poly([-100, 300, 1000, 300, 980, 380, -80, 380], '#d1d5db'),
    line('M-60 340H960', '#9ca3af', 6),
    circle(880, 160, 12, state === 'work' ? C.amber : '#38bdf8'),
    path('M-100 120q550-90 1100 0v-20q-550-80-1100 0z', '#fff', 'opacity=".6"'),
    ...[0, 1, 2, 3].map((i) => line(`M${80 + i * 230} 420q50 60 0 120q-50 60 0 120`, '#7dd3fc', 12)),
    line('M1000 200h120v-400', '#f1f5f9', 60),
    state === 'work'
      ? reachingArm(980, 560, 50, tech(v + 12), 'screwdriver')
      : g(
          [
            rrect(-60, -130, 120, 260, 30, '#f8fafc'),
            rect(-40, -100, 80, 60, '#0ea5e9'),
            ...[0, 1, 2].map((i) => circle(-30 + i * 30, 10, 12, '#cbd5e1')),
            circle(0, 60, 16, '#2563eb'),
            path('M-70 40c-30 30-40 90-20 150h130c20-40 10-100-20-140z', skin),
            rrect(-90, 20, 60, 36, 18, skin),
          ].join(''),
          'translate(860 640) rotate(-12)',
        ),
  ].join('');
}

/* ----------------------------------------------------------------- 9: AC service, outdoor unit */

/** An AC outdoor unit, w wide, its top left at (x, y): fan grille and coil. */
export function outdoorUnit(
  x: number,
  y: number,
  w: number,
  dusty = false,
  color: string = '#e5e7eb',
): string {
  const h = w * 0.72;
  const r = h * 0.36;
  const cx = x + w * 0.38;
  const cy = y + h * 0.5;
  const spokes = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return `M${cx} ${cy}L${cx + Math.cos(a) * r} ${cy + Math.sin(a) * r}`;
  }).join('');
  return [
    shadow(x + w * 0.5, y + h + 6, w * 0.55),
    box(x, y, w, h, w * 0.18, color),
    circle(cx, cy, r, '#374151'),
    circle(cx, cy, r * 0.66, 'none', `stroke="${color}" stroke-width="${w * 0.01}"`),
    line(spokes, color, w * 0.01),
    circle(cx, cy, r * 0.12, color),
    line(
      Array.from(
        { length: 10 },
        (_, i) => `M${x + w * 0.8 + i * w * 0.016} ${y + h * 0.12}v${h * 0.76}`,
      ).join(''),
      darken(color, 0.25),
      w * 0.006,
    ),
    dusty
      ? [
          rect(x, y, w, h, '#92400e', 'opacity=".22"'),
          blotch(x + w * 0.2, y + h * 0.2, w * 0.1, '#78350f', 0.35),
          blotch(x + w * 0.85, y + h * 0.6, w * 0.08, '#78350f', 0.4),
        ].join('')
      : '',
  ].join('');
}

/** A gauge manifold: two dials (low blue, high red), needles at `reading` (0 low .. 1 high). */
export function gauges(x: number, y: number, s: number, reading: number): string {
  const dial = (cx: number, c: string) => {
    const a = Math.PI * (0.8 + reading * 1.4);
    return [
      circle(cx, 0, 70, c),
      circle(cx, 0, 58, '#f8fafc'),
      path(
        `M${cx} 0L${cx + Math.cos(Math.PI * 1.55) * 58} ${Math.sin(Math.PI * 1.55) * 58}A58 58 0 0 1 ${cx + Math.cos(Math.PI * 1.95) * 58} ${Math.sin(Math.PI * 1.95) * 58}z`,
        '#bbf7d0',
      ),
      line(`M${cx} 0L${cx + Math.cos(a) * 50} ${Math.sin(a) * 50}`, C.ink, 6),
      circle(cx, 0, 8, C.ink),
    ].join('');
  };
  return g(
    [
      rrect(-110, 40, 380, 70, 14, '#9ca3af'),
      dial(0, '#2563eb'),
      dial(160, C.red),
      line('M-60 110q-40 140 40 240M80 110q0 160 60 240M220 110q60 140 20 240', '#2563eb', 12),
      line('M220 110q60 140 20 240', C.red, 12),
      line('M80 110q0 160 60 240', '#eab308', 12),
    ].join(''),
    `translate(${x} ${y}) scale(${s})`,
  );
}

export function acService({ state, v }: SceneOptions): string {
  const fault = state === 'fault';
  const wall = pick(['#e9d8bf', '#d7dfe6', '#e3cfc0'], v);
  const ux = 300 + (v % 2) * 80;
  const parts = [
    sky(`sky-ac-${v}`, pick(['day', 'evening', 'morning'] as const, v), 200),
    rect(-400, 120, 2000, 700, wall),
    ...[0, 1, 2, 3, 4, 5].map((i) => rect(-400, 180 + i * 100, 2000, 3, darken(wall, 0.08))),
    rect(-400, 640, 2000, 200, '#a8a29e'),
    rect(-400, 620, 2000, 24, '#d6d3d1'),
    line('M-400 300H1600', '#9ca3af', 6),
    // brackets, the unit, its pipes into the wall
    line(`M${ux + 20} 540v-120l80 120zM${ux + 420} 540v-120l-80 120z`, '#6b7280', 12),
    outdoorUnit(ux, 180, 460, fault),
    line(`M${ux + 470} 300h120v-220`, fault ? C.copper : '#f1f5f9', fault ? 14 : 30),
    line(`M${ux + 470} 340h150v-260`, C.copper, 12),
    fault
      ? [
          frost(ux + 480, ux + 610, 345, v),
          line(`M${ux + 200} 540v60`, '#60a5fa', 8),
          blotch(ux + 220, 560, 40, '#78350f', 0.3),
          ...[0, 1, 2, 3].map((i) => ellipse(ux + 60 + i * 110, 642, 20, 6, '#a16207')),
        ].join('')
      : '',
  ];
  if (state !== 'fault') parts.push(gauges(ux + 700, 300, 0.8, 0.52));
  if (state === 'work')
    parts.push(
      rrect(ux + 560, 520, 80, 120, 30, '#ec4899'),
      rect(ux + 585, 500, 30, 24, '#6b7280'),
      person(ux + 880, 790, 0.95, tech(v + 11, { pose: 'reach', held: 'spray', head: 'cap' })),
    );
  return parts.join('');
}

export function acServiceDetail({ state, v }: DetailOptions): string {
  return [
    rect(-400, -400, 2000, 1600, pick(['#334155', '#3f3f46'], v)),
    line(Array.from({ length: 40 }, (_, i) => `M${i * 32} 500v400`).join(''), '#cbd5e1', 10),
    gauges(430, 230, 1.5, 0.52),
    state === 'work'
      ? g(
          [
            rrect(0, 0, 140, 50, 16, C.green),
            line('M140 25l60 0', '#6b7280', 12),
            path('M200 25l220 -90v200z', '#bae6fd', 'opacity=".6"'),
          ].join(''),
          'translate(760 560) rotate(10)',
        )
      : '',
    state === 'fixed' ? rect(-10, 500, 1220, 300, '#fff', 'opacity=".12"') : '',
  ].join('');
}
