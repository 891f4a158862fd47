import { describe, expect, it } from 'vitest';
import { faqPageJsonLd, serviceJsonLd } from './json-ld';

const origin = 'https://coolfix.example';

describe('FAQPage JSON-LD of a service', () => {
  it('holds each question with its accepted answer, in order', () => {
    const faqs = [
      { question: 'Do you come at night?', answer: 'Yes, 24/7.' },
      { question: 'Is there a warranty?', answer: '90 days on parts and labour.' },
    ];
    expect(faqPageJsonLd(faqs, `${origin}/services/ac`)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      '@id': `${origin}/services/ac#faq`,
      url: `${origin}/services/ac`,
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Do you come at night?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes, 24/7.' },
        },
        {
          '@type': 'Question',
          name: 'Is there a warranty?',
          acceptedAnswer: { '@type': 'Answer', text: '90 days on parts and labour.' },
        },
      ],
    });
  });

  it('is left out when the service has no questions', () => {
    expect(faqPageJsonLd([], `${origin}/services/ac`)).toBeNull();
  });
});

describe('Service JSON-LD', () => {
  const service = {
    title: 'AC Service & Gas Refilling',
    description: 'Seasonal servicing.',
    slug: 'ac-service-gas-refilling',
    categoryLabel: 'Air Conditioning',
    price: 'Service from Rs 2,500',
    image: '/api/media/abc/800.webp',
  };

  it('names the service, its page, its provider (the business) and where it is offered', () => {
    expect(serviceJsonLd(service, { city: 'Lahore', country: 'PK' }, origin)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      '@id': `${origin}/services/ac-service-gas-refilling#service`,
      name: 'AC Service & Gas Refilling',
      description: 'Seasonal servicing.',
      url: `${origin}/services/ac-service-gas-refilling`,
      serviceType: 'Air Conditioning',
      provider: { '@id': `${origin}/#business` },
      areaServed: { '@type': 'City', name: 'Lahore' },
      image: `${origin}/api/media/abc/800.webp`,
      // A price guide is words, never a machine-readable price.
      offers: {
        '@type': 'Offer',
        description: 'Service from Rs 2,500',
        url: `${origin}/services/ac-service-gas-refilling`,
      },
    });
  });

  it('offers nothing when no price guide is set', () => {
    const data = serviceJsonLd(
      { ...service, price: '', image: '' },
      { city: 'Lahore', country: 'PK' },
      origin,
    );
    expect(data).not.toHaveProperty('offers');
    expect(data).not.toHaveProperty('image');
  });
});
