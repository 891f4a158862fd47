import { isTimeZone, TIME_ZONE_MESSAGE } from '../clock';
import type { Permission } from '../permissions';
import { RATING_MESSAGE, RATING_PATTERN } from '../trust-signals';
import { TWO_FACTOR_REQUIREMENTS, twoFactorRequirementLabels } from '../two-factor-policy';
import { type ContentTypeDef, defineSingleton, type FieldValues } from './define';
import { f } from './fields';
import { visibleKeys } from './visibility';

/** The site settings: every company fact the pages show, edited by admins (design item 7). */
export const settings = defineSingleton({
  name: 'settings',
  label: 'Site settings',
  fields: {
    companyName: f.text('Company name', { required: true, max: 80 }),
    tagline: f.text('Tagline', { required: true, max: 160 }),
    heroTitle: f.text('Hero title', { required: true, max: 120 }),
    heroText: f.longText('Hero text', { required: true, max: 400 }),
    // The home page's promise: "A technician at your door in <this> in <city>, day or night".
    responseTime: f.text('Response time', {
      max: 40,
      help: 'How fast a technician reaches a customer, e.g. 60–90 minutes. A service center may set its own. Empty: the hero title is shown instead.',
    }),
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
    timeZone: f.text('Time zone', {
      required: true,
      max: 64,
      format: { pattern: { test: isTimeZone }, message: TIME_ZONE_MESSAGE, example: 'Asia/Karachi' },
      help: 'Every time in the mails, the admin screens, the track page, the CSV and the weekly figures is read in it, e.g. Asia/Karachi.',
    }),
    facebookUrl: f.url('Facebook'),
    instagramUrl: f.url('Instagram'),
    linkedinUrl: f.url('LinkedIn'),
    youtubeUrl: f.url('YouTube'),
    // The Apps menu shows an entry that has both a name and an address, and goes when neither has.
    portal1Label: f.text('First portal name', {
      max: 40,
      help: 'Leave the name or the address empty to hide it.',
    }),
    portal1Url: f.url('First portal address'),
    portal2Label: f.text('Second portal name', {
      max: 40,
      help: 'Leave the name or the address empty to hide it.',
    }),
    portal2Url: f.url('Second portal address'),
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
    // Said beside the rating: a number without its source is a claim nobody can check.
    ratingSource: f.text('Where the rating comes from', {
      max: 60,
      help: 'Shown with the rating, e.g. Google reviews.',
    }),
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
        // What a customer can check: the registration or certificate number, and where to check it.
        number: f.text('Number', {
          max: 60,
          help: 'The registration or certificate number, e.g. PEC/EE/12345.',
        }),
        url: f.url('Where to check it', { help: 'The issuing body’s page for it, if there is one.' }),
        image: f.image('Logo'),
      },
      { maxItems: 12 },
    ),
    twoFactorRequiredFor: f.select('Two-factor sign-in required for', TWO_FACTOR_REQUIREMENTS, {
      staffOnly: true,
      optionLabels: twoFactorRequirementLabels,
      help: 'Staff it applies to are sent to set it up at their next sign-in, and can do nothing else until it is on.',
    }),
    signupOpen: f.boolean('Anyone may ask for an account', {
      staffOnly: true,
      help: 'Off: staff join by invitation only. On: anyone may sign up at /signup and waits for an admin to approve them; the admins are mailed about each one.',
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
        'timeZone',
      ],
    },
    { title: 'Home page', fields: ['responseTime', 'heroTitle', 'heroText'] },
    { title: 'About page', fields: ['aboutIntro', 'aboutExpertise', 'aboutCommitment'] },
    {
      title: 'Trust signals',
      fields: [
        'foundedYear',
        'jobsCompleted',
        'ratingValue',
        'ratingCount',
        'ratingSource',
        'reviewsUrl',
        'warrantyShort',
        'warrantyTerms',
        'certifications',
      ],
    },
    { title: 'Social links', fields: ['facebookUrl', 'instagramUrl', 'linkedinUrl', 'youtubeUrl'] },
    { title: 'Apps menu', fields: ['portal1Label', 'portal1Url', 'portal2Label', 'portal2Url'] },
    { title: 'Sign-in', fields: ['twoFactorRequiredFor', 'signupOpen'] },
  ],
  access: { read: 'public', update: ['siteWords:update', 'operations:update'] },
  // Its staff-only fields are the operations': an editor or the office neither reads nor changes them.
  staffOnlyRight: 'operations:read',
});

/**
 * The settings' operations (where mail goes, sign-in rules; the on-call rota has its own screen):
 * changing one needs `operations:update`; every other setting is the site's public words
 * (`siteWords:update`).
 */
export const SETTINGS_OPERATIONS = (Object.keys(settings.fields) as (keyof typeof settings.fields)[]).filter(
  (key) => !visibleKeys(null, settings).includes(key),
);

/** The right that changing a setting needs. */
export const rightToChange = (key: string): Permission =>
  (SETTINGS_OPERATIONS as readonly string[]).includes(key) ? 'operations:update' : 'siteWords:update';

/** The settings as stored; a staff-only value (`notifyEmail`) is absent for visitors. */
export type SiteSettings = FieldValues<typeof settings.fields> & {
  version: number;
  updatedAt: string;
};

/**
 * Where the staff mail about each new request goes: "Send new requests to", else the company's
 * public address. The request mails and the go-live checklist read this one rule.
 */
export const notifyAddress = (settings: Partial<Pick<SiteSettings, 'notifyEmail' | 'email'>>): string =>
  (settings.notifyEmail?.trim() || settings.email?.trim()) ?? '';

/** The site's public words: every setting visitors see (the operations' ones are not). */
export const SITE_WORD_KEYS = (Object.keys(settings.fields) as (keyof typeof settings.fields)[]).filter(
  (key) => !(SETTINGS_OPERATIONS as readonly string[]).includes(key),
);

/**
 * The id the site's words are drafted and versioned under (decision 110): the settings are one
 * record, and the drafts, versions and the job queue keep theirs by record id.
 */
export const SITE_WORDS_ID = '00000000-0000-4000-8000-000000000001';

/**
 * The site's public words as a drafted type (decision 110): saved as a draft by whoever may change
 * them, put on the site (now or at a time) by an editor or an admin, each publish a kept version,
 * previewed on the home page. The operations' settings are not drafted: they take effect when saved.
 */
export const siteWords: ContentTypeDef = {
  name: settings.name,
  label: 'Site words',
  plural: 'Site words',
  table: 'settings',
  fields: Object.fromEntries(SITE_WORD_KEYS.map((key) => [key, settings.fields[key]])),
  titleField: 'companyName',
  access: {
    list: 'siteWords:update',
    read: settings.access.read,
    create: 'siteWords:update',
    update: 'siteWords:update',
    delete: 'operations:update',
    publish: 'siteWords:publish',
  },
  versions: { drafts: true, page: '/home', alsoOn: ['/about'] },
  list: { order: 'newest' },
  admin: { path: '/settings', title: settings.label, view: 'table', columns: [] },
};

/** The groups of the settings screen that hold the site's words, each with only those. */
export const siteWordGroups = settings.groups
  .map((group) => ({
    ...group,
    fields: group.fields.filter((key) => (SITE_WORD_KEYS as string[]).includes(key)),
  }))
  .filter((group) => group.fields.length > 0);
