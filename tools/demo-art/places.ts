import {
  box,
  C,
  circle,
  darken,
  ellipse,
  g,
  lighten,
  line,
  palm,
  path,
  pick,
  poly,
  rect,
  room,
  rrect,
  shadow,
  sky,
  tiles,
  tree,
} from './kit';
import { HAIR, person, SKIN } from './people';
import { bulletCamera, outdoorUnit, shelves, tech, toolbox } from './work';

/**
 * Places and people at work beyond the service scenes: the clients' buildings, the company's
 * service centers, its departments, the about page and the gallery. Each is its own composition.
 */

/** A grid of windows on a facade. */
function windows(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gap: number,
  glass: string,
  lit = -1,
): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const wx = x + c * (w + gap);
      const wy = y + r * (h + gap);
      out.push(
        rect(wx, wy, w, h, (r * cols + c) % 5 === lit ? '#fde68a' : glass),
        rect(wx, wy, w * 0.3, h, '#fff', 'opacity=".15"'),
      );
    }
  return out.join('');
}

/** The company's service van, facing right, its rear at x, wheels on y. */
export function van(x: number, y: number, s = 1, body: string = C.white): string {
  return g(
    [
      shadow(170, 0, 190, 14),
      path('M0 -150h230c30 0 50 10 70 40l40 60v50h-340z', body),
      path('M240 -140h40c14 0 24 6 34 22l26 40h-100z', '#93c5fd'),
      rect(0, -80, 340, 26, C.navy),
      rect(0, -54, 340, 10, C.amber),
      rect(150, -140, 6, 120, darken(body, 0.1)),
      circle(70, 0, 32, C.ink),
      circle(70, 0, 14, '#9ca3af'),
      circle(270, 0, 32, C.ink),
      circle(270, 0, 14, '#9ca3af'),
      rect(330, -40, 16, 12, '#fde68a'),
    ].join(''),
    `translate(${x} ${y}) scale(${s})`,
  );
}

function car(x: number, y: number, s: number, body: string): string {
  return g(
    [
      shadow(100, 0, 110, 10),
      path('M0 -30c0-20 10-30 30-34l30-30h90l40 30c24 4 34 14 34 34v24h-224z', body),
      path('M66 -88h40v26h-64zM116 -88h30l30 26h-60z', '#bfdbfe'),
      circle(50, 0, 22, C.ink),
      circle(180, 0, 22, C.ink),
    ].join(''),
    `translate(${x} ${y}) scale(${s})`,
  );
}

const ground = (y: number, color = '#9ca3af') => rect(-400, y, 2000, 900, color);
const road = (y: number) =>
  [
    rect(-400, y, 2000, 90, '#4b5563'),
    line(`M-400 ${y + 45}H1600`, '#f8fafc', 6, 'stroke-dasharray="40 40"'),
  ].join('');

/* ----------------------------------------------------------------- clients */

export function storeBuilding(): string {
  return [
    sky('sky-store', 'day', 560),
    ground(560, '#6b7280'),
    line(
      'M0 660h1200M0 740h1200M200 560v240M420 560v240M640 560v240M860 560v240',
      '#f8fafc',
      4,
      'opacity=".7"',
    ),
    box(80, 260, 1000, 300, 60, '#1d4ed8'),
    rect(80, 260, 1000, 70, '#facc15'),
    rect(80, 330, 1000, 10, darken('#1d4ed8', 0.3)),
    rect(440, 400, 280, 160, '#bfdbfe'),
    line('M580 400v160', '#1e3a8a', 6),
    path('M400 380h360l30 30h-420z', '#f8fafc'),
    ...[150, 250, 820, 920].map((x) => rect(x, 400, 60, 60, '#93c5fd')),
    car(120, 720, 0.8, '#dc2626'),
    car(700, 780, 0.9, '#f8fafc'),
    car(920, 700, 0.75, '#16a34a'),
    // a row of shopping trolleys
    ...[0, 1, 2].map((i) => line(`M${330 + i * 28} 640l10 50h70l14-50zM${352 + i * 28} 700h0`, '#9ca3af', 6)),
  ].join('');
}

