import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { contentTypes } from '../../../shared/content/types';
import type { ContentRepository } from '../../content/repository';
import type { Database } from '../../db/client';
import { markDemoRecord } from '../go-live/checklist';
import { mediaUrl } from '../media/routes';
import { createMediaStore, type MediaStore } from '../media/store';
import { DEMO_TRUST_SETTINGS } from '../settings/defaults';
import { createSettingsStore, type SettingsStore } from '../settings/store';
import {
  centerPicture,
  clientBuilding,
  customerPortrait,
  placePicture,
  projectDemoDrawings,
  projectScene,
  serviceIcon,
  serviceImages,
  teamPortrait,
} from './art';
import {
  demoAbout,
  demoCenters,
  demoClients,
  demoDepartments,
  demoGallery,
  demoServiceAnswers,
  demoServices,
  demoTeam,
  demoTestimonialServices,
  demoTestimonials,
} from './demo';
import { demoPicture } from './pictures';
import { demoProjects } from './projects';

/** Every table whose rows make a site "have content": all content types, and the staff accounts. */
const CONTENT_TABLES = [...contentTypes.map((def) => def.table), 'users'];

/** True when any content or account exists, trashed or not. */
async function hasContent(database: Database): Promise<boolean> {
  const checks = CONTENT_TABLES.map((table) => `exists (select 1 from ${table})`).join(' or ');
  const [row] = await database.query<{ any: boolean }>(`select (${checks}) as any`);
  return Boolean(row?.any);
}

export interface SeedDeps {
  database: Database;
  repositories: ReadonlyMap<string, ContentRepository>;
  media: MediaStore;
  settings: SettingsStore;
  /** Told when the site is empty and the demo content goes in. */
  announce?: (step: string) => void;
}

/**
 * Fill an empty site with demo content. Its pictures are drawn as SVG and were rasterised through
 * the upload pipeline ahead of time (`./pictures`): a first start only copies them in. A database
 * that holds anything is never touched.
 */
export async function seedDemoContent({
  database,
  repositories,
  media,
  settings,
  announce = () => {},
}: SeedDeps): Promise<boolean> {
  return database.withLock(7_314_003, async () => {
    if (await hasContent(database)) return false;
    announce('Adding demo content (SEED_DEMO=false starts empty)...');
    // Demo content is nobody's change (no audit row), but it is written in a transaction like every
    // write, since repositories refuse writes outside one.
    // Each record is marked as demo content with it, so the go-live checklist can name it.
    const create = (name: string, values: Record<string, unknown>) =>
      database.transaction(async (tx) => {
        const record = await repositories.get(name)!.in(tx.db).create(values);
        await markDemoRecord(tx, name, record._id);
        return record;
      });
    const picture = async (svg: string) => {
      const processed = await demoPicture(svg);
      await media.save(processed, null);
      return mediaUrl(processed.hash);
    };
    await settings.get();
    // The demo company's trust signals: not defaults, since they are claims (see defaults.ts).
    await settings.update(DEMO_TRUST_SETTINGS);
    await writeDemoRecords(create, picture);
    return true;
  });
}

/** Seed a built app's database, as the first start does. */
export function seedDemoInto(app: FastifyInstance, announce?: (step: string) => void): Promise<boolean> {
  return seedDemoContent({
    database: app.database,
    repositories: app.repositories,
    media: createMediaStore(app.database),
    settings: createSettingsStore(app.database),
    announce,
  });
}

/**
 * Every demo record, in order, each picture named by its drawing: `picture` stores one and answers
 * its URL. `npm run demo:pictures` runs the same list to learn which drawings to render.
 */
