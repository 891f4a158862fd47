import { C, circle, darken, ellipse, g, lighten, line, path, rect, rrect, svg, vgrad } from './kit';

export const SKIN = ['#f1c7a1', '#d9a075', '#b97a4e', '#8d5a38', '#6a4128', '#e6b48c'] as const;
export const HAIR = ['#1b1512', '#3b2619', '#5b3a24', '#2a2a33', '#8b8b8b', '#6d3b1f'] as const;

export type Headwear = 'short' | 'cap' | 'helmet' | 'hijab' | 'bald' | 'bun';
export type Pose = 'down' | 'up' | 'reach' | 'hold' | 'point' | 'wave';
export type Held = 'none' | 'roller' | 'drill' | 'meter' | 'clipboard' | 'wrench' | 'tablet' | 'spray';

export interface PersonLook {
  skin: string;
  hair: string;
  shirt: string;
  trousers?: string;
  head?: Headwear;
  pose?: Pose;
  held?: Held;
  /** Seen from behind, at work: no face. */
  back?: boolean;
}

/** Something carried in a hand at (x, y). */
function heldItem(item: Held, x: number, y: number): string {
  switch (item) {
    case 'roller':
      return [
        line(`M${x} ${y}L${x} ${y - 130}`, '#6b7280', 8),
        rrect(x - 48, y - 160, 96, 34, 14, C.white),
        rect(x - 48, y - 140, 96, 14, '#e5e7eb'),
      ].join('');
    case 'drill':
      return [
        rrect(x - 10, y - 16, 70, 30, 10, C.amber),
        rect(x + 58, y - 8, 30, 8, '#6b7280'),
        rrect(x - 6, y, 24, 46, 6, C.ink),
      ].join('');
    case 'meter':
      return [
        rrect(x - 22, y - 50, 44, 70, 8, C.amber),
        rect(x - 14, y - 42, 28, 20, '#bef264'),
        circle(x, y, 9, C.ink),
        line(`M${x - 10} ${y + 18}q-30 40 -70 30M${x + 10} ${y + 18}q20 50 60 40`, C.red, 4),
      ].join('');
    case 'clipboard':
      return [
        rrect(x - 36, y - 56, 72, 92, 6, '#b45309'),
        rect(x - 28, y - 46, 56, 76, '#fff'),
        line(`M${x - 20} ${y - 30}h40M${x - 20} ${y - 16}h30M${x - 20} ${y - 2}h36`, '#94a3b8', 4),
      ].join('');
    case 'wrench':
      return path(
        `M${x - 6} ${y + 40}l6 -80a18 18 0 1 1 14 0l-6 80z`,
        '#9ca3af',
        `transform="rotate(-30 ${x} ${y})"`,
      );
    case 'tablet':
      return [rrect(x - 40, y - 30, 80, 56, 8, C.ink), rect(x - 32, y - 23, 64, 42, '#38bdf8')].join('');
    case 'spray':
      return [
        rrect(x - 10, y - 14, 56, 22, 8, C.green),
        line(`M${x + 46} ${y - 3}l40 -10`, '#6b7280', 6),
        path(`M${x + 86} ${y - 13}l80 -40v70z`, '#bae6fd', 'opacity=".7"'),
      ].join('');
    default:
      return '';
  }
}

/** Hand positions for each pose, relative to the feet (0, 0), for the left and right arm. */
const HANDS: Record<Pose, [[number, number], [number, number]]> = {
  down: [
    [-78, -180],
    [78, -180],
  ],
  up: [
    [-82, -190],
    [70, -470],
  ],
  reach: [
    [-78, -185],
    [150, -310],
  ],
  hold: [
    [-30, -250],
    [34, -250],
  ],
  point: [
    [-78, -185],
    [160, -360],
  ],
  wave: [
    [-120, -430],
    [78, -180],
  ],
};

