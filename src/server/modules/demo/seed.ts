import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { contentTypes } from '../../../shared/content/types';
import type { ContentRepository } from '../../content/repository';
import { createChangeLog } from '../../db/change-log';
import type { Database } from '../../db/client';
import { markDemoRecord } from '../go-live/checklist';
import { mediaUrl } from '../media/routes';
import { createMediaStore, type MediaStore } from '../media/store';
import { DEMO_TRUST_SETTINGS } from '../settings/defaults';
import { createSettingsStore, type SettingsStore } from '../settings/store';
import { demoAbout, demoCenters, demoClients, demoDepartments, demoGallery } from './company';
import { demoTeam, demoTestimonials } from './people';
import { type DemoPictureName, projectPicture } from './picture-names';
import { demoPicture } from './pictures';
import { demoProjects } from './projects';
import { demoServiceAnswers, demoServices } from './services';
import { anyRowIn } from './store';

/** Every table whose rows make a site "have content": all content types, and the staff accounts. */
const CONTENT_TABLES = [...contentTypes.map((def) => def.table), 'users'];

export interface SeedDeps {
  database: Database;
  repositories: ReadonlyMap<string, ContentRepository>;
  media: MediaStore;
  settings: SettingsStore;
  /** Told when the site is empty and the demo content goes in. */
  announce?: (step: string) => void;
}

/**
 * Fill an empty site with demo content. Its pictures were drawn and rasterised through the upload
 * pipeline ahead of time (`./pictures`): a first start only copies them in. A database that holds
 * anything is never touched.
 */
export async function seedDemoContent({
  database,
  repositories,
  media,
  settings,
  announce = () => {},
}: SeedDeps): Promise<boolean> {
  return database.withLock(7_314_003, async () => {
    if (await anyRowIn(database, CONTENT_TABLES)) return false;
    announce('Adding demo content (SEED_DEMO=false starts empty)...');
    // Demo content is nobody's change: written in a change's transaction like every write (the
    // repositories take no other), with nothing recorded in it, so no audit row and no announcement.
    // Each record is marked as demo content with it, so the go-live checklist can name it.
    const changes = createChangeLog(database);
    const create = (name: string, values: Record<string, unknown>) =>
      changes.write(async (tx) => {
        const record = await repositories.get(name)!.in(tx).create(values);
        await markDemoRecord(tx, name, record._id);
        return record;
      });
    const picture = async (name: DemoPictureName) => {
      const processed = demoPicture(name);
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
 * Every demo record, in order, each picture named (./picture-names): `picture` stores one and
 * answers its URL.
 */
export async function writeDemoRecords(
  create: (name: string, values: Record<string, unknown>) => Promise<unknown>,
  picture: (name: DemoPictureName) => Promise<string>,
): Promise<void> {
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
  // The ids projects refer to.
  const idOf = (record: unknown) => (record as { _id?: string } | undefined)?._id ?? null;
  const clientIds: (string | null)[] = [];
  const testimonialIds: (string | null)[] = [];
  for (const s of demoServices) {
    const icon = await picture(`service/${s.art}/icon`);
    const images = [await picture(`service/${s.art}/work`), await picture(`service/${s.art}/detail`)];
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
  for (const { picture: name, ...fields } of demoClients)
    clientIds.push(idOf(await create('client', { ...fields, images: [await picture(name)] })));
  for (const { picture: name, ...fields } of demoDepartments)
    await create('department', { ...fields, images: await picture(name) });
  for (const { picture: name, ...fields } of demoCenters)
    await create('servicecenter', { ...fields, images: [await picture(name)] });
  for (const { picture: name, ...fields } of demoAbout)
    await create('aboutus', { ...fields, images: [await picture(name)] });
  for (const { picture: name, ...fields } of demoTeam)
    await create('team', { ...fields, images: await picture(name) });
  // Each demo testimonial praises a service, named by its id.
  for (const { picture: name, service, ...fields } of demoTestimonials) {
    const values = { ...fields, service: serviceId(service), rating: 5, image: await picture(name) };
    testimonialIds.push(idOf(await create('testimonial', values)));
  }
  // Projects: each a finished job of one service, with its before and after pictures and close-ups;
  // a service's second project shows the scenes' second variant.
  const projectsOf = new Map<number, number>();
  const projectIds = new Map<string, string | null>();
  for (const p of demoProjects) {
    const variant = (projectsOf.get(p.service) ?? 0) === 0 ? 1 : 2;
    projectsOf.set(p.service, variant);
    const art = demoServices[p.service]!.art;
    const before = await picture(projectPicture(art, variant, 'before'));
    const after = await picture(projectPicture(art, variant, 'after'));
    const images = [await picture(projectPicture(art, variant, 'detail'))];
    // A second close-up: the other variant's, which no demo project shows.
    if (p.extraPictures === 2)
      images.push(await picture(projectPicture(art, variant === 1 ? 2 : 1, 'detail')));
    const { service, client, testimonial, extraPictures, ...story } = p;
    const created = await create('project', {
      ...story,
      service: serviceId(demoServices[service]!.title),
      client: client === undefined ? null : clientIds[client],
      testimonial: testimonial === undefined ? null : testimonialIds[testimonial],
      before,
      after,
      images,
    });
    projectIds.set(p.title, idOf(created));
  }
  for (const g of demoGallery) {
    const images = [];
    for (const { picture: name, caption, project } of g.pictures)
      images.push({ image: await picture(name), caption, project: project ? projectIds.get(project) : null });
    await create('gallery', { title: g.title, images });
  }
}
