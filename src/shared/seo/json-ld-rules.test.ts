import { describe, expect, it } from 'vitest';
import { isIsoDate, jsonLdOf, jsonLdProblems, jsonLdTypes } from './json-ld-rules';

const origin = 'https://www.coolfix.example';
const business = {
  '@context': 'https://schema.org',
  '@type': 'LocalBusiness',
  '@id': `${origin}/#business`,
  name: 'CoolFix',
  url: `${origin}/home`,
  telephone: '03001234567',
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'Main Boulevard',
    addressLocality: 'Lahore',
    addressCountry: 'PK',
  },
  openingHoursSpecification: [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday'],
      opens: '09:00',
      closes: '19:00',
    },
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Sunday',
      opens: '00:00',
      closes: '23:59',
    },
  ],
  aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 326, bestRating: 5 },
  areaServed: ['Gulberg', { '@type': 'City', name: 'Lahore' }],
  branchOf: { '@id': `${origin}/#business` },
  hasOfferCatalog: {
    '@type': 'OfferCatalog',
    name: 'Services',
    itemListElement: [
      {
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: 'AC Service', provider: { '@id': `${origin}/#business` } },
      },
    ],
  },
};
const faq = {
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: [
    {
      '@type': 'Question',
      name: 'How soon?',
      acceptedAnswer: { '@type': 'Answer', text: 'Within the hour.' },
    },
  ],
};
const project = {
  '@context': 'https://schema.org',
  '@type': 'CreativeWork',
  name: 'Cold room rebuilt',
  image: [`${origin}/media/a.webp`, { '@type': 'ImageObject', url: `${origin}/media/b.webp` }],
  dateCreated: '2026-03-04',
  creator: { '@id': `${origin}/#business` },
};

/** A copy of `value` with `change` applied to it. */
const changed = <T>(value: T, change: (copy: T) => void): T => {
  const copy = structuredClone(value);
  change(copy);
  return copy;
};