/** A standing technician or customer, about 430 px tall at scale 1, feet at (x, y). */
export function person(x: number, y: number, s: number, look: PersonLook): string {
  const {
    skin,
    hair,
    shirt,
    trousers = '#1f2937',
    head = 'short',
    pose = 'down',
    held = 'none',
    back,
  } = look;
  const hands = HANDS[pose];
  const arm = ([hx, hy]: [number, number], side: -1 | 1) => {
    const sx = side * 54;
    const sy = -318;
    const ex = (sx + hx) / 2 + side * 16;
    const ey = (sy + hy) / 2 + 8;
    return [
      line(`M${sx} ${sy}L${ex} ${ey}`, shirt, 32),
      line(`M${ex} ${ey}L${hx} ${hy}`, skin, 22),
      circle(hx, hy, 13, skin),
    ].join('');
  };
  const face = back
    ? ''
    : [
        circle(-13, -380, 4, C.ink),
        circle(13, -380, 4, C.ink),
        line('M-10 -362q10 8 20 0', darken(skin, 0.4), 3),
      ].join('');
  const headShape: Record<Headwear, string> = {
    short: back
      ? circle(0, -385, 40, hair)
      : path('M-40 -382c0-34 18-48 40-48s40 14 40 48c-6-12-20-22-40-22s-34 10-40 22z', hair),
    cap: [
      path('M-41 -394c0-26 18-40 41-40s41 14 41 40z', C.navy),
      back ? '' : path('M-41 -400h82c12 0 22 4 28 8h-110z', C.navyDark),
      circle(0, -426, 5, C.amber),
    ].join(''),
    helmet: [
      path('M-46 -384c0-36 20-54 46-54s46 18 46 54z', C.amber),
      rect(-54, -390, 108, 10, C.amberDark),
      rect(-6, -436, 12, 44, lighten(C.amber, 0.3)),
    ].join(''),
    hijab: [
      path('M-50 -380c0-40 22-60 50-60s50 20 50 60l6 60c-18 10-38 14-56 14s-38-4-56-14z', hair),
      back ? '' : ellipse(0, -376, 30, 36, skin),
    ].join(''),
    bald: back ? circle(0, -385, 40, skin) : path('M-40 -372c-4 10 -2 18 4 22v-24z', hair),
    bun: [
      circle(0, -436, 20, hair),
      back
        ? circle(0, -385, 40, hair)
        : path('M-41 -380c0-34 18-50 41-50s41 16 41 50c-10-16-24-26-41-26s-31 10-41 26z', hair),
    ].join(''),
  };
  const body = [
    ellipse(0, 4, 80, 12, '#000', 'opacity=".18"'),
    // legs and shoes
    rrect(-40, -206, 36, 200, 10, trousers),
    rrect(4, -206, 36, 200, 10, darken(trousers, 0.12)),
    ellipse(-26, -4, 30, 12, C.ink),
    ellipse(26, -4, 30, 12, C.ink),
    // torso: a polo with collar and the company's amber stripe
    path('M-62 -300c0-26 18-38 40-40h44c22 2 40 14 40 40v96h-124z', shirt),
    rect(-62, -222, 124, 18, darken(shirt, 0.15)),
    back
      ? rect(-62, -300, 124, 10, C.amber, 'opacity=".8"')
      : path('M-20 -340l20 30 20-30z', lighten(shirt, 0.2)),
    back ? '' : rect(20, -300, 24, 8, C.amber),
    rect(-62, -300, 20, 96, '#000', 'opacity=".08"'),
    // neck and head
    rect(-12, -352, 24, 20, darken(skin, 0.1)),
    head === 'hijab' ? '' : circle(0, -385, 38, skin),
    head === 'hijab' || back ? '' : ellipse(-38, -382, 7, 10, darken(skin, 0.06)),
    head === 'hijab' || back ? '' : ellipse(38, -382, 7, 10, darken(skin, 0.06)),
    headShape[head],
    face,
    arm(hands[0], -1),
    arm(hands[1], 1),
    heldItem(held, hands[1][0], hands[1][1]),
  ].join('');
  return g(body, `translate(${x} ${y}) scale(${s})`);
}

export interface PortraitLook {
  skin: string;
  hair: string;
  head: 'short' | 'side' | 'curly' | 'bald' | 'long' | 'bun' | 'hijab';
  /** The clothes: a uniform polo, or what a customer wears. */
  clothes: 'polo' | 'shirt' | 'blazer' | 'kurta' | 'blouse';
  color: string;
  background: [string, string];
  beard?: 'none' | 'full' | 'moustache' | 'stubble';
  glasses?: boolean;
  /** A lighter shape behind the head: a window, a shelf, a wall edge. */
  backdrop?: 'window' | 'shelf' | 'plain' | 'arch' | 'leaves';
}

