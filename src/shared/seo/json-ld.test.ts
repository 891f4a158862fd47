import { describe, expect, it } from 'vitest';
import { businessId, type JsonLdProject, localBusinessJsonLd, projectJsonLd } from './json-ld';

const origin = 'https://www.coolfix.example';
const project: JsonLdProject = {
  title: 'Cold room rescue',
  slug: 'cold-room-rescue',
  description: 'The cold room stopped cooling. Back at 2 °C in three hours.',
  images: ['/media/b.webp', 'https://cdn.example/a.webp'],
  completedOn: '2026-03-14',
  area: 'Gulberg III, Lahore',
  service: { title: 'Cold Rooms', slug: 'cold-rooms' },
};

describe('a project page’s structured data', () => {
  const ld = projectJsonLd(project, origin);

  it('is a CreativeWork with a name, description, page address, absolute images and its day', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: 'Cold room rescue',
      description: project.description,
      url: `${origin}/projects/cold-room-rescue`,
      image: [`${origin}/media/b.webp`, 'https://cdn.example/a.webp'],
      dateCreated: '2026-03-14',
      datePublished: '2026-03-14',
    });
  });

  it('is about its service, located in its area, and made by the business the layout describes', () => {
    expect(ld.about).toEqual({
      '@type': 'Service',
      name: 'Cold Rooms',
      url: `${origin}/services/cold-rooms`,
      provider: { '@id': businessId(origin) },
    });
    expect(ld.locationCreated).toEqual({
      '@type': 'Place',
      name: 'Gulberg III, Lahore',
      address: 'Gulberg III, Lahore',
    });
    const business = localBusinessJsonLd(
      {
        companyName: 'CoolFix',
        tagline: '',
        phone: '',
        email: '',
        address: '',
        city: '',
        country: '',
      },
      [],
      origin,
    );
    expect(ld.creator).toEqual({ '@id': business['@id'] });
    expect(ld.author).toEqual({ '@id': business['@id'] });
  });

  it('leaves out what the project does not say rather than writing empty values', () => {
    const bare = projectJsonLd(
      { ...project, images: [], completedOn: null, area: '', service: null },
      origin,
    );
    for (const key of ['image', 'dateCreated', 'datePublished', 'about', 'locationCreated'])
      expect(bare).not.toHaveProperty(key);
    expect(bare.creator).toEqual({ '@id': businessId(origin) });
  });
});
