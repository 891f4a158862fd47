import { z } from 'zod';
import { messages } from './content/field-checks';
import { UUID_PATTERN } from './content/schema';
import { isSingleLine } from './text';

/**
 * What an API key may do, named once. A key is an integration's way in (a technician's app, a
 * customer portal): it holds scopes, never a role, and a route a key may call names the one scope
 * it needs in `config.keyScope`. A route that names none refuses every key (deny by default), so no
 * key ever reaches users, settings, keys, backups, the audit log or the trash.
 */
export const API_KEY_SCOPES = [
  'content:read',
  'content:write',
  'leads:read',
  'leads:write',
  'leads:reply',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope reaches, in the words the API keys screen and the API document use. */
export const API_KEY_SCOPE_SUMMARY: Record<ApiKeyScope, string> = {
  'content:read': 'Read the public content types and their pictures.',
  'content:write': 'Create, edit and delete the public content types and upload pictures.',
  'leads:read': 'Read contact requests with their notes and history.',
  'leads:write': 'Change a request’s stage, assignee and follow-up, and add notes.',
  'leads:reply': 'E-mail a customer about their request.',
};

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
  noScope: (scope: ApiKeyScope | undefined) =>
    scope
      ? `This API key lacks the scope ${scope}, which this route needs.`
      : 'API keys cannot call this route; sign in as a staff member.',
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
