import { describe, expectTypeOf, it } from 'vitest';
import type { SiteData, SiteRecord } from './site-data';

/**
 * Checked by `npm run typecheck`: a page that reads a field its declaration does not have, or
 * asks for a type that is not public, does not compile. Each `@ts-expect-error` below fails the
 * typecheck the day the mistake it marks stops being an error.
 */
async function pageReads(site: SiteData) {
  const [service] = await site.list('service');
  if (!service) return;
  const title: string = service.title;
  const images: string[] = service.images;
  // @ts-expect-error misspelt field: services have `title`, not `titel`
  service.titel;
  // @ts-expect-error `images` of a service is a list, not one address
  const one: string = service.images;

  const detail = await site.findBySlug('service', 'ac-repair');
  // @ts-expect-error misspelt field read through findBySlug
  detail?.descripton;
  // @ts-expect-error only types with a slug have pages of their own
  await site.findBySlug('client', 'x');

  const [department] = await site.list('department');
  // A department has one image, held in its `images` field as one address.
  const photo: string | undefined = department?.images;
  // @ts-expect-error a department's image is not a list
  department?.images.map((src) => src);

  // @ts-expect-error messages are not public: no page may list them
  await site.list('contactus');
  // @ts-expect-error not a content type
  await site.list('services');
  return { title, images, one, photo };
}

describe('records pages read are typed by their declarations', () => {
  it('gives each field the type its kind stores', () => {
    expectTypeOf(pageReads).toBeFunction();
    expectTypeOf<SiteRecord<'service'>['serviceName']>().toEqualTypeOf<
      'refrigerator' | 'electric' | 'cctv' | 'paint' | 'air_c_m'
    >();
    expectTypeOf<SiteRecord<'service'>['slug']>().toEqualTypeOf<string>();
    expectTypeOf<SiteRecord<'testimonial'>['rating']>().toEqualTypeOf<number>();
    // A gallery picture is a row: the picture, its caption and the project it belongs to.
    expectTypeOf<SiteRecord<'gallery'>['images'][number]['image']>().toEqualTypeOf<string>();
    expectTypeOf<SiteRecord<'gallery'>['images'][number]['caption']>().toEqualTypeOf<string>();
    expectTypeOf<SiteRecord<'team'>['images']>().toEqualTypeOf<string>();
    // Clients have no slug: reading one is an error, not ''.
    expectTypeOf<SiteRecord<'client'>>().not.toHaveProperty('slug');
  });
});