export function hospital(): string {
  const cross = (x: number, y: number, s: number) =>
    path(
      'M-15 -45h30v30h30v30h-30v30h-30v-30h-30v-30h30z',
      C.red,
      `transform="translate(${x} ${y}) scale(${s})"`,
    );
  return [
    sky('sky-hospital', 'morning', 600),
    ground(600, '#84a96a'),
    road(690),
    box(180, 120, 540, 480, 70, '#f8fafc'),
    windows(220, 170, 6, 6, 60, 44, 22, '#5eead4'),
    box(720, 300, 320, 300, 50, '#e2e8f0'),
    windows(750, 340, 4, 3, 54, 40, 20, '#5eead4'),
    rect(320, 520, 260, 80, '#0f766e'),
    path('M300 500h300l20 24h-340z', '#f8fafc'),
    rrect(120, 60, 120, 120, 18, '#f8fafc'),
    cross(180, 120, 1.2),
    tree(90, 620, 0.7),
    tree(1100, 620, 0.8, '#16a34a'),
    // the ambulance
    g(
      [
        shadow(150, 0, 170, 12),
        path('M0 -140h200v140h-200z', '#f8fafc'),
        path('M200 -100h50c20 0 30 10 40 24l20 36v40h-110z', '#f8fafc'),
        path('M210 -92h36l34 40h-70z', '#93c5fd'),
        rect(0, -60, 310, 14, C.red),
        cross(100, -100, 0.6),
        rect(60, -156, 40, 16, '#2563eb'),
        circle(60, 0, 28, C.ink),
        circle(250, 0, 28, C.ink),
      ].join(''),
      'translate(780 760)',
    ),
  ].join('');
}

export function mall(): string {
  const banners = ['#f472b6', C.amber, '#22c55e', '#38bdf8'];
  return [
    sky('sky-mall', 'evening', 600),
    ground(600, '#78716c'),
    path('M100 600V260c200-80 800-80 1000 0v340z', '#cbd5e1'),
    path('M300 600V230c100-30 500-30 600 0v370z', '#0f3a5f'),
    ...Array.from({ length: 5 }, (_, r) => rect(300, 270 + r * 64, 600, 6, '#38bdf8', 'opacity=".5"')),
    ...Array.from({ length: 7 }, (_, c) => rect(300 + c * 100, 230, 6, 370, '#1e3a8a')),
    windows(330, 290, 6, 4, 70, 40, 24, '#1e40af', 2),
    rect(500, 500, 200, 100, '#fde68a'),
    ...banners.map((b, i) => rect(140 + (i % 2) * 60 + (i > 1 ? 820 : 0), 300, 40, 180, b)),
    tree(60, 640, 0.6, '#15803d'),
    palm(180, 620, 140, '#16a34a'),
    palm(1020, 620, 140, '#16a34a'),
    car(240, 740, 0.9, C.amber),
    car(760, 760, 0.9, '#64748b'),
  ].join('');
}

export function foodPlant(): string {
  const saw = Array.from({ length: 6 }, (_, i) => `L${160 + i * 100} 260L${210 + i * 100} 320`).join('');
  return [
    sky('sky-food', 'day', 560),
    ground(560, '#a8a29e'),
    path(`M110 560V320L160 320${saw}L760 320V560z`, '#e7e5e4'),
    ...Array.from({ length: 6 }, (_, i) =>
      poly([160 + i * 100, 260, 210 + i * 100, 320, 200 + i * 100, 320, 160 + i * 100, 272], '#60a5fa'),
    ),
    rect(110, 380, 650, 16, '#16a34a'),
    ...[0, 1, 2].map((i) => rect(180 + i * 180, 430, 110, 130, '#94a3b8')),
    ...[0, 1, 2].map((i) =>
      line(
        `M${180 + i * 180} ${450 + 0}h110M${180 + i * 180} 480h110M${180 + i * 180} 510h110`,
        '#64748b',
        4,
      ),
    ),
    // silos and a chimney
    ...[820, 940].map((x) =>
      [
        rect(x, 220, 100, 340, '#d6d3d1'),
        ellipse(x + 50, 220, 50, 16, '#e7e5e4'),
        rect(x, 220, 30, 340, '#fff', 'opacity=".25"'),
      ].join(''),
    ),
    rect(1070, 140, 40, 420, '#b91c1c'),
    rect(1070, 180, 40, 16, '#f8fafc'),
    circle(1090, 110, 30, '#e5e7eb', 'opacity=".8"'),
    circle(1120, 80, 22, '#e5e7eb', 'opacity=".6"'),
    // the refrigerated truck with its cooling unit
    g(
      [
        shadow(200, 0, 240, 14),
        rect(0, -200, 300, 190, '#f8fafc'),
        rect(10, -240, 80, 40, '#9ca3af'),
        line('M20 -224h60M20 -212h60', '#4b5563', 4),
        rect(0, -60, 300, 14, '#16a34a'),
        path('M300 -140h60c20 0 30 10 40 30l20 40v60h-120z', '#16a34a'),
        path('M316 -128h40l30 44h-70z', '#bfdbfe'),
        circle(60, 0, 32, C.ink),
        circle(130, 0, 32, C.ink),
        circle(360, 0, 32, C.ink),
      ].join(''),
      'translate(200 740)',
    ),
    line('M-10 620h1220', '#6b7280', 6),
    line(Array.from({ length: 20 }, (_, i) => `M${i * 64} 590v40`).join(''), '#6b7280', 5),
  ].join('');
}

