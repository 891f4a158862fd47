import type { SiteSettings } from '../../../shared/content/settings';
import { contentTypes } from '../../../shared/content/types';
import type { GoLiveItem } from '../../../shared/go-live';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { DEFAULT_SETTINGS, DEMO_TRUST_SETTINGS } from '../settings/defaults';
import { failingMail, liveDemoRecords } from './store';

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

const isExampleHost = (url: string) => {
  try {
    return /(^|\.)example\.(com|org|net)$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** What the settings still carry from the demo: each is one item, fixed on the settings screen. */
export function settingsItems(settings: SiteSettings): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  if (!settings.notifyEmail?.trim())
    items.push({
      id: 'notifyEmail',
      title: 'Nobody is told about new requests',
      detail: '“Send new requests to” is empty: set the address that should hear about each new request.',
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
      detail: `Set the real addresses of your apps, or they lead nowhere: ${portals.join(', ')}.`,
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
    detail: 'The first start filled the site with examples. Replace or delete each before customers see it.',
    records,
  };
}

/** Every open item, in the order the dashboard lists them. */
export async function goLiveItems(deps: {
  database: Database;
  env: Pick<Env, 'PUBLIC_URL' | 'SMTP_URL'>;
  settings: SiteSettings;
}): Promise<GoLiveItem[]> {
  const [failing, demo] = await Promise.all([outboxItem(deps.database), demoContentItem(deps.database)]);
  return [
    ...settingsItems(deps.settings),
    ...environmentItems(deps.env),
    ...(failing ? [failing] : []),
    ...(demo ? [demo] : []),
  ];
}
