/**
 * Illustrations for the demo content, drawn as SVG and rasterised by the media pipeline like any
 * upload. No text is drawn (fonts differ between machines); shapes and colour carry the subject.
 */
const palettes = {
  refrigerator: ['#0b4f8a', '#38bdf8'],
  electric: ['#7c2d12', '#f59e0b'],
  cctv: ['#1e293b', '#64748b'],
  paint: ['#831843', '#f472b6'],
  air_c_m: ['#065f46', '#34d399'],
  people: ['#334155', '#94a3b8'],
  place: ['#1e3a8a', '#60a5fa'],
} as const;

export type ArtSubject =
  | 'refrigerator'
  | 'electric'
  | 'cctv'
  | 'paint'
  | 'air_c_m'
  | 'person'
  | 'building'
  | 'team'
  | 'tools';

const motifs: Record<ArtSubject, string> = {
  refrigerator: `<g fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".95">
    <path d="M600 180v440M410 290l380 220M410 510l380-220"/>
    <path d="M560 200l40 40 40-40M560 600l40-40 40 40M430 250l55 15-15 55M770 550l-55-15 15-55M430 550l55-15-15-55M770 250l-55 15 15 55"/></g>`,
  electric: `<path d="M640 150L440 440h150l-60 230 230-320H610l80-200z" fill="#fff" opacity=".95"/>`,
  cctv: `<g fill="#fff" opacity=".95"><rect x="380" y="300" width="360" height="150" rx="28" transform="rotate(-12 560 375)"/>
    <circle cx="700" cy="352" r="38" fill="#1e293b"/><circle cx="700" cy="352" r="18" fill="#38bdf8"/>
    <rect x="520" y="440" width="30" height="170"/><rect x="450" y="600" width="170" height="28" rx="10"/></g>`,
  paint: `<g fill="#fff" opacity=".95"><rect x="400" y="230" width="330" height="120" rx="26"/>
    <path d="M730 280h50v130H590v70h-30V380h190V310h-20z"/><rect x="556" y="470" width="38" height="180" rx="12"/></g>`,
  air_c_m: `<g fill="#fff" opacity=".95"><rect x="340" y="250" width="520" height="190" rx="30"/>
    <rect x="380" y="390" width="440" height="14" rx="7" fill="#065f46"/></g>
    <g fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".8">
    <path d="M450 480c20 40-20 70 0 110M600 480c20 40-20 70 0 110M750 480c20 40-20 70 0 110"/></g>`,
  person: `<g fill="#fff" opacity=".92"><circle cx="600" cy="330" r="120"/><path d="M380 700c0-140 100-220 220-220s220 80 220 220z"/></g>`,
  building: `<g fill="#fff" opacity=".92"><rect x="420" y="220" width="360" height="460" rx="10"/></g>
    <g fill="#1e3a8a">${[0, 1, 2, 3]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) => `<rect x="${460 + col * 105}" y="${260 + row * 95}" width="70" height="55" rx="6"/>`,
        ),
      )
      .join('')}<rect x="560" y="600" width="80" height="80"/></g>`,
  team: `<g fill="#fff" opacity=".92"><circle cx="450" cy="360" r="80"/><circle cx="750" cy="360" r="80"/><circle cx="600" cy="320" r="100"/>
    <path d="M300 680c0-110 70-180 150-180s150 70 150 180zM600 680c0-110 70-180 150-180s150 70 150 180z"/>
    <path d="M430 690c0-130 80-210 170-210s170 80 170 210z"/></g>`,
  tools: `<g fill="#fff" opacity=".95"><path d="M420 640l220-220 40 40-220 220a28 28 0 0 1-40-40z"/>
    <path d="M640 420a110 110 0 0 1 140-140l-70 70 20 50 50 20 70-70a110 110 0 0 1-140 140z"/></g>`,
};

/** An illustration 1200x800: a gradient in the subject's colours, soft shapes and a white motif. */
export function illustration(subject: ArtSubject, variant = 0, palette?: keyof typeof palettes): string {
  const key = palette ?? (subject in palettes ? (subject as keyof typeof palettes) : 'place');
  const [dark, light] = palettes[key];
  const shift = (variant * 137) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${variant * 15} .5 .5)">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#g)"/>
  <circle cx="${150 + (shift % 200)}" cy="${650 - (shift % 150)}" r="260" fill="#fff" opacity=".07"/>
  <circle cx="${1050 - (shift % 180)}" cy="${120 + (shift % 120)}" r="200" fill="#fff" opacity=".08"/>
  ${motifs[subject]}
</svg>`;
}

/** A square portrait for people (team, testimonials). */
export function portrait(variant: number): string {
  const hues = ['#0f766e', '#9333ea', '#b45309', '#1d4ed8', '#be123c', '#4d7c0f'];
  const color = hues[variant % hues.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="${color}"/><circle cx="300" cy="240" r="110" fill="#fff" opacity=".9"/>
  <path d="M90 600c0-150 95-230 210-230s210 80 210 230z" fill="#fff" opacity=".9"/></svg>`;
}
