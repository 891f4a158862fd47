import { RATING_MESSAGE, RATING_PATTERN } from '../trust-signals';
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
    notifyEmail: f.email('Send new requests to', {
      staffOnly: true,
      help: 'Staff address that hears about every new request.',
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
    // Trust signals: each shows on the home page, the about page and in the footer once it is set.
    // The year, not a count of years: the years in business then count up by themselves.
    foundedYear: f.number('Year founded', {
      min: 1900,
      max: 2100,
      help: 'The years in business are counted from it, e.g. 2009.',
    }),
    jobsCompleted: f.number('Jobs completed', { min: 0, max: 100_000_000 }),
    // A rating has a decimal and numbers here are whole: it is text with the rating's shape.
    ratingValue: f.text('Review rating', {
      max: 8,
      format: { pattern: RATING_PATTERN, message: RATING_MESSAGE },
      help: 'Out of 5, with one decimal, e.g. 4.8. Shown with the number of reviews and in search results.',
    }),
    ratingCount: f.number('Number of reviews', { min: 0, max: 100_000_000 }),
    reviewsUrl: f.url('Where the reviews are', { help: 'e.g. the Google Maps page of the business.' }),
    warrantyShort: f.text('Warranty in a few words', {
      max: 40,
      help: 'For the footer and the home page, e.g. 12-month warranty.',
    }),
    warrantyTerms: f.longText('Warranty terms', {
      max: 300,
      help: 'One or two sentences, e.g. 12-month workmanship warranty on every repair.',
    }),
    certifications: f.list(
      'Certifications and licences',
      {
        name: f.text('Name', { required: true, max: 80 }),
        issuer: f.text('Issued by', { max: 120 }),
        image: f.image('Logo'),
      },
      { maxItems: 12 },
    ),
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
    {
      title: 'Trust signals',
      fields: [
        'foundedYear',
        'jobsCompleted',
        'ratingValue',
        'ratingCount',
        'reviewsUrl',
        'warrantyShort',
        'warrantyTerms',
        'certifications',
      ],
    },
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