export async function writeDemoRecords(
  create: (name: string, values: Record<string, unknown>) => Promise<unknown>,
  picture: (svg: string) => Promise<string>,
): Promise<void> {
  const ABOUT_ART = ['teamVan', 'doorstep', 'safetyBench'] as const;
  // Services get their ids up front, so a service can name related ones created after it.
  const serviceIds = new Map(demoServices.map((s) => [s.title, randomUUID()]));
  const serviceId = (title: string) => {
    const id = serviceIds.get(title);
    if (!id) throw new Error(`Demo content names a service that is not there: ${title}`);
    return id;
  };
  const answersOf = (title: string) => {
    const answers = demoServiceAnswers[title];
    if (!answers) return {};
    const { related, ...rest } = answers;
    return { ...rest, related: related.map((other) => ({ service: serviceId(other) })) };
  };
  // The ids projects refer to (none when only the drawings are being listed).
  const idOf = (record: unknown) => (record as { _id?: string } | undefined)?._id ?? null;
  const clientIds: (string | null)[] = [];
  const testimonialIds: (string | null)[] = [];
  for (const s of demoServices) {
    const icon = await picture(serviceIcon(s.art));
    const images: string[] = [];
    for (const svg of serviceImages(s.art)) images.push(await picture(svg));
    await create('service', {
      title: s.title,
      description: s.description,
      serviceName: s.serviceName,
      icon,
      images,
      id: serviceId(s.title),
      ...answersOf(s.title),
    });
  }
  for (const [i, c] of demoClients.entries()) {
    clientIds.push(idOf(await create('client', { ...c, images: [await picture(clientBuilding(i))] })));
  }
  for (const d of demoDepartments) {
    const { art: subject, ...fields } = d;
    await create('department', { ...fields, images: await picture(placePicture(subject)) });
  }
  for (const [i, c] of demoCenters.entries()) {
    await create('servicecenter', { ...c, images: [await picture(centerPicture(i))] });
  }
  for (const [i, a] of demoAbout.entries()) {
    await create('aboutus', {
      ...a,
      images: [await picture(placePicture(ABOUT_ART[i % ABOUT_ART.length]!))],
    });
  }
  for (const [i, t] of demoTeam.entries()) {
    await create('team', { ...t, images: await picture(teamPortrait(i)) });
  }
  // Each demo testimonial praises a service, named by its id.
  const withService = <T extends { name: string }>(t: T) => {
    const title = demoTestimonialServices[t.name];
    return { ...t, service: title ? serviceId(title) : null };
  };
  for (const [i, t] of demoTestimonials.map(withService).entries()) {
    testimonialIds.push(
      idOf(await create('testimonial', { ...t, rating: 5, image: await picture(customerPortrait(i)) })),
    );
  }
  // Projects: each a finished job of one service, with its before and after pictures and close-ups;
  // a service's second project would draw the scenes' second variant.
  const projectsOf = new Map<number, number>();
  for (const p of demoProjects) {
    const variant = projectsOf.get(p.service) ?? 0;
    projectsOf.set(p.service, variant + 1);
    const before = await picture(projectScene(p.service, 'before', variant));
    const after = await picture(projectScene(p.service, 'after', variant));
    const images = [await picture(projectScene(p.service, 'detail', variant))];
    // A second close-up: the other variant's, which no demo project draws.
    if (p.extraPictures === 2) images.push(await picture(projectScene(p.service, 'detail', variant + 1)));
    const { service, client, testimonial, extraPictures, ...story } = p;
    await create('project', {
      ...story,
      service: serviceId(demoServices[service]!.title),
      client: client === undefined ? null : clientIds[client],
      testimonial: testimonial === undefined ? null : testimonialIds[testimonial],
      before,
      after,
      images,
    });
  }
  for (const g of demoGallery) {
    const images: string[] = [];
    for (const subject of g.art) images.push(await picture(placePicture(subject)));
    await create('gallery', { title: g.title, images });
  }
}

/** Every drawing the demo content shows, in the order the seed stores them. */
export async function demoDrawings(): Promise<string[]> {
  const svgs: string[] = [];
  await writeDemoRecords(
    async () => undefined,
    async (svg) => {
      svgs.push(svg);
      return '';
    },
  );
  // The demo projects' pictures (before, after, detail) are shipped too: see projectScene in ./art.
  for (const svg of projectDemoDrawings()) if (!svgs.includes(svg)) svgs.push(svg);
  return svgs;
}
