import { CONTACT_STAGES, MESSAGE_STATUSES, VISITOR_PHOTOS_MAX } from '../constants';
import { LOCATION_FORMAT } from '../location';
import { defineContentType } from './define';
import { f } from './fields';

/**
 * The two types a visitor writes (a request, a subscription), declared apart from the others: the
 * visitor's islands check their forms against these declarations and must not carry every other
 * type's fields and help texts with them (src/server/plugins/ssr.test.ts bounds the bundle).
 * `types.ts` lists them with the rest.
 */
export const contactus = defineContentType({
  name: 'contactus',
  label: 'Message',
  plural: 'Messages',
  apiNoun: { one: 'ContactMessage', many: 'ContactMessages' },
  table: 'contact_messages',
  fields: {
    // What a visitor tells us about themselves: the audit log names these fields, never their values.
    name: f.text('Name', { required: true, max: 120, autoComplete: 'name', personal: true }),
    // The phone is how the desk reaches everyone; an e-mail address is optional (decision 096).
    phone: f.phone('Phone', { required: true, autoComplete: 'tel', personal: true }),
    email: f.email('Email', { autoComplete: 'email', personal: true }),
    // Which service the visitor asked about, when they came from its page or chose one.
    service: f.reference('Service', 'service'),
    // Before the message: someone in an emergency ticks it before writing the story.
    urgent: f.boolean('Emergency: I need someone now'),
    message: f.longText('Message', { required: true, max: 5000, personal: true }),
    area: f.text('Area (neighbourhood or city)', {
      max: 120,
      autoComplete: 'address-level2',
      personal: true,
    }),
    // Where the technician drives to: a street address, and a maps link or point (decision 096).
    address: f.text('Street address', { max: 200, autoComplete: 'street-address', personal: true }),
    location: f.text('Location (maps link)', { max: 1000, format: LOCATION_FORMAT, personal: true }),
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
  access: {
    list: 'requests:read',
    read: 'requests:read',
    create: 'public',
    // Whoever holds any right that changes a group of its fields (REQUEST_RIGHT_GROUPS); each
    // reaches only its group's fields.
    update: ['requests:work', 'requests:assign', 'requests:contact', 'requests:spam'],
    delete: 'requests:delete',
  },
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
      details: ['service', 'area', 'phone'],
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
  access: {
    list: 'subscribers:read',
    read: 'subscribers:read',
    create: 'public',
    update: 'subscribers:update',
    delete: 'subscribers:delete',
  },
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