export function techPark(): string {
  return [
    sky('sky-tech', 'morning', 620),
    ground(620, '#65a30d'),
    rect(-400, 680, 2000, 40, '#d6d3d1'),
    box(520, 60, 300, 560, 70, '#0e7490'),
    windows(540, 90, 5, 11, 44, 34, 12, '#67e8f9', 3),
    box(140, 300, 380, 320, 50, '#e2e8f0'),
    windows(170, 340, 6, 4, 40, 50, 18, '#0ea5e9'),
    ...[0, 1, 2, 3].map((i) =>
      poly([160 + i * 90, 300, 240 + i * 90, 300, 220 + i * 90, 270, 150 + i * 90, 270], '#1e3a8a'),
    ),
    box(880, 360, 240, 260, 40, '#f1f5f9'),
    windows(900, 390, 4, 4, 40, 40, 16, '#0ea5e9'),
    tree(120, 700, 0.6),
    tree(450, 720, 0.7, '#16a34a'),
    tree(860, 720, 0.65),
    tree(1150, 700, 0.6, '#16a34a'),
  ].join('');
}

/* ----------------------------------------------------------------- service centers */

export function headOffice(): string {
  return [
    sky('sky-hq', 'day', 600),
    ground(600, '#d6d3d1'),
    road(700),
    box(260, 120, 660, 480, 60, '#f1f5f9'),
    rect(260, 120, 660, 60, C.navy),
    rect(260, 180, 660, 12, C.amber),
    circle(330, 150, 20, C.amber),
    rect(370, 140, 200, 20, '#f8fafc', 'opacity=".9"'),
    windows(300, 220, 7, 3, 70, 60, 20, '#7dd3fc'),
    rect(500, 460, 180, 140, '#bae6fd'),
    line('M590 460v140', '#64748b', 6),
    path('M470 440h240l20 20h-280z', C.navy),
    tree(160, 620, 0.7),
    tree(1040, 620, 0.75, '#16a34a'),
    van(90, 770, 0.9),
    van(720, 780, 0.95),
  ].join('');
}

export function karachiCenter(): string {
  const shutter = Array.from({ length: 7 }, (_, i) => rect(380, 250 + i * 16, 440, 8, '#94a3b8')).join('');
  return [
    sky('sky-khi', 'evening', 600),
    ground(600, '#c8b59a'),
    rect(-400, 700, 2000, 120, '#78716c'),
    box(200, 140, 800, 460, 40, '#f3e8d2'),
    rect(200, 140, 800, 90, C.navy),
    rect(200, 230, 800, 10, C.amber),
    rect(380, 250, 440, 350, '#374151'),
    rect(380, 250, 440, 120, '#cbd5e1'),
    shutter,
    // the workshop inside: shelves of parts and a unit on the bench
    rect(400, 400, 180, 8, '#9ca3af'),
    rect(400, 470, 180, 8, '#9ca3af'),
    ...[0, 1, 2, 3].map((i) =>
      rect(410 + i * 42, 370, 32, 30, pick([C.amber, '#60a5fa', '#f8fafc', '#16a34a'], i)),
    ),
    ...[0, 1, 2].map((i) => rect(420 + i * 52, 436, 40, 34, pick(['#dc2626', '#f8fafc', C.amber], i))),
    rect(620, 520, 180, 16, '#a16207'),
    outdoorUnit(650, 440, 110),
    rect(240, 300, 100, 160, '#93c5fd'),
    rect(860, 300, 100, 160, '#93c5fd'),
    palm(100, 640, 240),
    palm(1100, 640, 240),
    van(400, 780, 1, '#f8fafc'),
    person(260, 690, 0.55, tech(2, { pose: 'wave' })),
  ].join('');
}

