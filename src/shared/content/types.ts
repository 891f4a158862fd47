import {
  CONTACT_STAGES,
  MESSAGE_STATUSES,
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_LABELS,
  VISITOR_PHOTOS_MAX,
} from '../constants';
import { type ContentTypeDef, defineContentType } from './define';
import { f } from './fields';

/**
 * Every content type of the site, declared once. Schemas, tables, API routes and admin screens are
 * derived from these declarations; adding a type means adding one here and a migration.
 */
const publicContent = {
  list: 'public',
  read: 'public',
  create: 'staff',
  update: 'staff',
  delete: 'staff',
} as const;

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
    // What a customer asks before calling: what it costs, how long it takes, how it goes.
    price: f.text('Price guidance', { max: 120, help: 'e.g. Call-out from Rs 2,500' }),
    duration: f.text('Typical duration', { max: 120, help: 'e.g. 1–2 hours' }),
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
  access: publicContent,
  list: { order: 'position', search: ['title', 'description'], filters: ['serviceName'] },
  admin: { path: '/addServices', title: 'Our Services', view: 'table', columns: ['title', 'description'] },
});

export const client = defineContentType({
  name: 'client',
  label: 'Client',
  plural: 'Clients',
  table: 'clients',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    phone: f.phone('Phone', { required: true }),
    address: f.longText('Address', { required: true, max: 500 }),
    images: f.images('Images'),
  },
  titleField: 'name',
  access: publicContent,
  list: { order: 'position', search: ['name', 'address'] },
  admin: {
    path: '/addclient',
    title: 'Our Clients',
    view: 'table',
    columns: ['name', 'phone', 'address'],
    columnLabels: { phone: 'phone' },
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
    phone: f.phone('Phone'),
    images: f.image('Image'),
  },
  titleField: 'name',
  access: publicContent,
  list: { order: 'position', search: ['name', 'description'] },
  admin: {
    path: '/addDepartment',
    title: 'Departments',
    view: 'table',
    columns: ['name', 'phone', 'description'],
    columnLabels: { phone: 'phone' },
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
    areas: f.list('Areas served', { area: f.text('Area', { required: true, max: 80 }) }, { maxItems: 30 }),
  },
  titleField: 'name',
  // Each center is a place with a page of its own (/serviceCenter/<slug>).
  slugFrom: 'name',
  access: publicContent,
  list: { order: 'position', search: ['name', 'address'] },
  admin: {
    path: '/addCenter',
    title: 'Service Centers',
    view: 'table',
    columns: ['name', 'phone', 'address'],
    columnLabels: { phone: 'phone' },
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
  access: publicContent,
  list: { order: 'position', search: ['title', 'description'] },
  admin: { path: '/addAboutUs', title: 'About Us', view: 'cards', columns: ['title', 'description'] },
});

export const gallery = defineContentType({
  name: 'gallery',
  label: 'Gallery Album',
  plural: 'Gallery',
  apiNoun: { one: 'GalleryAlbum', many: 'GalleryAlbums' },
  table: 'gallery',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    images: f.images('Images', { maxItems: 40 }),
  },
  titleField: 'title',
  access: publicContent,
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
  access: publicContent,
  list: { order: 'position', search: ['name', 'position'] },
  admin: { path: '/addTeam', title: 'Our Team', view: 'table', columns: ['name', 'position'] },
});

export const testimonial = defineContentType({
  name: 'testimonial',
  label: 'Testimonial',
  plural: 'Testimonials',
  table: 'testimonials',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    position: f.text('Position', { required: true, max: 120 }),
    text: f.longText('Text', { required: true, max: 1000 }),
    rating: f.rating('Rating'),
    image: f.image('Photo'),
    // The service the customer praises: its page shows the testimonial.
    service: f.reference('Service', 'service', { by: 'id' }),
  },
  titleField: 'name',
  access: publicContent,
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
  access: publicContent,
  // The latest finished first: the home page and each service's page show the three latest.
  list: { order: 'newest', newestBy: 'completedOn', search: ['title', 'area'], filters: ['service'] },
  admin: {
    path: '/addProject',
    title: 'Projects',
    view: 'table',
    columns: ['after', 'title', 'service', 'area', 'completedOn'],
  },
});

