import argon2 from 'argon2';

/** argon2id at OWASP's recommended floor: 19 MiB, two passes, one lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
let dummyHash: Promise<string> | undefined;

/** Check a password; with no stored hash, spend the same time and answer false. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(`no user ${Math.random()}`);
  const hash = storedHash ?? (await dummyHash);
  try {
    const ok = await argon2.verify(hash, password);
    return storedHash !== undefined && ok;
  } catch {
    return false;
  }
}