export function islamabadCenter(): string {
  return [
    sky('sky-isb', 'morning', 560),
    path('M-400 560L-100 330 150 420 420 300 700 420 900 320 1200 430 1600 360V560z', '#4d7c0f'),
    path('M-400 560L0 420 300 470 600 400 900 470 1200 420 1600 470V560z', '#65a30d', 'opacity=".8"'),
    ground(560, '#d6d3d1'),
    road(720),
    box(120, 220, 860, 380, 50, '#e2e8f0'),
    windows(150, 250, 10, 2, 64, 54, 18, '#1e40af'),
    rect(120, 410, 860, 14, '#94a3b8'),
    ...[0, 1, 2].map((i) => rect(170 + i * 280, 440, 240, 160, i === 1 ? '#bae6fd' : '#cbd5e1')),
    rect(450, 424, 240, 24, C.navy),
    rect(450, 448, 240, 6, C.amber),
    rect(530, 470, 80, 130, '#e0f2fe'),
    line('M450 520h240', '#7dd3fc', 4),
    van(640, 790, 0.95),
    tree(1070, 620, 0.7, '#15803d'),
    person(320, 700, 0.5, {
      skin: pick(SKIN, 4),
      hair: pick(HAIR, 2),
      shirt: '#7c3aed',
      head: 'hijab',
      pose: 'down',
    }),
  ].join('');
}

/* ----------------------------------------------------------------- departments */

export function reeferDock(): string {
  const lockBars = (x: number) => line(`M${x} 330v260`, '#9ca3af', 8);
  return [
    room('#cbd5e1', '#64748b', 600),
    rect(-400, 600, 2000, 40, '#9ca3af'),
    rect(-400, 586, 2000, 14, C.amber),
    // three dock doors: a truck backed into the first, the second open on the lit cold store
    ...[0, 2].map((i) => rect(60 + i * 380, 140, 320, 446, '#94a3b8')),
    ...[0, 2].map((i) =>
      line(
        Array.from({ length: 12 }, (_, k) => `M${60 + i * 380} ${160 + k * 36}h320`).join(''),
        '#64748b',
        4,
      ),
    ),
    rect(440, 140, 320, 446, '#cfe8fb'),
    shelves(456, 180, 288, 400, 3, 4),
    ...[0, 1, 2, 3, 4, 5].map((i) => rect(446 + i * 52, 140, 46, 446, '#fff', 'opacity=".2"')),
    // the reefer truck's rear at the first dock
    rect(40, 250, 360, 370, '#f8fafc'),
    rect(40, 250, 360, 24, '#e2e8f0'),
    line('M220 274v346', '#cbd5e1', 6),
    lockBars(110),
    lockBars(160),
    lockBars(280),
    lockBars(330),
    rect(40, 560, 360, 20, C.navy),
    rect(40, 580, 360, 8, C.amber),
    rect(50, 600, 36, 20, C.red),
    rect(354, 600, 36, 20, C.red),
    rect(30, 620, 380, 24, '#374151'),
    // a wrapped pallet on its jack, and the dispatcher
    box(560, 620, 170, 120, 30, '#a16207'),
    rect(560, 500, 170, 140, '#f8fafc'),
    rect(560, 500, 170, 140, '#bae6fd', 'opacity=".35"'),
    line('M570 530h150M570 580h150', '#fff', 4, 'opacity=".7"'),
    line('M730 730h60l60-100', '#dc2626', 12),
    person(940, 780, 0.85, tech(4, { pose: 'hold', held: 'tablet', head: 'cap' })),
  ].join('');
}

