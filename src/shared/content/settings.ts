import { TWO_FACTOR_REQUIREMENTS, twoFactorRequirementLabels } from '../two-factor-policy';
import { defineSingleton, type FieldValues } from './define';
import { f } from './fields';

/** The site settings: every company fact the pages show, edited by admins (design item 7). */
export const settings = defineSingleton({
  name: 'settings',
  label: 'Site settings',
  fields: {
    companyName: f.text('Company name', { required: true, max: 80 }),
    tagline: f.text('Tagline', { required: true, max: 160 }),
    heroTitle: f.text('Hero title', { required: true, max: 120 }),
    heroText: f.longText('Hero text', { required: true, max: 400 }),
    phone: f.phone('Phone', { required: true }),
    chatNumber: f.text('Chat (WhatsApp) number', {
      required: true,
      max: 20,
      help: 'International format, digits only, e.g. 923001234567',
    }),
    email: f.email('Email', { required: true }),
    notifyEmail: f.email('Send new messages to', {
      staffOnly: true,
      help: 'Staff address that hears about every new contact message.',
    }),
    address: f.longText('Address', { required: true, max: 300 }),
    city: f.text('City', { required: true, max: 80 }),
    country: f.text('Country code', { required: true, max: 2, help: 'Two letters, e.g. PK' }),
    facebookUrl: f.url('Facebook'),
    instagramUrl: f.url('Instagram'),
    linkedinUrl: f.url('LinkedIn'),
    youtubeUrl: f.url('YouTube'),
    portal1Label: f.text('First portal name', { required: true, max: 40 }),
    portal1Url: f.url('First portal address', { required: true }),
    portal2Label: f.text('Second portal name', { required: true, max: 40 }),
    portal2Url: f.url('Second portal address', { required: true }),
    aboutIntro: f.longText('About intro', { required: true, max: 2000 }),
    aboutExpertise: f.longText('Our Expertise (one point per line)', { required: true, max: 1000 }),
    aboutCommitment: f.longText('Our Commitment', { required: true, max: 1000 }),
    onCallEmails: f.emailList('On call for urgent requests', {
      staffOnly: true,
      maxItems: 20,
      help: 'One address per line (at most 20). Each gets an URGENT e-mail the moment an emergency request arrives.',
    }),
    twoFactorRequiredFor: f.select('Two-factor sign-in required for', TWO_FACTOR_REQUIREMENTS, {
      staffOnly: true,
      optionLabels: twoFactorRequirementLabels,
      help: 'Staff it applies to are sent to set it up at their next sign-in, and can do nothing else until it is on.',
    }),
  },
  groups: [
    {
      title: 'Company',
      fields: [
        'companyName',
        'tagline',
        'phone',
        'chatNumber',
        'email',
        'notifyEmail',
        'address',
        'city',
        'country',
      ],
    },
    { title: 'Home page', fields: ['heroTitle', 'heroText'] },
    { title: 'About page', fields: ['aboutIntro', 'aboutExpertise', 'aboutCommitment'] },
    { title: 'Social links', fields: ['facebookUrl', 'instagramUrl', 'linkedinUrl', 'youtubeUrl'] },
    { title: 'Apps menu', fields: ['portal1Label', 'portal1Url', 'portal2Label', 'portal2Url'] },
    { title: 'Urgent requests', fields: ['onCallEmails'] },
    { title: 'Sign-in', fields: ['twoFactorRequiredFor'] },
  ],
  access: { read: 'public', update: 'admin' },
});

/** The settings as stored; a staff-only value (`notifyEmail`, `onCallEmails`) is absent for visitors. */
export type SiteSettings = FieldValues<typeof settings.fields> & {
  version: number;
  updatedAt: string;
};
