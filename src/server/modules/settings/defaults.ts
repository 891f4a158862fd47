import { DEFAULT_TIME_ZONE } from '../../../shared/clock';
import type { SiteSettings } from '../../../shared/content/settings';

/** The company facts the original site showed, as the settings every new site starts with. */
export const DEFAULT_SETTINGS: Omit<SiteSettings, 'version' | 'updatedAt'> = {
  companyName: 'CoolFix Technical Services',
  tagline: 'Cooling, electrical, CCTV, painting and air-conditioning experts — available 24/7',
  heroTitle: 'Our technicians are available 24/7',
  // One line of what we fix, under the home page's promise.
  heroText:
    'Cold rooms, fridges, wiring, CCTV, paint and air-conditioners: installed, serviced and repaired by our own certified technicians.',
  // A promise is the company's to make: a new site shows the hero title until staff set it.
  responseTime: '',
  phone: '03001234567',
  chatNumber: '923001234567',
  email: 'info@coolfix.pk',
  notifyEmail: '',
  address: 'Office 12, Main Boulevard, Gulberg III, Lahore',
  city: 'Lahore',
  country: 'PK',
  timeZone: DEFAULT_TIME_ZONE,
  facebookUrl: 'https://www.facebook.com/',
  instagramUrl: 'https://www.instagram.com/',
  linkedinUrl: 'https://www.linkedin.com/',
  youtubeUrl: '',
  portal1Label: 'Customer Portal',
  portal1Url: 'https://portal.example.com/',
  portal2Label: 'Technician App',
  portal2Url: 'https://tech.example.com/',
  aboutIntro:
    'We are a technical-services company keeping homes, shops, offices and factories cool, powered and secure. For more than a decade our teams have installed, maintained and repaired refrigeration, electrical, CCTV and air-conditioning systems, and refreshed thousands of walls with professional painting.',
  aboutExpertise: [
    'Cooling and refrigeration solutions',
    '24/7 availability with prompt service',
    'High-quality electrical maintenance and repairs',
    'Professional installation',
  ].join('\n'),
  aboutCommitment:
    'We commit to honest quotes, on-time arrival and workmanship we guarantee. Every technician is trained, insured and equipped to fix the problem on the first visit wherever possible.',
  // Trust signals start empty: a rating or a count of jobs is a claim only the company can make,
  // so a new site, or one that was running before these settings, shows none until staff set them.
  foundedYear: null,
  jobsCompleted: null,
  ratingValue: '',
  ratingCount: null,
  reviewsUrl: '',
  ratingSource: '',
  warrantyShort: '',
  warrantyTerms: '',
  certifications: [],
  // Staff join by invitation: the site's first account claims it with the setup code whatever this
  // says, and a site running before the setting existed reads this default, so it is off there too.
  signupOpen: false,
};

/**
 * The trust signals of the demo company, written with the demo content on a first start
 * (demo/seed.ts) so that a new site looks finished; staff replace them with their own.
 */
export const DEMO_TRUST_SETTINGS = {
  responseTime: '60–90 minutes',
  foundedYear: 2009,
  jobsCompleted: 12_400,
  ratingValue: '4.8',
  ratingCount: 326,
  reviewsUrl: 'https://www.google.com/maps/search/?api=1&query=CoolFix+Technical+Services+Lahore',
  ratingSource: 'Google reviews',
  warrantyShort: '12-month warranty',
  warrantyTerms:
    '12-month workmanship warranty on every repair and installation, and the manufacturer’s warranty on every part we fit.',
  certifications: [
    {
      name: 'PEC licence',
      issuer: 'Pakistan Engineering Council',
      number: 'C5/04418',
      url: 'https://www.pec.org.pk/',
      image: '',
    },
    {
      name: 'ISO 9001:2015',
      issuer: 'Quality management, certified by Bureau Veritas',
      number: 'PK009871-1',
      url: 'https://www.bureauveritas.com.pk/',
      image: '',
    },
    {
      name: 'HVACR certification',
      issuer: 'Pakistan HVACR Society',
      number: 'PHVACRS-2231',
      url: '',
      image: '',
    },
  ],
} satisfies Partial<typeof DEFAULT_SETTINGS>;