export function panelRoom(): string {
  const panel = (x: number, i: number) =>
    [
      box(x, 180, 180, 420, 30, '#cbd5e1'),
      line(`M${x + 90} 180v420`, '#94a3b8', 4),
      ...[0, 1, 2].map((k) => circle(x + 40 + k * 50, 230, 12, pick([C.greenLight, C.red, C.amber], i + k))),
      rrect(x + 30, 280, 50, 70, 6, '#f8fafc'),
      rrect(x + 100, 280, 50, 70, 6, '#f8fafc'),
      rect(x + 40, 400, 100, 30, '#475569'),
    ].join('');
  return [
    room('#e5e7eb', '#5f7f74', 600),
    rect(-400, 40, 2000, 30, '#9ca3af'),
    line('M-400 60H1600', '#111827', 6),
    line('M-400 52H1600', C.red, 4),
    ...[0, 1, 2, 3, 4].map((i) => panel(60 + i * 210, i)),
    rect(-400, 610, 2000, 10, C.amber),
    circle(1090, 690, 70, '#f97316'),
    circle(1090, 690, 26, '#374151'),
    person(360, 790, 0.9, tech(6, { head: 'helmet', pose: 'point', held: 'none' })),
    person(620, 800, 0.92, tech(7, { head: 'helmet', pose: 'hold', held: 'clipboard', skin: SKIN[3] })),
  ].join('');
}

export function gateCameras(): string {
  const cone = (x: number, y: number, tx: number) =>
    poly([x, y, tx - 220, 800, tx + 160, 800], '#fde68a', 'opacity="0.3"');
  return [
    sky('sky-gate', 'day', 560),
    path('M-400 560L200 460 600 520 1000 440 1600 540V560z', '#a3a3a3'),
    ground(560, '#a8a29e'),
    rect(-400, 470, 2000, 90, '#6b7280'),
    line(Array.from({ length: 40 }, (_, i) => `M${-400 + i * 50} 470v90`).join(''), '#9ca3af', 6),
    // warehouse behind the gate
    box(700, 260, 460, 300, 40, '#d6d3d1'),
    rect(800, 380, 200, 180, '#94a3b8'),
    // the barrier and the camera pole
    rect(300, 470, 40, 130, '#374151'),
    line('M340 500h380', '#dc2626', 16),
    line('M360 500h40M480 500h40M600 500h40', '#f8fafc', 16),
    rect(180, 120, 24, 480, '#6b7280'),
    cone(230, 170, 520),
    cone(150, 240, -40),
    g(bulletCamera(0, 0, 0.7), 'translate(240 170) scale(-1 1)'),
    bulletCamera(150, 240, 0.7),
    line('M560 800l-60-400M640 800l-50-400', '#9ca3af', 12),
    person(560, 620, 0.7, tech(8, { head: 'helmet', pose: 'up', held: 'drill', back: true })),
  ].join('');
}

export function facadeScaffold(): string {
  const fresh = '#f4c38a';
  return [
    sky('sky-facade', 'day', 700),
    rect(100, 80, 1000, 700, '#d6cfc4'),
    rect(100, 80, 560, 700, fresh),
    windows(160, 140, 6, 4, 100, 90, 60, '#7dd3fc'),
    rect(-400, 760, 2000, 100, '#9ca3af'),
    // scaffolding
    line(Array.from({ length: 6 }, (_, i) => `M${130 + i * 190} 60v720`).join(''), '#6b7280', 10),
    line(Array.from({ length: 5 }, (_, i) => `M110 ${230 + i * 150}h980`).join(''), '#6b7280', 10),
    ...[0, 1, 2, 3, 4].map((i) => rect(110, 220 + i * 150, 980, 14, '#a16207')),
    person(680, 524, 0.42, tech(9, { pose: 'up', held: 'roller', shirt: '#f8fafc', head: 'cap' })),
    person(420, 374, 0.42, tech(10, { pose: 'reach', held: 'roller', shirt: '#f8fafc', head: 'short' })),
    person(880, 674, 0.42, tech(11, { pose: 'hold', shirt: '#f8fafc', head: 'cap' })),
  ].join('');
}

/* ----------------------------------------------------------------- about */

