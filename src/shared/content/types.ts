import { SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS } from '../constants';
import { type ContentTypeDef, defineContentType } from './define';
import { f } from './fields';
import type { PublicContentName } from './public-content';
import { contactus, subscriber } from './visitor-types';

export { contactus, subscriber };

/**
 * Every content type of the site, declared once. Schemas, tables, API routes and admin screens are
 * derived from these declarations; adding a type means adding one here and a migration.
 */
/** A public type: anyone reads it, the roles holding its rights change it (shared/permissions.ts). */
export const publicContent = <N extends PublicContentName>(name: N) =>
  ({
    list: 'public',
    read: 'public',
    create: `${name}:create`,
    update: `${name}:update`,
    delete: `${name}:delete`,
    publish: `${name}:publish`,
  }) as const;

export const service = defineContentType({
  name: 'service',
  label: 'Service',
  plural: 'Services',
  table: 'services',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    description: f.longText('Description', { required: true }),
    serviceName: f.select('Category', SERVICE_CATEGORIES, {
      required: true,
      optionLabels: SERVICE_CATEGORY_LABELS,
    }),
    icon: f.image('Icon'),
    images: f.images('Images'),
    // One sentence for the services list and the home page's trades (docs/decisions/101).
    summary: f.text('Summary', {
      max: 200,
      help: 'One sentence on what the customer gets, e.g. Cold rooms back to temperature the same day.',
    }),
    // What a customer asks before calling: what it costs, how long it takes, how it goes.
    calloutPrice: f.number('Call-out price (Rs)', {
      min: 0,
      max: 10_000_000,
      help: 'What a visit costs by day, in rupees, e.g. 2500. The trade\'s "from" price is the lowest of its services.',
    }),
    nightPrice: f.number('Night call-out price (Rs)', {
      min: 0,
      max: 10_000_000,
      help: 'What a visit costs at night, in rupees, e.g. 3500.',
    }),
    warranty: f.text('Warranty', { max: 80, help: 'e.g. 90 days on parts and labour' }),
    duration: f.text('Typical duration', { max: 120, help: 'e.g. 1–2 hours' }),
    // Anything the numbers do not say, e.g. what larger jobs cost (kept from before the numbers).
    price: f.text('Price note', { max: 120, help: 'e.g. Larger jobs quoted in writing after a survey' }),
    steps: f.list(
      'How it works',
      {
        title: f.text('Step', { required: true, max: 120 }),
        description: f.longText('What happens', { max: 600 }),
      },
      { maxItems: 8 },
    ),
    faqs: f.list(
      'FAQs',
      {
        question: f.text('Question', { required: true, max: 200 }),
        answer: f.longText('Answer', { required: true, max: 2000 }),
      },
      { maxItems: 20 },
    ),
    related: f.list(
      'Related services',
      { service: f.reference('Service', 'service', { required: true, by: 'id' }) },
      { maxItems: 4 },
    ),
  },
  titleField: 'title',
  slugFrom: 'title',
  access: publicContent('service'),
  versions: { drafts: true, page: '/services/:slug' },
  list: { order: 'position', search: ['title', 'description'], filters: ['serviceName'] },
  admin: { path: '/addServices', title: 'Our services', view: 'table', columns: ['title', 'description'] },
});

export const client = defineContentType({
  name: 'client',
  label: 'Client',
  plural: 'Clients',
  table: 'clients',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    // The work we did for them, in one line: the public card shows it beside the name.
    work: f.text('Work we did for them', { max: 160 }),
    // The client's own number is for staff: a visitor tapping it would call the client, not us.
    phone: f.phone('Phone', { required: true, staffOnly: true }),
    address: f.longText('Address', { required: true, max: 500 }),
    images: f.images('Logo or photo'),
  },
  titleField: 'name',
  access: publicContent('client'),
  versions: { drafts: true, page: '/client' },
  list: { order: 'position', search: ['name', 'address'] },
  admin: {
    path: '/addclient',
    title: 'Our clients',
    view: 'table',
    columns: ['name', 'phone', 'address'],
  },
});

