import { isIP } from 'node:net';
import path from 'node:path';
import fp from 'fastify-plugin';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An address or a CIDR range: 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8. */
function isAddressOrRange(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: `true`/`false`, a hop count (`1` trusts the one
 * proxy in front), or a comma-separated list of proxy addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return true;
    if (/^\d+$/.test(lower)) return Number(lower);
    const list = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const bad = list.filter((part) => !isAddressOrRange(part));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or a comma-separated list of addresses (bad: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return list;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: trustProxy.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Website <no-reply@localhost>'),
  MAIL_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  // Shared by every instance; without it one is generated into the database (server_secrets).
  XSRF_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (`openssl rand -base64 32` makes one)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The one-time code that claims a fresh site (its first account becomes the admin); without it
  // one is generated into the database and printed at start. Void once an admin exists.
  SETUP_CODE: z
    .string()
    .trim()
    .min(12, 'must be at least 12 characters')
    .max(200)
    .regex(/^[A-Za-z0-9._~-]+$/, 'may hold only letters, digits and . _ ~ - (it goes into a link)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Encrypts two-factor sign-in secrets at rest (AES-256-GCM, key derived with HKDF). Without it a
  // PGlite site generates DATA_DIR/secret.key; a PostgreSQL site cannot turn two-factor sign-in on.
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (`openssl rand -base64 32` makes one)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  SEED_DEMO: bool.default(true),
  LOGIN_MAX_PER_USER: z.coerce.number().int().min(0).default(10),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(0).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().max(1440).default(15),
  SIGNUP_MAX_PER_IP: z.coerce.number().int().min(0).default(10),
  // Requests one API key may make a minute, counted across instances (decision 081); 0 is no limit.
  API_KEY_MAX_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  // Account recovery: reset-link requests per client address, and per typed username or e-mail, an hour.
  FORGOT_MAX_PER_IP: z.coerce.number().int().min(0).default(10),
  FORGOT_MAX_PER_ACCOUNT: z.coerce.number().int().min(0).default(5),
  // Per-address budgets count an IPv6 client by its network of this many leading bits (decision 010).
  LIMIT_IPV6_PREFIX: z.coerce.number().int().min(32).max(128).default(64),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  SUBSCRIBE_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  PAGE_POST_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  // Call and WhatsApp taps counted per visitor address per 10 minutes (POST /api/events).
  EVENTS_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  // Photos of a fault a visitor address may send per 10 minutes, by the API or the page form.
  CONTACT_PHOTO_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  // The longest a visitor's photo upload may take to arrive, body and all; one sent slower than a
  // tenth of this per 8 KB is stopped sooner (decision 010: slow anonymous uploads).
  VISITOR_UPLOAD_SECONDS: z.coerce.number().positive().max(600).default(30),
  TRASH_RETENTION_DAYS: z.coerce.number().positive().default(30),
  // An urgent request still new after this long is mailed again, as ESCALATED, to the notify
  // address and every admin (modules/urgent).
  URGENT_ESCALATE_MINUTES: z.coerce.number().positive().max(1440).default(15),
  // The Web Push (VAPID) private key, base64url (`npx web-push generate-vapid-keys` prints one);
  // without it one is generated into the database (server_secrets), so every instance shares it.
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes in base64url (43 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Who push services may contact about our notifications: a mailto: or https: address.
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Tests and development only: accept push endpoints on loopback over plain http. Production
  // posts only to https push services on public addresses (a staff-supplied URL is never trusted).
  PUSH_ALLOW_LOOPBACK: bool.default(false),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  // How long a client may take to send a request's headers, and then its body (an upload gets more
  // time, at UPLOAD_MIN_KB_PER_SECOND for its size); how long an idle kept-alive connection stays
  // open. Seconds; decision 010.
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  UPLOAD_MIN_KB_PER_SECOND: z.coerce.number().positive().default(64),
  // Open connections one client address (an IPv6 /64) may hold; proxies named in TRUST_PROXY are
  // not counted, their clients' requests in flight are. 0 is no limit.
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // `pretty`: one short line per warning or error, for a person at a terminal; `json`: a JSON line
  // per event and per request, for a process manager. Unset: pretty when stdout is a terminal.
  LOG_FORMAT: z
    .enum(['pretty', 'json'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Env = Omit<z.infer<typeof schema>, 'LOG_FORMAT'> & { LOG_FORMAT: 'pretty' | 'json' };

/**
 * Parse the environment once; on any bad key, list every problem and stop. `terminal` says whether
 * a person reads standard output, which chooses the log format when LOG_FORMAT does not.
 */
export function loadEnv(
  source: NodeJS.ProcessEnv = process.env,
  terminal = Boolean(process.stdout.isTTY),
): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    LOG_FORMAT: result.data.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration, validated once at start. */
    env: Env;
  }
}

/** `app.env`: the configuration every other plugin reads. */
export const envPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('env', env);
  },
  { name: 'env' },
);
