import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Seals short secrets (TOTP keys) for storage; what the database holds is useless without the key. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';
const KEY_INFO = 'coolfix secret-box v1';

/**
 * AES-256-GCM with a random 12-byte IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url).
 * The key is derived from `keyMaterial` with HKDF-SHA256, so any SECRET_KEY of 32 or more characters
 * gives a full-strength key whatever its alphabet.
 */
export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(keyMaterial, 'utf8'), Buffer.alloc(0), KEY_INFO, 32),
  );
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body, ...rest] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0)
        throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      // A wrong key (a restore onto another SECRET_KEY) fails here, loudly, instead of giving noise.
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** Why a PostgreSQL site cannot turn two-factor sign-in on: said to the person trying. */
export const SECRET_KEY_MISSING =
  "Two-factor sign-in needs SECRET_KEY set in the server's environment: it encrypts the sign-in secrets, and every instance must share it. Ask whoever runs the server to set it (at least 32 characters, e.g. `openssl rand -base64 32`) and restart.";

/**
 * The key material for sealed secrets: SECRET_KEY when set. Without it, an embedded (PGlite) site
 * keeps a generated key in its data folder (one machine, one folder, backed up with it); a
 * PostgreSQL site has no folder every instance shares, so it gets none (null) and must be told.
 */
export async function secretKeyMaterial(options: {
  secretKey: string | undefined;
  databaseKind: 'pglite' | 'postgres';
  dataDir: string;
}): Promise<string | null> {
  if (options.secretKey) return options.secretKey;
  if (options.databaseKind !== 'pglite') return null;
  const file = path.join(options.dataDir, 'secret.key');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString('base64url');
  try {
    // `wx`: two starts racing on one folder keep the first key, never overwrite it.
    await fs.writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/**
 * The site's secret box, made on first use (a site that never seals anything never needs a key);
 * null on a PostgreSQL site without SECRET_KEY.
 */
export function lazySecretBox(
  source: Parameters<typeof secretKeyMaterial>[0],
): () => Promise<SecretBox | null> {
  let box: Promise<SecretBox | null> | undefined;
  return () => {
    box ??= secretKeyMaterial(source).then((key) => (key ? createSecretBox(key) : null));
    return box;
  };
}
