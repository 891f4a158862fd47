/**
 * The demo content's pictures: scenes of the work, drawn as SVG and rasterised by the media pipeline
 * like any upload (ahead of time, see ./pictures). Every record gets its own drawing; no text is
 * drawn (fonts differ between machines). The kit is in ./art-kit, people in ./art-people, the
 * services' scenes in ./art-work and places in ./art-places.
 */
import { C, g, mirrored, rect, svg, zoomed } from './art-kit';
import { HAIR, headshot, type PortraitLook, SKIN } from './art-people';
import * as place from './art-places';
import type { DetailOptions, SceneOptions } from './art-work';
import * as work from './art-work';
import { demoServices } from './demo';

type Scene = (o: SceneOptions) => string;
type Detail = (o: DetailOptions) => string;

/** What each demo service's pictures show: its scene, the scene its projects' before and after use, a close-up. */
const views = (scene: Scene, detail: Detail, icon: [number, number, number], project: Scene = scene) => ({
  scene,
  project,
  detail,
  icon,
});
/** Icons are 3:2 crops of the finished scene: centre x, centre y and width, in the scene's pixels. */
const SERVICE_SCENES = {
  coldRoom: views(work.coldRoom, work.coldRoomDetail, [600, 390, 760]),
  fridge: views(work.fridgeBack, work.fridgeDetail, [700, 400, 800], work.fridgeFront),
  electrical: views(work.electrical, work.electricalDetail, [560, 360, 700]),
  generator: views(work.generatorBay, work.generatorDetail, [560, 420, 900]),
  cctv: views(work.cctvCorner, work.cctvDetail, [560, 320, 640]),
  security: views(work.monitorRoom, work.monitorDetail, [900, 300, 600]),
  painting: views(work.paintRoom, work.paintDetail, [480, 400, 900]),
  waterproofing: views(work.roofTop, work.roofDetail, [640, 540, 700]),
  acInstall: views(work.acInstall, work.acInstallDetail, [790, 330, 640]),
  acService: views(work.acService, work.acServiceDetail, [700, 380, 900]),
};

export type ServiceArt = keyof typeof SERVICE_SCENES;

const scene = (body: string) => svg(1200, 800, body);

/**
 * A service's own picture: a close crop of its finished work, 3:2 like the home page's tiles that
 * show it, with the subject in the middle so that the 96 px square badge on its page keeps it.
 */
export function serviceIcon(art: ServiceArt): string {
  const { scene: draw, icon } = SERVICE_SCENES[art];
  const [cx, cy, width] = icon;
  const k = 900 / width;
  // A finished roof is a plain white plane: its picture shows the coat going on instead.
  const state = art === 'waterproofing' ? 'work' : 'fixed';
  return svg(
    900,
    600,
    g(draw({ state, v: 3 }), `scale(${k}) translate(${width / 2 - cx} ${width / 3 - cy})`),
  );
}

/** A service's pictures: a technician on the job, then a close-up of the work. */
export function serviceImages(art: ServiceArt): string[] {
  const { scene: draw, detail } = SERVICE_SCENES[art];
  return [scene(draw({ state: 'work', v: 0 })), scene(detail({ state: 'work', v: 0 }))];
}

/**
 * A demo project's picture for the service at `serviceIndex` in the demo services: the fault
 * (`before`), the same framing once fixed (`after`), or a close-up of the finished work (`detail`).
 * `variant` changes colours, props, side and framing, so that two projects of a service differ.
 */
export function projectScene(
  serviceIndex: number,
  stage: 'before' | 'after' | 'detail',
  variant: number,
): string {
  const service = demoServices[serviceIndex];
  if (!service) throw new Error(`No demo service ${serviceIndex}`);
  const { project, detail } = SERVICE_SCENES[service.art];
  const v = variant + 1;
  const flip = variant % 2 === 1;
  if (stage === 'detail') return scene(mirrored(detail({ state: 'fixed', v }), flip));
  const body = project({ state: stage === 'before' ? 'fault' : 'fixed', v });
  // Before: the dim light of a failing site, as customers' own photos of a fault usually look.
  const dim = stage === 'before' ? rect(0, 0, 1200, 800, C.ink, 'opacity=".16"') : '';
  return scene(mirrored(zoomed(body, flip ? 1.12 : 1, 600, 420), flip) + dim);
}

/** The project drawings shipped with the demo: two variants of every service. */
export const PROJECT_VARIANTS: ReadonlyArray<readonly [service: number, variant: number]> =
  demoServices.flatMap((_, i) => [[i, 0] as const, [i, 1] as const]);

/** Every project drawing shipped, before, after and detail for each of PROJECT_VARIANTS. */
export function projectDemoDrawings(): string[] {
  return PROJECT_VARIANTS.flatMap(([service, variant]) =>
    (['before', 'after', 'detail'] as const).map((stage) => projectScene(service, stage, variant)),
  );
}

/** The clients' buildings, in the order of the demo clients: a store, a hospital, a mall, a food plant, a tech park. */
const BUILDINGS = [place.storeBuilding, place.hospital, place.mall, place.foodPlant, place.techPark];
export const clientBuilding = (index: number) => scene(BUILDINGS[index % BUILDINGS.length]!());

