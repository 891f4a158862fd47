/**
 * Every demo picture by its name (src/server/modules/demo/picture-names.ts): scenes of the work,
 * drawn as SVG and rasterised by the media pipeline like any upload (./render). Every picture is
 * its own drawing; no text is drawn (fonts differ between machines). The kit is in ./kit, people
 * in ./people, the services' scenes in ./work and places in ./places.
 */
import {
  BUILDINGS,
  CENTERS,
  CUSTOMER_PORTRAITS,
  type DemoPictureName,
  PLACE_ARTS,
  type PlaceArt,
  PROJECT_STAGES,
  PROJECT_VARIANTS,
  type ProjectStage,
  projectPicture,
  SERVICE_ARTS,
  type ServiceArt,
  TEAM_PORTRAITS,
} from '../../src/server/modules/demo/picture-names';
import { C, g, mirrored, rect, svg, zoomed } from './kit';
import { HAIR, headshot, type PortraitLook, SKIN } from './people';
import * as place from './places';
import type { DetailOptions, SceneOptions } from './work';
import * as work from './work';

type Scene = (o: SceneOptions) => string;
type Detail = (o: DetailOptions) => string;

/** What each service's pictures show: its scene, the scene its projects' before and after use, a close-up. */
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
} satisfies Record<ServiceArt, unknown>;

const scene = (body: string) => svg(1200, 800, body);

/**
 * A service's own picture: a close crop of its finished work, 3:2 like the home page's tiles that
 * show it, with the subject in the middle so that the 96 px square badge on its page keeps it.
 */