export function teamVan(): string {
  const crew = [
    tech(1, { head: 'short', pose: 'down' }),
    { ...tech(2, { head: 'hijab', pose: 'hold', held: 'tablet' }), hair: '#1e3a8a' },
    tech(3, { head: 'cap', pose: 'wave' }),
    tech(4, { head: 'helmet', pose: 'down', skin: SKIN[4] }),
    tech(5, { head: 'short', pose: 'hold', held: 'clipboard', skin: SKIN[0], hair: HAIR[4] }),
  ];
  return [
    sky('sky-team', 'morning', 560),
    ground(560, '#d6d3d1'),
    box(60, 200, 1080, 360, 40, '#e2e8f0'),
    rect(60, 200, 1080, 50, C.navy),
    rect(520, 360, 200, 200, '#94a3b8'),
    van(100, 640, 1.2),
    van(700, 640, 1.2),
    ...crew.map((look, i) => person(220 + i * 190, 790, 0.72, look)),
  ].join('');
}

export function doorstep(): string {
  return [
    sky('sky-door', 'day', 640),
    rect(-400, 80, 1300, 640, '#e7d3b7'),
    rect(-400, 80, 1300, 30, '#d6b896'),
    rect(160, 230, 240, 420, '#7c2d12'),
    rect(180, 250, 200, 180, '#9a3412'),
    rect(180, 450, 200, 180, '#9a3412'),
    circle(360, 450, 10, C.amber),
    rect(130, 640, 300, 30, '#a8a29e'),
    rect(520, 260, 200, 170, '#bae6fd'),
    rect(612, 260, 12, 170, '#f8fafc'),
    ground(720, '#9ca3af'),
    tree(1120, 720, 0.9),
    van(820, 780, 0.8),
    person(280, 680, 0.8, { skin: SKIN[5], hair: HAIR[1], shirt: '#be185d', head: 'hijab', pose: 'down' }),
    person(560, 760, 0.9, tech(12, { head: 'cap', pose: 'hold', held: 'clipboard' })),
    toolbox(700, 770, 0.7, C.amber),
  ].join('');
}

export function safetyBench(): string {
  return [
    rect(-400, -400, 2000, 1600, '#8b6b4a'),
    ...Array.from({ length: 8 }, (_, i) => rect(-10, i * 110, 1220, 4, '#7a5b3d')),
    // hard hat
    g(
      [
        ellipse(0, 40, 150, 40, C.amberDark),
        path('M-120 40c0-110 60-160 120-160s120 50 120 160z', C.amber),
        rect(-14, -120, 28, 160, lighten(C.amber, 0.3)),
      ].join(''),
      'translate(240 240)',
    ),
    // gloves
    ...[0, 1].map((i) =>
      g(
        [
          rrect(-50, -90, 100, 150, 40, '#f97316'),
          ...[0, 1, 2, 3].map((k) => rrect(-46 + k * 24, -150, 20, 80, 10, '#f97316')),
          rrect(40, -60, 20, 60, 10, '#f97316'),
          rect(-50, 40, 100, 40, '#374151'),
        ].join(''),
        `translate(${560 + i * 140} ${220 + i * 30}) rotate(${i ? 14 : -10})`,
      ),
    ),
    // goggles
    g(
      [
        rrect(-120, -40, 240, 90, 40, '#38bdf8', 'opacity=".75"'),
        rrect(-120, -40, 240, 90, 40, 'none', 'stroke="#1f2937" stroke-width="12"'),
        line('M-120 0h-60M120 0h60', '#1f2937', 12),
      ].join(''),
      'translate(950 230)',
    ),
    // multimeter and screwdrivers
    g(
      [
        rrect(-80, -130, 160, 260, 24, C.amber),
        rect(-56, -100, 112, 70, '#bef264'),
        circle(0, 40, 40, C.ink),
        circle(0, 40, 10, '#9ca3af'),
        line('M-40 130q-60 120 -160 140M40 130q60 100 180 120', C.red, 10),
      ].join(''),
      'translate(360 560) rotate(-8)',
    ),
    ...[0, 1, 2].map((i) =>
      g(
        [
          rrect(-18, -120, 36, 120, 12, pick([C.red, '#2563eb', C.amber], i)),
          rect(-6, 0, 12, 130, '#9ca3af'),
        ].join(''),
        `translate(${760 + i * 80} 600) rotate(${20 - i * 10})`,
      ),
    ),
    // a lockout tag
    g(
      [
        rrect(-60, -80, 120, 170, 12, C.red),
        circle(0, -50, 14, '#8b6b4a'),
        rect(-40, 0, 80, 10, '#f8fafc'),
        rect(-40, 24, 60, 10, '#f8fafc'),
      ].join(''),
      'translate(1080 580) rotate(12)',
    ),
  ].join('');
}