/** A head-and-shoulders portrait, 600x600. */
export function headshot(id: string, p: PortraitLook): string {
  const { skin, hair, head, clothes, color } = p;
  const shade = darken(skin, 0.12);
  const backdrop = {
    window: [
      rect(360, 60, 190, 260, lighten(p.background[0], 0.4)),
      rect(448, 60, 14, 260, lighten(p.background[0], 0.15)),
      rect(360, 180, 190, 12, lighten(p.background[0], 0.15)),
    ].join(''),
    shelf: [
      rect(30, 150, 170, 14, darken(p.background[0], 0.2)),
      rect(50, 100, 26, 50, C.amber),
      rect(84, 112, 22, 38, C.navy),
      rect(112, 92, 30, 58, '#16a34a'),
      rect(30, 290, 170, 14, darken(p.background[0], 0.2)),
      circle(120, 262, 24, lighten(p.background[0], 0.3)),
    ].join(''),
    plain: '',
    arch: path('M380 600V250a110 110 0 0 1 220 0v350z', lighten(p.background[0], 0.25)),
    leaves: [
      circle(520, 110, 80, '#4d7c0f', 'opacity=".55"'),
      circle(450, 60, 60, '#65a30d', 'opacity=".5"'),
      circle(80, 520, 90, '#4d7c0f', 'opacity=".35"'),
    ].join(''),
  }[p.backdrop ?? 'plain'];
  const clothesShape = {
    polo: [
      path('M90 600c6-120 80-170 210-170s204 50 210 170z', color),
      path('M250 432l50 64 50-64z', lighten(color, 0.85)),
      path('M236 430l64 66-30 22-48-76zM364 430l-64 66 30 22 48-76z', lighten(color, 0.18)),
      rect(380, 500, 46, 14, C.amber),
      line('M300 496v70', darken(color, 0.2), 4),
      circle(300, 530, 5, darken(color, 0.3)),
    ].join(''),
    shirt: [
      path('M90 600c6-120 80-170 210-170s204 50 210 170z', color),
      path('M258 432l42 70 42-70z', lighten(color, 0.6)),
      path('M290 470h20l10 130h-40z', C.navyDark),
      path('M240 428l60 74-20 30-52-96zM360 428l-60 74 20 30 52-96z', lighten(color, 0.3)),
    ].join(''),
    blazer: [
      path('M90 600c6-120 80-170 210-170s204 50 210 170z', color),
      path('M256 432l44 90 44-90z', '#f8fafc'),
      path('M240 430l60 150-40-10-40-130zM360 430l-60 150 40-10 40-130z', darken(color, 0.2)),
    ].join(''),
    kurta: [
      path('M90 600c6-120 80-170 210-170s204 50 210 170z', color),
      path('M272 436h56v12h-56zM294 448h12v90h-12z', darken(color, 0.18)),
      circle(300, 470, 4, C.amber),
      circle(300, 500, 4, C.amber),
    ].join(''),
    blouse: [
      path('M90 600c6-120 80-170 210-170s204 50 210 170z', color),
      path('M262 434q38 60 76 0z', skin),
      path('M150 470c60 50 90 130 90 130h-130z', lighten(color, 0.2), 'opacity=".6"'),
    ].join(''),
  }[clothes];
  const hairBack = {
    short: '',
    side: '',
    curly: '',
    bald: '',
    long: path('M190 250c0-110 50-160 110-160s110 50 110 160l20 220h-260z', hair),
    bun: circle(300, 100, 42, hair),
    hijab: path(
      'M170 270c0-120 60-180 130-180s130 60 130 180l40 180c-40 30-100 40-170 40s-130-10-170-40z',
      hair,
    ),
  }[head];
  const hairFront = {
    short: path('M200 230c0-70 40-110 100-110s100 40 100 110c-10-30-40-52-100-52s-88 22-100 52z', hair),
    side: path('M198 240c-6-80 42-122 106-122 58 0 98 40 98 104-30-40-80-56-134-40-34 10-58 30-70 58z', hair),
    curly: [
      [214, 190],
      [250, 150],
      [300, 136],
      [350, 150],
      [386, 190],
      [230, 168],
      [370, 168],
      [300, 160],
    ]
      .map(([x, y]) => circle(x!, y!, 34, hair))
      .join(''),
    bald: path('M206 262c-4-20 0-40 8-56v60zM394 262c4-20 0-40-8-56v60z', hair),
    long: path('M200 240c0-76 44-118 100-118s100 42 100 118c-20-40-60-64-100-64s-80 24-100 64z', hair),
    bun: path('M202 236c0-72 42-112 98-112s98 40 98 112c-16-36-52-58-98-58s-82 22-98 58z', hair),
    hijab: path(
      'M206 250c6-70 44-104 94-104s88 34 94 104c-26-30-56-42-94-42s-68 12-94 42z',
      lighten(hair, 0.12),
    ),
  }[head];
  const beard = {
    none: '',
    full: path('M212 290c6 80 40 120 88 120s82-40 88-120c-20 30-50 40-88 40s-68-10-88-40z', hair),
    moustache: path('M262 338c14-12 26-12 38-4 12-8 24-8 38 4-14 6-26 8-38 2-12 6-24 4-38-2z', hair),
    stubble: path(
      'M216 300c10 70 40 104 84 104s74-34 84-104c-20 28-50 40-84 40s-64-12-84-40z',
      hair,
      'opacity=".35"',
    ),
  }[p.beard ?? 'none'];
  const glasses = p.glasses ? line('M232 272h52v28h-52zM316 272h52v28h-52zM284 282h32', C.ink, 5) : '';
  return svg(
    600,
    600,
    [
      vgrad(`${id}-bg`, p.background[0], p.background[1]),
      rect(0, 0, 600, 600, `url(#${id}-bg)`),
      backdrop,
      // The figure a little larger than the frame: avatars are cropped to a circle around the face.
      g(
        [
          hairBack,
          rect(262, 360, 76, 90, shade),
          clothesShape,
          head === 'hijab'
            ? path('M192 250h216l28 230c-30 30-80 44-136 44s-106-14-136-44z', hair)
            : ellipse(196, 290, 18, 30, shade) + ellipse(404, 290, 18, 30, shade),
          ellipse(300, 270, 102, 128, skin),
          path(
            'M300 142c56 0 102 57 102 128 0 70-46 128-102 128 36-30 50-80 50-128s-14-98-50-128z',
            '#000',
            'opacity=".06"',
          ),
          hairFront,
          line('M240 252q22-12 44-2M316 250q22-10 44 2', darken(hair, 0.05), 7),
          ellipse(262, 284, 10, 8, '#fff'),
          ellipse(338, 284, 10, 8, '#fff'),
          circle(263, 285, 6, '#2b1d16'),
          circle(339, 285, 6, '#2b1d16'),
          line('M300 296q-8 30 2 40', darken(skin, 0.25), 4),
          beard,
          path('M266 356q34 26 68 0q-34 12-68 0z', '#9f3b3b'),
          glasses,
        ].join(''),
        'translate(300 330) scale(1.15) translate(-300 -330)',
      ),
    ].join(''),
  );
}

