import type { FastifyInstance } from 'fastify';
import { contentTypes } from '../../../shared/content/types';
import type { ContentRepository } from '../../content/repository';
import type { Database } from '../../db/client';
import { markDemoRecord } from '../go-live/checklist';
import { mediaUrl } from '../media/routes';
import { createMediaStore, type MediaStore } from '../media/store';
import { createSettingsStore, type SettingsStore } from '../settings/store';
import { type ArtSubject, illustration, portrait } from './art';
import {
  demoAbout,
  demoCenters,
  demoClients,
  demoDepartments,
  demoGallery,
  demoServices,
  demoTeam,
  demoTestimonials,
} from './demo';
import { demoPicture } from './pictures';

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
  const art = (subject: ArtSubject, variant = 0) => picture(illustration(subject, variant));
  for (const [i, s] of demoServices.entries()) {
    const icon = await art(s.art, 0);
    const images = [await art(s.art, i + 1), await art(s.art === 'tools' ? 'electric' : 'tools', i + 2)];
    await create('service', {
      title: s.title,
      description: s.description,
      serviceName: s.serviceName,
      icon,
      images,
    });
  }
  for (const [i, c] of demoClients.entries()) {
    await create('client', { ...c, images: [await art('building', i)] });
  }
  for (const d of demoDepartments) {
    const { art: subject, ...fields } = d;
    await create('department', { ...fields, images: await art(subject, 3) });
  }
  for (const [i, c] of demoCenters.entries()) {
    await create('servicecenter', { ...c, images: [await art('building', i + 5)] });
  }
  for (const [i, a] of demoAbout.entries()) {
    await create('aboutus', { ...a, images: [await art(i === 0 ? 'team' : 'tools', i)] });
  }
  for (const [i, t] of demoTeam.entries()) {
    await create('team', { ...t, images: await picture(portrait(i)) });
  }
  for (const [i, t] of demoTestimonials.entries()) {
    await create('testimonial', { ...t, rating: 5, image: await picture(portrait(i + 2)) });
  }
  for (const g of demoGallery) {
    const images: string[] = [];
    for (const [i, subject] of g.art.entries()) images.push(await art(subject, i + 7));
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
  return svgs;
}