/* ----------------------------------------------------------------- gallery */

export function rooftopACs(): string {
  return [
    sky('sky-vrf', 'evening', 420),
    ...[0, 1, 2, 3, 4, 5].map((i) => rect(i * 210, 260 + (i % 3) * 24, 160, 200, '#a8b3c1')),
    ground(420, '#a8a29e'),
    rect(-400, 400, 2000, 30, '#78716c'),
    ...[0, 1, 2].map((i) => rect(40 + i * 390, 730, 340, 24, '#6b7280')),
    ...[0, 1, 2].map((i) =>
      outdoorUnit(60 + i * 390, 470, 300, false, pick(['#f1f5f9', '#e5e7eb', '#f8fafc'], i)),
    ),
    line('M-10 450H1210', '#1f2937', 18),
    line('M-10 472H1210', C.copper, 12),
    ...[0, 1, 2].map((i) => line(`M${300 + i * 390} 472v60`, C.copper, 10)),
    person(1110, 790, 0.62, tech(16, { head: 'helmet', pose: 'hold', held: 'clipboard' })),
  ].join('');
}

export function displayChillers(): string {
  const chiller = (x: number, i: number) =>
    [
      rect(x, 150, 220, 470, '#e5e7eb'),
      rect(x + 14, 170, 192, 420, '#e0f2fe'),
      ...[0, 1, 2, 3].map((r) => rect(x + 14, 260 + r * 90, 192, 6, '#94a3b8')),
      ...[0, 1, 2, 3].flatMap((r) =>
        [0, 1, 2, 3, 4].map((k) =>
          rect(
            x + 22 + k * 37,
            210 + r * 90,
            26,
            50,
            pick(['#16a34a', '#dc2626', C.amber, '#2563eb', '#f8fafc', '#7c3aed'], i + r + k),
          ),
        ),
      ),
      rect(x + 100, 170, 6, 420, '#cbd5e1'),
      rect(x + 14, 170, 40, 420, '#fff', 'opacity=".3"'),
    ].join('');
  return [
    room('#f1f5f9', '#d6d3d1', 620),
    tiles(620, '#d6d3d1', 100),
    rect(-400, 60, 2000, 50, C.navy),
    ...[0, 1, 2, 3].map((i) => chiller(40 + i * 240, i)),
    person(1080, 790, 0.9, tech(13, { pose: 'hold', held: 'tablet', head: 'short', skin: SKIN[1] })),
  ].join('');
}

export function ceilingDomes(): string {
  const dome = (x: number) =>
    [
      rect(x - 50, 90, 100, 16, '#f8fafc'),
      path(`M${x - 40} 106a40 40 0 0 0 80 0z`, '#1f2937', 'opacity=".85"'),
      poly([x, 130, x - 200, 620, x + 200, 620], '#fde68a', 'opacity=".2"'),
    ].join('');
  return [
    room('#e7e5e4', '#a8a29e', 620),
    rect(-400, 60, 2000, 30, '#d6d3d1'),
    ...[0, 1, 2].map((i) => rect(40 + i * 400, 200, 320, 420, '#78716c')),
    ...[0, 1, 2].flatMap((i) =>
      [0, 1, 2, 3].map((r) => rect(40 + i * 400, 280 + r * 100, 320, 10, '#57534e')),
    ),
    ...[0, 1, 2].flatMap((i) =>
      [0, 1, 2, 3].flatMap((r) =>
        [0, 1, 2, 3].map((k) =>
          rect(
            56 + i * 400 + k * 76,
            230 + r * 100,
            60,
            50,
            pick(['#d97706', '#a16207', '#f8fafc'], i + r + k),
          ),
        ),
      ),
    ),
    dome(380),
    dome(820),
    line('M-400 75H1600', '#111827', 6),
  ].join('');
}

