/**
 * What search engines need from each structured-data type the pages emit: the required properties
 * of schema.org and of Google's rich-result documentation, as plain checks. A page's JSON-LD is
 * judged node by node, nested nodes included; a `@type` with no rule here is itself a problem, so
 * a page that starts emitting a new type cannot pass until the type gets its rule.
 */

type Node = Record<string, unknown>;

/** Where a check is, for its messages: `LocalBusiness.openingHoursSpecification[2].opens`. */
interface Context {
  path: string;
  problems: string[];
}

type Rule = (node: Node, context: Context) => void;

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A number, or text that is one (schema.org allows both for a rating). */
const numeric = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
};

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const isDay = (value: unknown) =>
  typeof value === 'string' && DAYS.includes(value.replace(/^https?:\/\/schema\.org\//, ''));
const isTime = (value: unknown) =>
  typeof value === 'string' && /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/.test(value);

/** An ISO 8601 date (`2026-03-04`) or date and time with an offset, naming a day that exists. */
export function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/.exec(
    value,
  );
  if (!match) return false;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function problem(context: Context, key: string, message: string) {
  context.problems.push(`${context.path}${key ? `.${key}` : ''}: ${message}`);
}

function requireText(node: Node, context: Context, ...keys: string[]) {
  for (const key of keys) if (!isText(node[key])) problem(context, key, 'is required (non-empty text)');
}

function requireUrl(node: Node, context: Context, key: string) {
  if (!isAbsoluteUrl(node[key])) problem(context, key, 'is required (an absolute http(s) URL)');
}

/** A node that only names another by `@id` (`{ "@id": "https://…/#business" }`). */
const isReference = (value: unknown) =>
  isObject(value) && isAbsoluteUrl(value['@id']) && Object.keys(value).every((key) => key === '@id');

/**
 * A property whose value must be one or more nodes (or references by `@id`, when `references`):
 * each node is checked by its own type's rule, and must be one of `types`.
 */
function requireNodes(
  node: Node,
  context: Context,
  key: string,
  types: readonly string[],
  options: {
    required?: boolean;
    references?: boolean;
    nonEmpty?: boolean;
    /** Plain values accepted in place of a node (an area's name, an image's URL). */
    plain?: (value: unknown) => boolean;
  } = {},
) {
  const value = node[key];
  if (value === undefined) {
    if (options.required) problem(context, key, `is required (${types.join(' or ')})`);
    return;
  }
  const items = asList(value);
  if (options.nonEmpty && items.length === 0) problem(context, key, 'must not be empty');
  items.forEach((item, index) => {
    const path = `${context.path}.${key}${Array.isArray(value) ? `[${index}]` : ''}`;
    if (options.references && isReference(item)) return;
    if (options.plain?.(item)) return;
    if (!isObject(item)) {
      const plain = options.plain ? ' (or plain text/URL)' : '';
      context.problems.push(`${path}: must be ${types.join(' or ')}${plain}, not ${JSON.stringify(item)}`);
      return;
    }
    const type = typeOf(item);
    if (type && !types.includes(type))
      context.problems.push(`${path}: must be ${types.join(' or ')}, not ${type}`);
    checkNode(item, { path, problems: context.problems });
  });
}

/** The one `@type` of a node ('' when it has none). */
const typeOf = (node: Node) => (typeof node['@type'] === 'string' ? (node['@type'] as string) : '');

const BUSINESS_TYPES = ['LocalBusiness', 'Organization', 'HomeAndConstructionBusiness'];
const AGENTS = ['Person', 'Organization', 'LocalBusiness'];
const AREAS = ['Place', 'City', 'AdministrativeArea'];

const localBusiness: Rule = (node, context) => {
  requireText(node, context, 'name', 'telephone');
  requireUrl(node, context, 'url');
  requireNodes(node, context, 'address', ['PostalAddress'], { required: true });
  requireNodes(node, context, 'openingHoursSpecification', ['OpeningHoursSpecification']);
  requireNodes(node, context, 'aggregateRating', ['AggregateRating']);
  requireNodes(node, context, 'hasOfferCatalog', ['OfferCatalog']);
  requireNodes(node, context, 'parentOrganization', BUSINESS_TYPES, { references: true });
  requireNodes(node, context, 'branchOf', BUSINESS_TYPES, { references: true });
  requireNodes(node, context, 'hasCredential', ['EducationalOccupationalCredential']);
  requireNodes(node, context, 'areaServed', AREAS, { plain: isText });
  for (const [index, link] of asList(node.sameAs).entries())
    if (!isAbsoluteUrl(link)) problem(context, `sameAs[${index}]`, 'must be an absolute URL');
  if (node.foundingDate !== undefined && !/^\d{4}(?:-\d{2}-\d{2})?$/.test(String(node.foundingDate)))
    problem(context, 'foundingDate', 'must be a year or an ISO date');
};

/** The rule of each `@type` the pages may emit. */
const RULES: Record<string, Rule> = {
  LocalBusiness: localBusiness,
  HomeAndConstructionBusiness: localBusiness,
  Organization: (node, context) => {
    requireText(node, context, 'name');
  },
  Person: (node, context) => {
    requireText(node, context, 'name');
  },
  PostalAddress: (node, context) => {
    if (!isText(node.streetAddress) && !isText(node.addressLocality))
      problem(context, 'streetAddress', 'or addressLocality is required');
    if (node.addressCountry !== undefined && !/^[A-Z]{2}$/.test(String(node.addressCountry)))
      problem(context, 'addressCountry', 'must be a two-letter country code');
  },
  OpeningHoursSpecification: (node, context) => {
    const days = asList(node.dayOfWeek);
    if (days.length === 0) problem(context, 'dayOfWeek', 'is required');
    for (const [index, day] of days.entries())
      if (!isDay(day))
        problem(context, `dayOfWeek[${index}]`, `${JSON.stringify(day)} is not a day of the week`);
    for (const key of ['opens', 'closes'])
      if (!isTime(node[key])) problem(context, key, `${JSON.stringify(node[key])} is not a time (HH:MM)`);
  },
  AggregateRating: (node, context) => {
    const best = node.bestRating === undefined ? 5 : numeric(node.bestRating);
    const worst = node.worstRating === undefined ? 1 : numeric(node.worstRating);
    const value = numeric(node.ratingValue);
    if (best === null || worst === null || best <= worst)
      problem(context, 'bestRating', 'must be a number above worstRating');
    else if (value === null || value < worst || value > best)
      problem(context, 'ratingValue', `must be a number from ${worst} to ${best}`);
    const count = numeric(node.reviewCount ?? node.ratingCount);
    if (count === null || !Number.isInteger(count) || count < 1)
      problem(context, 'reviewCount', 'or ratingCount is required (a whole number above 0)');
  },
  Rating: (node, context) => {
    const best = node.bestRating === undefined ? 5 : numeric(node.bestRating);
    const value = numeric(node.ratingValue);
    if (best === null || value === null || value < 1 || value > best)
      problem(context, 'ratingValue', `must be a number from 1 to ${best ?? 5}`);
  },
  Review: (node, context) => {
    requireNodes(node, context, 'author', AGENTS, { required: true, references: true });
    requireNodes(node, context, 'reviewRating', ['Rating']);
    if (!isText(node.reviewBody) && node.reviewRating === undefined)
      problem(context, 'reviewBody', 'or reviewRating is required');
  },
  OfferCatalog: (node, context) => {
    requireText(node, context, 'name');
    requireNodes(node, context, 'itemListElement', ['Offer'], { required: true });
  },
  Offer: (node, context) => {
    // What is offered, at what price, or in words ("Call-out from Rs 2,500": no machine price).
    if (node.itemOffered === undefined && node.price === undefined && !isText(node.description))
      problem(context, 'itemOffered', 'or price or description is required');
    requireNodes(node, context, 'itemOffered', ['Service', 'Product']);
  },
  Service: (node, context) => {
    requireText(node, context, 'name');
    requireNodes(node, context, 'provider', AGENTS, { required: true, references: true });
    if (node.url !== undefined) requireUrl(node, context, 'url');
  },
  FAQPage: (node, context) => {
    requireNodes(node, context, 'mainEntity', ['Question'], { required: true, nonEmpty: true });
  },
  Question: (node, context) => {
    requireText(node, context, 'name');
    requireNodes(node, context, 'acceptedAnswer', ['Answer'], { required: true });
  },
  Answer: (node, context) => {
    requireText(node, context, 'text');
  },
  CreativeWork: (node, context) => creativeWork(node, context),
  Article: (node, context) => creativeWork(node, context),
  ImageObject: (node, context) => {
    if (!isAbsoluteUrl(node.url) && !isAbsoluteUrl(node.contentUrl))
      problem(context, 'url', 'or contentUrl is required');
  },
  Place: (node, context) => requireText(node, context, 'name'),
  City: (node, context) => requireText(node, context, 'name'),
  AdministrativeArea: (node, context) => requireText(node, context, 'name'),
  EducationalOccupationalCredential: (node, context) => {
    requireText(node, context, 'name');
    requireNodes(node, context, 'recognizedBy', ['Organization'], { references: true });
  },
  BreadcrumbList: (node, context) => {
    requireNodes(node, context, 'itemListElement', ['ListItem'], { required: true, nonEmpty: true });
    asList(node.itemListElement).forEach((item, index) => {
      if (isObject(item) && item.position !== index + 1)
        problem(context, `itemListElement[${index}].position`, `must be ${index + 1}`);
    });
  },
  ListItem: (node, context) => {
    requireText(node, context, 'name');
    if (node.item !== undefined && !isAbsoluteUrl(node.item))
      problem(context, 'item', 'must be an absolute URL');
  },
};

/** CreativeWork and Article: what Google needs to show the work (a project, a story) with its picture. */
function creativeWork(node: Node, context: Context) {
  if (!isText(node.name) && !isText(node.headline)) problem(context, 'name', 'or headline is required');
  requireNodes(node, context, 'image', ['ImageObject'], {
    required: true,
    nonEmpty: true,
    plain: isAbsoluteUrl,
  });
  if (!isIsoDate(node.datePublished) && !isIsoDate(node.dateCreated))
    problem(context, 'datePublished', 'or dateCreated is required (an ISO 8601 date)');
  for (const key of ['datePublished', 'dateCreated', 'dateModified'])
    if (node[key] !== undefined && !isIsoDate(node[key])) problem(context, key, 'must be an ISO 8601 date');
  if (node.author === undefined && node.creator === undefined)
    problem(context, 'author', 'or creator is required');
  requireNodes(node, context, 'author', AGENTS, { references: true });
  requireNodes(node, context, 'creator', AGENTS, { references: true });
  requireNodes(node, context, 'review', ['Review']);
  requireNodes(node, context, 'about', ['Service'], { references: true });
  requireNodes(node, context, 'locationCreated', AREAS);
}

/** Check one node by its type's rule; an image list's plain URLs are not nodes. */
function checkNode(node: Node, context: Context) {
  const type = typeOf(node);
  if (!type) {
    if (!isReference(node)) problem(context, '@type', 'is required');
    return;
  }
  const rule = RULES[type];
  if (!rule) {
    problem(context, '@type', `${type} has no rule: add one to json-ld-rules.ts`);
    return;
  }
  rule(node, context);
}

/** The types the rules know, for tests that list what a site emits. */
export const JSON_LD_TYPES: readonly string[] = Object.keys(RULES);

/**
 * Every problem of one JSON-LD document (the content of one `<script type="application/ld+json">`):
 * a top-level node, an array of them or an `@graph`. Empty when search engines get all they need.
 */
export function jsonLdProblems(document: unknown): string[] {
  const problems: string[] = [];
  const roots =
    isObject(document) && Array.isArray(document['@graph']) ? document['@graph'] : asList(document);
  const context = isObject(document) ? document['@context'] : undefined;
  if (roots.length === 0) problems.push('document: holds no node');
  roots.forEach((root, index) => {
    const path = isObject(root) && typeOf(root) ? typeOf(root) : `node[${index}]`;
    if (!isObject(root)) {
      problems.push(`${path}: must be an object`);
      return;
    }
    const rootContext = root['@context'] ?? context;
    if (rootContext !== 'https://schema.org' && rootContext !== 'http://schema.org')
      problems.push(`${path}.@context: must be https://schema.org`);
    checkNode(root, { path, problems });
  });
  return problems;
}

/** The parsed content of every `<script type="application/ld+json">` of a page, in order. */
export function jsonLdOf(html: string): unknown[] {
  const scripts = html.matchAll(/<script\b[^>]*\btype="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts].map((match) => JSON.parse(match[1] ?? ''));
}

/** Every `@type` a document uses, nested nodes included. */
export function jsonLdTypes(document: unknown): string[] {
  const types = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      if (typeof value['@type'] === 'string') types.add(value['@type']);
      Object.values(value).forEach(walk);
    }
  };
  walk(document);
  return [...types];
}