export const contactus = defineContentType({
  name: 'contactus',
  label: 'Message',
  plural: 'Messages',
  apiNoun: { one: 'ContactMessage', many: 'ContactMessages' },
  table: 'contact_messages',
  fields: {
    // What a visitor tells us about themselves: the audit log names these fields, never their values.
    name: f.text('Name', { required: true, max: 120, autoComplete: 'name', personal: true }),
    email: f.email('Email', { required: true, autoComplete: 'email', personal: true }),
    phone: f.phone('Phone', { required: true, autoComplete: 'tel', personal: true }),
    // Which service the visitor asked about, when they came from its page or chose one.
    service: f.reference('Service', 'service'),
    message: f.longText('Message', { required: true, max: 5000, personal: true }),
    urgent: f.boolean('Emergency: I need someone now'),
    area: f.text('Area (neighbourhood or city)', {
      max: 120,
      autoComplete: 'address-level2',
      personal: true,
    }),
    preferredTime: f.text('Preferred time', { max: 120 }),
    // Where the request stands, in the words the visitor's track page shows; staff move it on.
    stage: f.select('Stage', CONTACT_STAGES, { input: 'updateOnly', defaultValue: 'new' }),
    // A new message is always Pending, whatever the client sends; staff mark it read.
    status: f.select('Status', MESSAGE_STATUSES, { input: 'updateOnly', defaultValue: 'Pending' }),
    // Set when the form's hidden honeypot field came filled in; staff may clear it ("not spam").
    spam: f.boolean('Spam', { input: 'updateOnly', staffOnly: true }),
    // The desk's work on the request: nothing a visitor may set or see (decision 072).
    scheduledAt: f.dateTime('Visit scheduled for', { input: 'updateOnly', staffOnly: true }),
    assignee: f.user('Assignee', { input: 'updateOnly', staffOnly: true }),
    followUpAt: f.dateTime('Follow up on', { input: 'updateOnly', staffOnly: true }),
    // Stamped once, by the first reply or the first move out of `new`; never sent by a client.
    firstResponseAt: f.dateTime('First response', { input: 'never', staffOnly: true }),
  },
  titleField: 'name',
  access: { list: 'staff', read: 'staff', create: 'public', update: 'staff', delete: 'staff' },
  intake: {
    honeypot: { field: 'website', flag: 'spam' },
    rateLimit: {
      bucket: 'contact',
      windowMinutes: 10,
      message: 'Too many messages. Please try again later.',
    },
    track: { prefix: 'CF' },
    photos: { max: VISITOR_PHOTOS_MAX },
    urgent: {
      flag: 'urgent',
      details: ['area', 'phone'],
      stage: { field: 'stage', open: 'new' },
      summary: ['area', 'service'],
    },
  },
  list: {
    order: 'newest',
    paginated: true,
    search: ['name', 'email', 'phone', 'message'],
    filters: ['status', 'spam', 'stage', 'service', 'assignee', 'urgent'],
    defaultFilters: { spam: 'false' },
    orders: {
      queue: {
        summary:
          'urgent requests still new first, then the other new ones, each oldest first; then the rest, newest first',
        first: [{ stage: 'new', urgent: true }, { stage: 'new' }],
      },
    },
    indexes: [['stage', 'service'], ['assignee']],
  },
  admin: {
    path: '/message',
    title: 'Messages',
    view: 'cards',
    columns: ['name', 'email', 'phone', 'service', 'urgent', 'area', 'preferredTime', 'message'],
  },
});

export const subscriber = defineContentType({
  name: 'subscribers',
  label: 'Subscriber',
  plural: 'Subscribers',
  table: 'subscribers',
  fields: {
    email: f.email('Email', { required: true, autoComplete: 'email', personal: true }),
    // Set only by the subscriber following the confirmation link (double opt-in), never by a form.
    confirmed: f.boolean('Confirmed', { input: 'never' }),
  },
  titleField: 'email',
  uniqueField: 'email',
  access: { list: 'staff', read: 'staff', create: 'public', update: 'staff', delete: 'staff' },
  intake: {
    rateLimit: {
      bucket: 'subscribe',
      windowMinutes: 10,
      message: 'Too many sign-ups. Please try again later.',
    },
    doubleOptIn: {
      acknowledgement: 'Thank you! Please check your inbox and confirm your subscription.',
    },
  },
  list: { order: 'newest', paginated: true, search: ['email'] },
  admin: { path: '/subscribers', title: 'Subscribers', view: 'table', columns: ['email', 'confirmed'] },
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