describe('JSON-LD rules', () => {
  it('pass a complete LocalBusiness, FAQPage, CreativeWork and BreadcrumbList', () => {
    expect(jsonLdProblems(business)).toEqual([]);
    expect(jsonLdProblems(faq)).toEqual([]);
    expect(jsonLdProblems(project)).toEqual([]);
    expect(
      jsonLdProblems({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/home` },
          { '@type': 'ListItem', position: 2, name: 'Projects' },
        ],
      }),
    ).toEqual([]);
    expect(jsonLdProblems({ '@context': 'https://schema.org', '@graph': [business, project] })).toEqual([]);
  });

  it('name a LocalBusiness without its name, phone, address or an absolute url', () => {
    const bare = changed(business, (b: Record<string, unknown>) => {
      delete b.name;
      delete b.telephone;
      delete b.address;
      b.url = '/home';
    });
    expect(jsonLdProblems(bare)).toEqual([
      'LocalBusiness.name: is required (non-empty text)',
      'LocalBusiness.telephone: is required (non-empty text)',
      'LocalBusiness.url: is required (an absolute http(s) URL)',
      'LocalBusiness.address: is required (PostalAddress)',
    ]);
  });

  it('refuse opening hours with a day or time search engines cannot read', () => {
    const hours = changed(business, (b) => {
      b.openingHoursSpecification[0]!.dayOfWeek = ['Mon', 'Tuesday'];
      b.openingHoursSpecification[1]!.opens = '9:00';
      b.openingHoursSpecification[1]!.closes = '24:00';
    });
    expect(jsonLdProblems(hours)).toEqual([
      'LocalBusiness.openingHoursSpecification[0].dayOfWeek[0]: "Mon" is not a day of the week',
      'LocalBusiness.openingHoursSpecification[1].opens: "9:00" is not a time (HH:MM)',
      'LocalBusiness.openingHoursSpecification[1].closes: "24:00" is not a time (HH:MM)',
    ]);
  });

  it('refuse a rating above its best, below 1, or without a count above 0', () => {
    const rating = (value: Record<string, unknown>) =>
      jsonLdProblems({ ...business, aggregateRating: { '@type': 'AggregateRating', ...value } });
    expect(rating({ ratingValue: 5.2, reviewCount: 10, bestRating: 5 })).toEqual([
      'LocalBusiness.aggregateRating.ratingValue: must be a number from 1 to 5',
    ]);
    expect(rating({ ratingValue: '0.5', reviewCount: 10 })).toHaveLength(1);
    expect(rating({ ratingValue: '4.5', reviewCount: 0 })).toEqual([
      'LocalBusiness.aggregateRating.reviewCount: or ratingCount is required (a whole number above 0)',
    ]);
    expect(rating({ ratingValue: 'great', ratingCount: 3 })).toHaveLength(1);
    expect(rating({ ratingValue: '4.5', ratingCount: 3 })).toEqual([]);
  });

  it('refuse an FAQ page with no question, or a question without an answer text', () => {
    expect(jsonLdProblems({ ...faq, mainEntity: [] })).toEqual(['FAQPage.mainEntity: must not be empty']);
    expect(jsonLdProblems(changed(faq, (f) => (f.mainEntity[0]!.acceptedAnswer.text = ' ')))).toEqual([
      'FAQPage.mainEntity[0].acceptedAnswer.text: is required (non-empty text)',
    ]);
    expect(jsonLdProblems({ ...faq, mainEntity: [{ '@type': 'Answer', text: 'x' }] })).toEqual([
      'FAQPage.mainEntity[0]: must be Question, not Answer',
    ]);
  });

  it('refuse a creative work without picture, date or maker, and a date that does not exist', () => {
    const { image: _image, dateCreated: _date, creator: _creator, ...bare } = project;
    expect(jsonLdProblems(bare)).toEqual([
      'CreativeWork.image: is required (ImageObject)',
      'CreativeWork.datePublished: or dateCreated is required (an ISO 8601 date)',
      'CreativeWork.author: or creator is required',
    ]);
    expect(jsonLdProblems({ ...project, dateCreated: '2026-02-30' })).toContain(
      'CreativeWork.dateCreated: must be an ISO 8601 date',
    );
    expect(jsonLdProblems({ ...project, '@type': 'Article', image: '/media/a.webp' })).toEqual([
      'Article.image: must be ImageObject (or plain text/URL), not "/media/a.webp"',
    ]);
  });

  it('refuse a service without its provider', () => {
    expect(
      jsonLdProblems({ '@context': 'https://schema.org', '@type': 'Service', name: 'AC Service' }),
    ).toEqual(['Service.provider: is required (Person or Organization or LocalBusiness)']);
  });

  it('fail a type that has no rule yet, anywhere in the document, and a missing context', () => {
    expect(jsonLdProblems({ ...project, locationCreated: { '@type': 'Volcano', name: 'x' } })).toEqual([
      'CreativeWork.locationCreated: must be Place or City or AdministrativeArea, not Volcano',
      'CreativeWork.locationCreated.@type: Volcano has no rule: add one to json-ld-rules.ts',
    ]);
    expect(jsonLdProblems({ '@type': 'Event', name: 'Launch' })).toEqual([
      'Event.@context: must be https://schema.org',
      'Event.@type: Event has no rule: add one to json-ld-rules.ts',
    ]);
  });

  it('read every JSON-LD script of a page and the types each uses', () => {
    const html = `<head><script type="application/ld+json" nonce="n">${JSON.stringify(business)}</script></head>
      <body><script type="application/ld+json">${JSON.stringify(faq)}</script><script>var x</script></body>`;
    const documents = jsonLdOf(html);
    expect(documents).toHaveLength(2);
    expect(jsonLdTypes(documents[1])).toEqual(['FAQPage', 'Question', 'Answer']);
  });

  it('read ISO dates that exist, with or without a time', () => {
    expect(['2026-03-04', '2026-03-04T10:00:00Z', '2024-02-29T10:00+05:00'].map(isIsoDate)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['2026-02-29', '04/03/2026', '2026-13-01', 2026].map(isIsoDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
