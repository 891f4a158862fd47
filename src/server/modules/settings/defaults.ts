import type { SiteSettings } from '../../../shared/content/settings';

/** The company facts the original site showed, as the settings every new site starts with. */
export const DEFAULT_SETTINGS: Omit<SiteSettings, 'version' | 'updatedAt'> = {
  companyName: 'CoolFix Technical Services',
  tagline: 'Cooling, electrical, CCTV, painting and air-conditioning experts — available 24/7',
  heroTitle: 'Our technicians are available 24/7',
  heroText:
    'From a failed cold room at midnight to a planned office rewiring, our certified technicians arrive prepared, work cleanly and stand behind every job.',
  phone: '03001234567',
  chatNumber: '923001234567',
  email: 'info@coolfix.pk',
  notifyEmail: '',
  onCallEmails: [],
  address: 'Office 12, Main Boulevard, Gulberg III, Lahore',
  city: 'Lahore',
  country: 'PK',
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
};
