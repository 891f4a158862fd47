import { z } from 'zod';
import { messages } from './content/field-checks';
import { UUID_PATTERN } from './content/schema';
import { isSingleLine } from './text';

/**
 * What an API key may do, named once. A key is an integration's way in (a technician's app, a
 * customer portal): it holds scopes, never a role, and a route a key may call names the scope it
 * needs in `config.keyScope`. A route that names none refuses every key (deny by default), so no
 * key ever reaches users, settings, keys, backups, the audit log or the trash. Which of a request's
 * fields each `leads:` scope changes is shared/request-fields.ts's to say.
 */
export const API_KEY_SCOPES = [
  'content:read',
  'content:write',
  'leads:read',
  'leads:write',
  'leads:assign',
  'leads:contact',
  'leads:reply',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope reaches, in the words the API keys screen and the API document use. */
export const API_KEY_SCOPE_SUMMARY: Record<ApiKeyScope, string> = {
  'content:read': 'Read the public content types and their pictures.',
  'content:write': 'Create, edit and delete the public content types and upload pictures.',
  'leads:read': 'Read contact requests with their notes and history.',
  'leads:write':
    'Move a request along (its stage, visit time, follow-up, service, read or not) and add notes; never who has it, the customer’s details or their words.',
  'leads:assign': 'Give a request to a member of staff, or to nobody.',
  'leads:contact':
    'Correct the customer’s name, e-mail, phone and area; replies still go to the address they filed with.',
  'leads:reply': 'E-mail a customer about their request, at the address they gave when filing.',
};

/**
 * What a route names for keys: the one scope it needs, or several, any one of which lets a key in
 * (a request's update: each scope then reaches only its own fields, shared/request-fields.ts).
 */
export type RouteKeyScope = ApiKeyScope | readonly ApiKeyScope[];

/** The scopes a route names, as a list. */
export const scopesOf = (rule: RouteKeyScope | undefined): readonly ApiKeyScope[] =>
  rule === undefined ? [] : typeof rule === 'string' ? [rule] : rule;

/**
 * Every key's secret starts with this: a leaked key is recognisable (secret scanners, logs), and
 * the server sends a bearer value to the key table or the session table by its first characters.
 */
export const API_KEY_PREFIX = 'cfk_';

export const apiKeyMessages = {
  scopes: 'Choose at least one scope.',
  scopeUnknown: `Scopes are ${API_KEY_SCOPES.join(', ')}.`,
  user: 'Choose an approved staff member, or no one.',
  unknownKey: 'This API key is unknown or was revoked.',
  noScope: (scopes: readonly ApiKeyScope[]) =>
    scopes.length === 0
      ? 'API keys cannot call this route; sign in as a staff member.'
      : scopes.length === 1
        ? `This API key lacks the scope ${scopes[0]}, which this route needs.`
        : `This API key lacks a scope this route needs: one of ${scopes.join(', ')}.`,
  personMayNot: (role: string) =>
    `This API key is limited to a staff member whose role (${role}) cannot do this.`,
  meWithoutUser: 'This API key is not limited to a staff member, so it has no "me": name the assignee.',
} as const;

/** What an admin sends to create a key. Unknown fields are a 400 (a typo must not widen a key). */
export const apiKeyInputSchema = z.strictObject({
  name: z
    .string({ error: () => messages.required('Name') })
    .trim()
    .min(1, messages.required('Name'))
    .max(80, { error: messages.tooLong('Name', 80), abort: true })
    .refine(isSingleLine, { error: messages.oneLine('Name'), abort: true }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: apiKeyMessages.scopeUnknown }), {
      error: apiKeyMessages.scopes,
    })
    .min(1, apiKeyMessages.scopes)
    .max(API_KEY_SCOPES.length * 2, apiKeyMessages.scopes)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Limit the key to the requests assigned to this staff member (a technician's app). */
  userId: z
    .string({ error: apiKeyMessages.user })
    .max(100, apiKeyMessages.user)
    .refine((id) => id === '' || UUID_PATTERN.test(id), apiKeyMessages.user)
    .nullable()
    .optional()
    .transform((id) => id || null),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** A key as the API keys screen lists it: never its secret, only the secret's first characters. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The secret's first characters (`cfk_1a2b3c…`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  userId: z.string().nullable(),
  /** The staff member the key is limited to, by name. */
  userName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyListItem = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the record and, this once, the whole secret. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