export function floorCoating(): string {
  return [
    room('#cbd5e1', '#6b7f6a', 460),
    poly([-400, 460, 640, 460, 840, 820, -400, 820], '#4f9d8a'),
    rect(-400, 460, 1040, 30, '#fff', 'opacity=".2"'),
    ellipse(300, 620, 260, 30, '#fff', 'opacity=".18"'),
    ...[0, 1, 2].map((i) => rect(80 + i * 360, 160, 260, 160, '#94a3b8')),
    rect(-400, 440, 2000, 20, '#f59e0b'),
    path('M900 700h90l-10 90h-70z', '#f8fafc'),
    ellipse(945, 700, 45, 10, '#4f9d8a'),
    person(760, 760, 0.95, tech(15, { pose: 'hold', head: 'cap', shirt: '#f8fafc', trousers: '#475569' })),
    line('M740 500l-160 280M500 790h160', '#6b7280', 10),
  ].join('');
}

export function vanDepot(): string {
  return [
    sky('sky-depot', 'morning', 520),
    box(80, 240, 1040, 280, 40, '#e2e8f0'),
    rect(80, 240, 1040, 40, C.navy),
    ...[0, 1, 2, 3].map((i) => rect(140 + i * 250, 330, 200, 190, i === 2 ? '#334155' : '#94a3b8')),
    rect(640, 380, 200, 8, '#64748b'),
    rect(640, 450, 200, 8, '#64748b'),
    ...[0, 1, 2, 3].map((i) =>
      rect(650 + i * 48, 340, 38, 40, pick([C.amber, '#f8fafc', '#60a5fa', '#16a34a'], i)),
    ),
    ground(520, '#9ca3af'),
    line('M0 600h1200M300 520v280M600 520v280M900 520v280', '#f8fafc', 5, 'opacity=".7"'),
    van(20, 700, 0.8),
    van(320, 720, 0.8),
    van(920, 760, 0.8),
    person(700, 700, 0.6, tech(17, { pose: 'hold', head: 'cap' })),
    box(660, 540, 80, 60, 20, '#c8a47a'),
  ].join('');
}

export function siteBriefing(): string {
  const crew = [0, 1, 2, 3].map((i) =>
    tech(20 + i, { head: 'helmet', pose: i === 0 ? 'point' : 'down', back: i > 0 }),
  );
  return [
    sky('sky-brief', 'evening', 560),
    // a building going up behind them
    ...[0, 1, 2, 3].map((r) => rect(200, 180 + r * 100, 700, 16, '#a8a29e')),
    line('M220 180v380M440 180v380M660 180v380M880 180v380', '#78716c', 22),
    line('M1000 60v500M1000 80h-380M980 80l-60 100', C.amber, 16),
    ground(560, '#c8b59a'),
    person(300, 700, 0.8, crew[0]!),
    ...crew.slice(1).map((look, i) => person(560 + i * 180, 790, 0.85, look)),
    toolbox(160, 770, 0.6, C.amber),
  ].join('');
}

export function coldRoomBuild(): string {
  return [
    room('#e7e5e4', '#9ca3af', 620),
    tiles(620, '#9ca3af', 110),
    // the frame and the first panels of a walk-in freezer
    line('M200 620V180h700v440M200 180l80-60h700l-80 60M980 120v440', '#94a3b8', 14),
    rect(200, 180, 180, 440, '#f1f5f9'),
    rect(380, 180, 180, 440, '#e2e8f0'),
    ...[200, 380].map((x) => rect(x + 176, 180, 4, 440, '#94a3b8')),
    poly([700, 640, 860, 200, 900, 210, 740, 650], '#f8fafc'),
    box(980, 560, 150, 60, 20, '#f1f5f9'),
    box(980, 500, 150, 60, 20, '#e2e8f0'),
    person(640, 790, 0.9, tech(24, { head: 'helmet', pose: 'up', held: 'none' })),
    person(940, 800, 0.88, tech(25, { head: 'cap', pose: 'hold', held: 'drill', skin: SKIN[4] })),
  ].join('');
}

/** Shared by the icon drawings: a kitchen-free room for close subjects. */
export const plainRoom = (wall: string, floor: string) =>
  [room(wall, floor, 600), tiles(600, floor)].join('');
