/**
 * The names of the shipped demo pictures. The demo records name their pictures with these, the seed
 * looks them up in the pictures' index (./pictures), and the drawing tool (tools/demo-art, run by
 * `npm run demo:pictures`) draws one picture for each and writes that index.
 */

/** The services' kinds of work, each drawn as a scene, a close-up and an icon. */
export const SERVICE_ARTS = [
  'coldRoom',
  'fridge',
  'electrical',
  'generator',
  'cctv',
  'security',
  'painting',
  'waterproofing',
  'acInstall',
  'acService',
] as const;
export type ServiceArt = (typeof SERVICE_ARTS)[number];

/** Scenes for departments, about entries and gallery albums. */
export const PLACE_ARTS = [
  'reeferDock',
  'panelRoom',
  'gateCameras',
  'facadeScaffold',
  'teamVan',
  'doorstep',
  'safetyBench',
  'rooftopACs',
  'displayChillers',
  'ceilingDomes',
  'floorCoating',
  'vanDepot',
  'siteBriefing',
  'coldRoomBuild',
] as const;
export type PlaceArt = (typeof PLACE_ARTS)[number];

/** The clients' buildings and the service centers' fronts. */
export const BUILDINGS = ['store', 'hospital', 'mall', 'foodPlant', 'techPark'] as const;
export const CENTERS = ['headOffice', 'karachi', 'islamabad'] as const;

/** Portraits: staff in the company's polo, customers in their own clothes. */
export const TEAM_PORTRAITS = 8;
export const CUSTOMER_PORTRAITS = 5;

/** A demo project's pictures: the fault, the same framing fixed, a close-up of the finished work. */
export const PROJECT_STAGES = ['before', 'after', 'detail'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];
/** Each service's project pictures come in two variants, so that two projects of a service differ. */
export const PROJECT_VARIANTS = [1, 2] as const;
export type ProjectVariant = (typeof PROJECT_VARIANTS)[number];

export type DemoPictureName =
  | `service/${ServiceArt}/${'icon' | 'work' | 'detail'}`
  | `project/${ServiceArt}/${ProjectVariant}/${ProjectStage}`
  | `building/${(typeof BUILDINGS)[number]}`
  | `center/${(typeof CENTERS)[number]}`
  | `place/${PlaceArt}`
  | `team/${number}`
  | `customer/${number}`;

export const projectPicture = (art: ServiceArt, variant: ProjectVariant, stage: ProjectStage) =>
  `project/${art}/${variant}/${stage}` as const;