export const department = defineContentType({
  name: 'department',
  label: 'Department',
  plural: 'Departments',
  table: 'departments',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    description: f.longText('Description', { required: true }),
    // An internal line: visitors have one number to call, the company's (About's "Who does what").
    phone: f.phone('Phone', { staffOnly: true }),
    images: f.image('Image'),
  },
  titleField: 'name',
  access: publicContent('department'),
  versions: { drafts: true, page: '/about' },
  list: { order: 'position', search: ['name', 'description'] },
  admin: {
    path: '/addDepartment',
    title: 'Departments',
    view: 'table',
    columns: ['name', 'phone', 'description'],
  },
});

export const servicecenter = defineContentType({
  name: 'servicecenter',
  label: 'Service Center',
  plural: 'Service Centers',
  table: 'service_centers',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    phone: f.phone('Phone'),
    address: f.longText('Address', { max: 500 }),
    images: f.images('Images'),
    hours: f.weeklyHours('Opening hours'),
    // Answers around the clock: outside the hours the page offers it, and its Call button dials it.
    emergencyPhone: f.phone('Emergency line (24/7)', {
      help: 'A number answered at any hour; shown and dialled when the center is closed. Leave empty if there is none.',
    }),
    // Where the center's door is: its page, the contact page's map and its structured data read it.
    location: f.point('Map location', {
      help: 'Paste the link a maps app gives for the center, or type its latitude and longitude, e.g. 31.5204, 74.3587. Leave empty to leave it off the map.',
    }),
    areas: f.list('Areas served', { area: f.text('Area', { required: true, max: 80 }) }, { maxItems: 30 }),
    responseTime: f.text('Response time', {
      max: 40,
      help: "How fast a technician reaches a customer from this center, e.g. 45–60 minutes. Empty: the site's response time.",
    }),
  },
  titleField: 'name',
  // Each center is a place with a page of its own (/serviceCenter/<slug>).
  slugFrom: 'name',
  access: publicContent('servicecenter'),
  versions: { drafts: true, page: '/serviceCenter/:slug' },
  list: { order: 'position', search: ['name', 'address'] },
  admin: {
    path: '/addCenter',
    title: 'Service centers',
    view: 'table',
    columns: ['name', 'phone', 'address'],
  },
});

export const aboutus = defineContentType({
  name: 'aboutus',
  label: 'About Us Entry',
  plural: 'About Us',
  apiNoun: { one: 'AboutEntry', many: 'AboutEntries' },
  table: 'about_entries',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    description: f.longText('Description', { required: true }),
    images: f.images('Images'),
  },
  titleField: 'title',
  access: publicContent('aboutus'),
  versions: { drafts: true, page: '/about' },
  list: { order: 'position', search: ['title', 'description'] },
  admin: { path: '/addAboutUs', title: 'About us', view: 'cards', columns: ['title', 'description'] },
});

export const gallery = defineContentType({
  name: 'gallery',
  label: 'Gallery Album',
  plural: 'Gallery',
  apiNoun: { one: 'GalleryAlbum', many: 'GalleryAlbums' },
  table: 'gallery',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    // Each picture says what it shows (its caption is also its alt text) and may name its project.
    images: f.list(
      'Pictures',
      {
        image: f.image('Picture', { required: true }),
        caption: f.text('Caption', { required: true, max: 160 }),
        project: f.reference('Project', 'project', { by: 'id' }),
      },
      { maxItems: 40 },
    ),
  },
  titleField: 'title',
  access: publicContent('gallery'),
  versions: { drafts: true, page: '/gallery' },
  list: { order: 'position', search: ['title'] },
  admin: { path: '/addGallery', title: 'Gallery', view: 'cards', columns: ['title', 'images'] },
});

