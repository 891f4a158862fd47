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
