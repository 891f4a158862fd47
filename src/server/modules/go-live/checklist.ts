import { notifyAddress, type SiteSettings, settings as settingsDef } from '../../../shared/content/settings';
import { contentTypes } from '../../../shared/content/types';
import { visibleKeys } from '../../../shared/content/visibility';
import type { GoLiveItem } from '../../../shared/go-live';
import { canonicalIdentity } from '../../../shared/identity';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { createOnCallStore } from '../on-call/store';
import { DEFAULT_SETTINGS, DEMO_TRUST_SETTINGS } from '../settings/defaults';
import { anyEmergencyLine, failingMail, liveDemoRecords } from './store';

/** Seeding marks its records through the checklist, which later names those still live. */
export { markDemoRecord } from './store';

const SETTINGS_FIX = { label: 'Fix it in Site settings', href: '/settings' };
/** How many demo records of one type the checklist names before it says "and N more". */
const NAMED_PER_TYPE = 5;

/** A social link that names only the network (`https://www.facebook.com/`), nobody's page on it. */
function isNetworkHomePage(url: string): boolean {
  try {
    return /^\/*$/.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The domains reserved for examples (RFC 2606), and their subdomains. */
const isExampleDomain = (host: string) => /(^|\.)example\.(com|org|net)$/i.test(host);

const isExampleHost = (url: string) => {
  try {
    return isExampleDomain(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** An address nobody at the company reads: the demo company's own, or one at an example domain. */
const isDemoAddress = (address: string) =>
  canonicalIdentity(address) === canonicalIdentity(DEFAULT_SETTINGS.email) ||
  isExampleDomain(address.slice(address.lastIndexOf('@') + 1));

/** What the settings still carry from the demo: each is one item, fixed on the settings screen. */
export function settingsItems(settings: SiteSettings): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  // The address the request mails really go to, by the mail code's own rule.
  const notified = notifyAddress(settings);
  if (!notified)
    items.push({
      id: 'notifyEmail',
      title: 'Nobody is told about new requests',
      detail: '“Send new requests to” is empty: set the address that should hear about each new request.',
      fix: SETTINGS_FIX,
    });
  else if (isDemoAddress(notified))
    items.push({
      id: 'notifyEmail',
      title: 'New requests go to the demo’s address',
      detail: `Every new request is mailed to ${notified}, which nobody at your company reads: set “Send new requests to” to an address your staff read.`,
      fix: SETTINGS_FIX,
    });
  if (settings.phone === DEFAULT_SETTINGS.phone || settings.chatNumber === DEFAULT_SETTINGS.chatNumber)
    items.push({
      id: 'phone',
      title: 'The demo phone number is still shown',
      detail: 'Visitors who tap Call or WhatsApp reach the demo number: set your own phone and chat number.',
      fix: SETTINGS_FIX,
    });
  const portals = [settings.portal1Url, settings.portal2Url].filter(isExampleHost);
  if (portals.length > 0)
    items.push({
      id: 'portals',
      title: 'The Apps menu links to example addresses',
      detail: `Set the real addresses of your apps, or clear them to hide the menu: ${portals.join(', ')}.`,
      fix: SETTINGS_FIX,
    });
  const social = [
    settings.facebookUrl,
    settings.instagramUrl,
    settings.linkedinUrl,
    settings.youtubeUrl,
  ].filter((url) => url && isNetworkHomePage(url));
  if (social.length > 0)
    items.push({
      id: 'social',
      title: 'Social links point at the networks, not at your pages',
      detail: `Link your own pages, or leave a link empty to hide it: ${social.join(', ')}.`,
      fix: SETTINGS_FIX,
    });
  const trust = demoTrustClaims(settings);
  if (trust.length > 0)
    items.push({
      id: 'trust',
      title: 'The demo’s trust signals are still shown',
      detail: `The home page, the about page and the footer claim the demo company’s ${trust.join(', ')}: set your own, or clear them to hide them.`,
      fix: SETTINGS_FIX,
    });
  return items;
}

/** The trust signals that are still the demo's own figures: a live site must not claim them. */
function demoTrustClaims(settings: SiteSettings): string[] {
  const demo = DEMO_TRUST_SETTINGS;
  const claims: string[] = [];
  if (settings.foundedYear === demo.foundedYear) claims.push(`founding year (${demo.foundedYear})`);
  if (settings.jobsCompleted === demo.jobsCompleted) claims.push(`jobs completed (${demo.jobsCompleted})`);
  if (settings.ratingValue === demo.ratingValue && settings.ratingCount === demo.ratingCount)
    claims.push(`rating (${demo.ratingValue} from ${demo.ratingCount} reviews)`);
  const names = (settings.certifications ?? []).map((c) => c.name);
  if (demo.certifications.some((c) => names.includes(c.name))) claims.push('certifications');
  return claims;
}

/**
 * Urgent requests page whoever is on call; with nobody on the rota they go unassigned and every
 * admin is paged, night or day (decision 095).
 */
export async function onCallItem(database: Database): Promise<GoLiveItem | null> {
  const acceptsUrgent = contentTypes.some((def) => def.intake?.urgent);
  if (!acceptsUrgent || (await createOnCallStore(database).anyoneOnRota())) return null;
  return {
    id: 'onCall',
    title: 'Urgent requests are accepted but nobody is on call',
    detail:
      'The on-call rota is empty: an urgent request is assigned to nobody and every admin is paged, at any hour. Put the people who answer emergencies on the rota, with their days and hours.',
    fix: { label: 'Set up the on-call rota', href: '/on-call' },
  };
}

/** What the server's environment leaves undone: fixed where the site is run, not in the staff area. */
export function environmentItems(env: Pick<Env, 'PUBLIC_URL' | 'SMTP_URL'>): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  if (!env.PUBLIC_URL)
    items.push({
      id: 'publicUrl',
      title: 'The site’s public address is not set',
      detail:
        'Set PUBLIC_URL (for example https://www.your-company.pk) where the site runs: links in e-mails, the sitemap and shared pages use it.',
    });
  if (!env.SMTP_URL)
    items.push({
      id: 'mail',
      title: 'Mail is not set up',
      detail:
        'Set SMTP_URL where the site runs: until then nobody hears of new or urgent requests by e-mail, and replies cannot be sent.',
    });
  return items;
}

/** Mail that keeps failing: how much waits, and what the mail server said last. */
export async function outboxItem(database: Database): Promise<GoLiveItem | null> {
  const { waiting, lastError } = await failingMail(database);
  if (waiting === 0) return null;
  return {
    id: 'mailFailing',
    title: `${waiting === 1 ? 'An e-mail keeps' : `${waiting} e-mails keep`} failing`,
    detail: `The mail server answered: ${lastError ?? 'no reason given'}. Check SMTP_URL; the mail is retried until it goes.`,
  };
}

/** The demo records the first start seeded that are still live, named, with their screens. */
export async function demoContentItem(database: Database): Promise<GoLiveItem | null> {
  const records: { name: string; href: string }[] = [];
  let total = 0;
  for (const { def, titles, count } of await liveDemoRecords(database, contentTypes, NAMED_PER_TYPE)) {
    total += count;
    for (const title of titles) records.push({ name: `${def.label}: ${title}`, href: def.admin.path });
    if (count > titles.length)
      records.push({ name: `${def.plural}: and ${count - titles.length} more`, href: def.admin.path });
  }
  if (total === 0) return null;
  return {
    id: 'demoContent',
    title: `${total} demo record${total === 1 ? ' is' : 's are'} still on the site`,
    detail:
      'The first start filled the site with examples. Before customers see them, give each its own title and its own description or pictures, or delete it.',
    records,
  };
}

/** Words that promise help at any hour. */
const AROUND_THE_CLOCK = /\b24\s*\/\s*7\b|\b24 hours\b|round[- ]the[- ]clock/i;

/**
 * The site's public words (tagline, hero, about) promise 24/7 while no center has an emergency
 * line: a visitor at night then reads "Closed" and rings a landline nobody answers.
 */
export async function emergencyLineItem(
  database: Database,
  settings: SiteSettings,
): Promise<GoLiveItem | null> {
  // The words a visitor reads (visibleTo's rule, asked as nobody signed in).
  const promising = visibleKeys(null, settingsDef)
    .map((key) => [key, settingsDef.fields[key as keyof typeof settingsDef.fields]] as const)
    .filter(
      ([key, field]) =>
        (field.kind === 'text' || field.kind === 'longText') &&
        AROUND_THE_CLOCK.test(String(settings[key as keyof SiteSettings] ?? '')),
    )
    .map(([, field]) => field.label);
  if (promising.length === 0 || (await anyEmergencyLine(database))) return null;
  return {
    id: 'emergencyLine',
    title: 'The site promises 24/7, but no center has an emergency line',
    detail: `${promising.join(', ')} promise help at any hour. Give a center an emergency line (its 24/7 number, dialled when it is closed), or change those words in Site settings.`,
    fix: { label: 'Add an emergency line to a service center', href: '/addCenter' },
  };
}

/** Every open item, in the order the dashboard lists them. */
export async function goLiveItems(deps: {
  database: Database;
  env: Pick<Env, 'PUBLIC_URL' | 'SMTP_URL'>;
  settings: SiteSettings;
}): Promise<GoLiveItem[]> {
  const [onCall, failing, demo, emergency] = await Promise.all([
    onCallItem(deps.database),
    outboxItem(deps.database),
    demoContentItem(deps.database),
    emergencyLineItem(deps.database, deps.settings),
  ]);
  return [
    ...settingsItems(deps.settings),
    ...(onCall ? [onCall] : []),
    ...(emergency ? [emergency] : []),
    ...environmentItems(deps.env),
    ...(failing ? [failing] : []),
    ...(demo ? [demo] : []),
  ];
}