export const team = defineContentType({
  name: 'team',
  label: 'Team Member',
  plural: 'Team',
  apiNoun: { one: 'TeamMember', many: 'TeamMembers' },
  table: 'team_members',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    position: f.text('Position', { required: true, max: 120 }),
    bio: f.longText('Bio', { max: 1000 }),
    images: f.image('Photo'),
  },
  titleField: 'name',
  access: publicContent('team'),
  versions: { drafts: true, page: '/about' },
  list: { order: 'position', search: ['name', 'position'] },
  admin: { path: '/addTeam', title: 'Our team', view: 'table', columns: ['name', 'position'] },
});

export const testimonial = defineContentType({
  name: 'testimonial',
  label: 'Testimonial',
  plural: 'Testimonials',
  table: 'testimonials',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    position: f.text('Position', { required: true, max: 120 }),
    area: f.text('Area', { max: 120, help: 'Where the customer is, e.g. DHA Phase 5, Lahore' }),
    text: f.longText('Text', { required: true, max: 1000 }),
    rating: f.rating('Rating'),
    image: f.image('Photo'),
    // The service the customer praises: its page shows the testimonial.
    service: f.reference('Service', 'service', { by: 'id' }),
  },
  titleField: 'name',
  access: publicContent('testimonial'),
  versions: { drafts: true, page: '/client' },
  list: { order: 'position', search: ['name', 'text'] },
  admin: {
    path: '/addTestimonial',
    title: 'Testimonials',
    view: 'table',
    columns: ['name', 'position', 'rating'],
  },
});

/**
 * Proof of work: a finished job under one service, where and when, its before and after pictures,
 * a gallery and the short story of it; optionally the client and what they said.
 */
export const project = defineContentType({
  name: 'project',
  label: 'Project',
  plural: 'Projects',
  table: 'projects',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    service: f.reference('Service', 'service', { by: 'id', required: true }),
    area: f.text('Area', { max: 120, help: 'Neighbourhood or city, e.g. DHA Phase 5, Lahore' }),
    completedOn: f.date('Completed on'),
    before: f.image('Before'),
    after: f.image('After'),
    images: f.images('Gallery'),
    problem: f.longText('The problem', { max: 1000 }),
    work: f.longText('What we did', { max: 1000 }),
    result: f.longText('The result', { max: 1000 }),
    client: f.reference('Client', 'client', { by: 'id' }),
    testimonial: f.reference('Testimonial', 'testimonial', { by: 'id' }),
  },
  titleField: 'title',
  slugFrom: 'title',
  access: publicContent('project'),
  versions: { drafts: true, page: '/projects/:slug' },
  // The latest finished first: the home page and each service's page show the three latest.
  list: { order: 'newest', newestBy: 'completedOn', search: ['title', 'area'], filters: ['service'] },
  admin: {
    path: '/addProject',
    title: 'Projects',
    view: 'table',
    columns: ['after', 'title', 'service', 'area', 'completedOn'],
  },
});

/** Every declaration, in the order the admin dashboard lists them, each with its literal type. */
const declared = [
  service,
  client,
  servicecenter,
  department,
  aboutus,
  gallery,
  team,
  testimonial,
  project,
  contactus,
  subscriber,
] as const;

/** All content types, in the order the admin dashboard lists them. */
export const contentTypes = declared as unknown as readonly ContentTypeDef[];

export const contentTypesByName: ReadonlyMap<string, ContentTypeDef> = new Map(
  contentTypes.map((t) => [t.name, t]),
);

type Declared = (typeof declared)[number];
/** A content type's API name ('service', 'contactus', ...). */
export type ContentTypeName = Declared['name'];
/** The declaration named `N`, with its fields' types. */
export type ContentTypeOf<N extends ContentTypeName> = Extract<Declared, { name: N }>;
/** Types anyone may list: the ones public pages read through `SiteData`. */
export type PublicTypeName = Extract<Declared, { access: { list: 'public' } }>['name'];
/** Public types with a slug, addressable as pages of their own (`/services/:slug`). */
export type SluggedPublicTypeName = Extract<
  Declared,
  { access: { list: 'public' }; slugFrom: string }
>['name'];