function serviceIcon(art: ServiceArt): string {
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

/**
 * A project's picture of a service's work: the fault (`before`), the same framing once fixed
 * (`after`), or a close-up of the finished work (`detail`). The second variant changes colours,
 * props, side and framing, so that two projects of a service differ.
 */
function projectScene(art: ServiceArt, stage: ProjectStage, variant: number): string {
  const { project, detail } = SERVICE_SCENES[art];
  const v = variant;
  const flip = variant === 2;
  if (stage === 'detail') return scene(mirrored(detail({ state: 'fixed', v }), flip));
  const body = project({ state: stage === 'before' ? 'fault' : 'fixed', v });
  // Before: the dim light of a failing site, as customers' own photos of a fault usually look.
  const dim = stage === 'before' ? rect(0, 0, 1200, 800, C.ink, 'opacity=".16"') : '';
  return scene(mirrored(zoomed(body, flip ? 1.12 : 1, 600, 420), flip) + dim);
}

const BUILDING_SCENES = {
  store: place.storeBuilding,
  hospital: place.hospital,
  mall: place.mall,
  foodPlant: place.foodPlant,
  techPark: place.techPark,
} satisfies Record<(typeof BUILDINGS)[number], () => string>;

/** The head office, a workshop with a shutter, a shop in a plaza under the hills. */
const CENTER_SCENES = {
  headOffice: place.headOffice,
  karachi: place.karachiCenter,
  islamabad: place.islamabadCenter,
} satisfies Record<(typeof CENTERS)[number], () => string>;

const PLACE_SCENES = {
  reeferDock: place.reeferDock,
  panelRoom: place.panelRoom,
  gateCameras: place.gateCameras,
  facadeScaffold: place.facadeScaffold,
  teamVan: place.teamVan,
  doorstep: place.doorstep,
  safetyBench: place.safetyBench,
  rooftopACs: place.rooftopACs,
  displayChillers: place.displayChillers,
  ceilingDomes: place.ceilingDomes,
  floorCoating: place.floorCoating,
  vanDepot: place.vanDepot,
  siteBriefing: place.siteBriefing,
  coldRoomBuild: place.coldRoomBuild,
} satisfies Record<PlaceArt, () => string>;

type Extras = Pick<PortraitLook, 'beard' | 'glasses'>;
const look = (
  [skin, hair, head]: [string, string, PortraitLook['head']],
  [clothes, color]: [PortraitLook['clothes'], string],
  background: [string, string],
  backdrop: PortraitLook['backdrop'],
  extras: Extras = {},
): PortraitLook => ({ skin, hair, head, clothes, color, background, ...extras, backdrop });

/** Staff in the company's polo: each a different person. */
const TEAM: PortraitLook[] = [
  look([SKIN[1], HAIR[4], 'short'], ['polo', C.navy], ['#cfe3f3', '#9cc3e0'], 'shelf', {
    beard: 'full',
    glasses: true,
  }),
  look([SKIN[5], '#6b7a99', 'hijab'], ['polo', C.navy], ['#f6e7cf', '#e9c99a'], 'window'),
  look([SKIN[2], HAIR[0], 'side'], ['polo', '#0e7490'], ['#d9ead3', '#a9cf9b'], 'arch', {
    beard: 'moustache',
  }),
  look([SKIN[3], HAIR[1], 'curly'], ['polo', C.navyDark], ['#e6e0f2', '#bfb2dd'], 'plain', {
    beard: 'stubble',
  }),
  look([SKIN[0], '#7f1d1d', 'hijab'], ['polo', '#0e7490'], ['#fde2e2', '#f4b4b4'], 'leaves', {
    glasses: true,
  }),
  look([SKIN[4], HAIR[3], 'bald'], ['polo', C.navy], ['#fef3c7', '#fcd98a'], 'window', { beard: 'full' }),
  look([SKIN[2], HAIR[2], 'long'], ['polo', '#1d4ed8'], ['#dcefee', '#a7d6d2'], 'shelf'),
  look([SKIN[1], HAIR[0], 'short'], ['polo', C.navyDark], ['#e5e7eb', '#b8c2cf'], 'arch', {
    beard: 'stubble',
    glasses: true,
  }),
];

/** Customers in their own clothes: different people from the team. */
const CUSTOMERS: PortraitLook[] = [
  look([SKIN[0], HAIR[2], 'long'], ['blouse', '#be123c'], ['#fff1e6', '#f9cfae'], 'window'),
  look([SKIN[2], HAIR[3], 'short'], ['shirt', '#dbeafe'], ['#e2e8f0', '#a8b5c6'], 'shelf', { beard: 'full' }),
  look([SKIN[1], '#14532d', 'hijab'], ['kurta', '#15803d'], ['#ecfccb', '#c3e48f'], 'leaves'),
  look([SKIN[3], HAIR[0], 'curly'], ['blazer', '#334155'], ['#e0e7ff', '#a5b4fc'], 'arch'),
  look([SKIN[5], HAIR[1], 'bun'], ['blouse', '#7e22ce'], ['#fae8ff', '#e3b6f2'], 'plain', { glasses: true }),
];

/** Every demo picture, name first, its drawing second. */
export function demoArtCatalogue(): [DemoPictureName, string][] {
  const pictures: [DemoPictureName, string][] = [];
  for (const art of SERVICE_ARTS) {
    const { scene: draw, detail } = SERVICE_SCENES[art];
    pictures.push([`service/${art}/icon`, serviceIcon(art)]);
    // A technician on the job, then a close-up of the work.
    pictures.push([`service/${art}/work`, scene(draw({ state: 'work', v: 0 }))]);
    pictures.push([`service/${art}/detail`, scene(detail({ state: 'work', v: 0 }))]);
    for (const variant of PROJECT_VARIANTS)
      for (const stage of PROJECT_STAGES)
        pictures.push([projectPicture(art, variant, stage), projectScene(art, stage, variant)]);
  }
  for (const name of BUILDINGS) pictures.push([`building/${name}`, scene(BUILDING_SCENES[name]())]);
  for (const name of CENTERS) pictures.push([`center/${name}`, scene(CENTER_SCENES[name]())]);
  for (const name of PLACE_ARTS) pictures.push([`place/${name}`, scene(PLACE_SCENES[name]())]);
  for (let i = 0; i < TEAM_PORTRAITS; i++) pictures.push([`team/${i + 1}`, headshot(`team${i}`, TEAM[i]!)]);
  for (let i = 0; i < CUSTOMER_PORTRAITS; i++)
    pictures.push([`customer/${i + 1}`, headshot(`customer${i}`, CUSTOMERS[i]!)]);
  return pictures;
}