export type HandTool = 'none' | 'screwdriver' | 'drill' | 'disk';

/**
 * A technician's forearm reaching into a close-up from outside the frame: the hand at (x, y), the
 * sleeve running off towards `angle` degrees (0 = to the right, 90 = down), a tool pointing back.
 */
export function reachingArm(
  x: number,
  y: number,
  angle: number,
  look: PersonLook,
  tool: HandTool = 'none',
): string {
  const tools: Record<HandTool, string> = {
    none: '',
    screwdriver: [rrect(-150, -18, 100, 36, 14, C.amber), rect(-290, -6, 150, 12, '#9ca3af')].join(''),
    drill: [
      rrect(-200, -40, 170, 70, 20, C.amber),
      rect(-250, -10, 60, 14, '#6b7280'),
      rrect(-100, 20, 50, 90, 10, C.ink),
    ].join(''),
    disk: [
      rrect(-230, -60, 190, 130, 10, '#6b7280'),
      rect(-210, -40, 150, 80, '#9ca3af'),
      circle(-135, 0, 26, '#d1d5db'),
    ].join(''),
  };
  return g(
    [
      tools[tool],
      rrect(40, -44, 900, 88, 30, look.shirt),
      rect(40, -44, 30, 88, C.amber),
      rrect(-60, -40, 120, 80, 36, look.skin),
      rrect(-70, -44, 50, 30, 14, darken(look.skin, 0.08)),
      ...[0, 1, 2].map((i) => rrect(-62 + i * 28, 20, 26, 34, 12, darken(look.skin, 0.05))),
    ].join(''),
    `translate(${x} ${y}) rotate(${angle})`,
  );
}