/** The service centers: the head office, a workshop with a shutter, a shop in a plaza under the hills. */
const CENTERS = [place.headOffice, place.karachiCenter, place.islamabadCenter];
export const centerPicture = (index: number) => scene(CENTERS[index % CENTERS.length]!());

/** Scenes for departments, about entries and gallery albums, named in the demo data. */
const PLACES = {
  reeferDock: place.reeferDock,
  panelRoom: place.panelRoom,
  gateCameras: place.gateCameras,
  facadeScaffold: place.facadeScaffold,
  teamVan: place.teamVan,
  doorstep: place.doorstep,
  safetyBench: place.safetyBench,
  rooftopACs: place.rooftopACs,
  displayChillers: place.displayChillers,
  solarRoof: place.solarRoof,
  ceilingDomes: place.ceilingDomes,
  floorCoating: place.floorCoating,
  vanDepot: place.vanDepot,
  siteBriefing: place.siteBriefing,
  coldRoomBuild: place.coldRoomBuild,
} satisfies Record<string, () => string>;
export type PlaceArt = keyof typeof PLACES;
export const placePicture = (art: PlaceArt) => scene(PLACES[art]());

/** Staff in the company's polo: each a different person. */
const TEAM: PortraitLook[] = [
  {
    skin: SKIN[1],
    hair: HAIR[4],
    head: 'short',
    clothes: 'polo',
    color: C.navy,
    background: ['#cfe3f3', '#9cc3e0'],
    beard: 'full',
    glasses: true,
    backdrop: 'shelf',
  },
  {
    skin: SKIN[5],
    hair: '#6b7a99',
    head: 'hijab',
    clothes: 'polo',
    color: C.navy,
    background: ['#f6e7cf', '#e9c99a'],
    backdrop: 'window',
  },
  {
    skin: SKIN[2],
    hair: HAIR[0],
    head: 'side',
    clothes: 'polo',
    color: '#0e7490',
    background: ['#d9ead3', '#a9cf9b'],
    beard: 'moustache',
    backdrop: 'arch',
  },
  {
    skin: SKIN[3],
    hair: HAIR[1],
    head: 'curly',
    clothes: 'polo',
    color: C.navyDark,
    background: ['#e6e0f2', '#bfb2dd'],
    beard: 'stubble',
    backdrop: 'plain',
  },
  {
    skin: SKIN[0],
    hair: '#7f1d1d',
    head: 'hijab',
    clothes: 'polo',
    color: '#0e7490',
    background: ['#fde2e2', '#f4b4b4'],
    glasses: true,
    backdrop: 'leaves',
  },
  {
    skin: SKIN[4],
    hair: HAIR[3],
    head: 'bald',
    clothes: 'polo',
    color: C.navy,
    background: ['#fef3c7', '#fcd98a'],
    beard: 'full',
    backdrop: 'window',
  },
  {
    skin: SKIN[2],
    hair: HAIR[2],
    head: 'long',
    clothes: 'polo',
    color: '#1d4ed8',
    background: ['#dcefee', '#a7d6d2'],
    backdrop: 'shelf',
  },
  {
    skin: SKIN[1],
    hair: HAIR[0],
    head: 'short',
    clothes: 'polo',
    color: C.navyDark,
    background: ['#e5e7eb', '#b8c2cf'],
    beard: 'stubble',
    glasses: true,
    backdrop: 'arch',
  },
];

/** Customers in their own clothes: different people from the team. */
const CUSTOMERS: PortraitLook[] = [
  {
    skin: SKIN[0],
    hair: HAIR[2],
    head: 'long',
    clothes: 'blouse',
    color: '#be123c',
    background: ['#fff1e6', '#f9cfae'],
    backdrop: 'window',
  },
  {
    skin: SKIN[2],
    hair: HAIR[3],
    head: 'short',
    clothes: 'shirt',
    color: '#dbeafe',
    background: ['#e2e8f0', '#a8b5c6'],
    beard: 'full',
    backdrop: 'shelf',
  },
  {
    skin: SKIN[1],
    hair: '#14532d',
    head: 'hijab',
    clothes: 'kurta',
    color: '#15803d',
    background: ['#ecfccb', '#c3e48f'],
    backdrop: 'leaves',
  },
  {
    skin: SKIN[3],
    hair: HAIR[0],
    head: 'curly',
    clothes: 'blazer',
    color: '#334155',
    background: ['#e0e7ff', '#a5b4fc'],
    backdrop: 'arch',
  },
  {
    skin: SKIN[5],
    hair: HAIR[1],
    head: 'bun',
    clothes: 'blouse',
    color: '#7e22ce',
    background: ['#fae8ff', '#e3b6f2'],
    glasses: true,
    backdrop: 'plain',
  },
];

export const teamPortrait = (index: number) => headshot(`team${index}`, TEAM[index % TEAM.length]!);
export const customerPortrait = (index: number) =>
  headshot(`customer${index}`, CUSTOMERS[index % CUSTOMERS.length]!);
