import path from 'node:path';

/**
 * The local channel: a Unix socket in the data folder through which the machine's operator asks a
 * running PGlite site for what only the process holding the database can do (a reset link when
 * nobody can log in, a backup without a token). Nothing else can reach it: it is no HTTP route,
 * the socket is mode 0600 and the data folder belongs to the operator.
 *
 * Protocol: the client writes one JSON line, the request; the site answers one JSON line,
 * `{ ok: true, ... }` or `{ ok: false, error }`; for `backup` the gzip backup follows the line
 * until the socket ends.
 */
export const SOCKET_FILE = 'site.sock';

export const socketPath = (dataDir: string) => path.join(dataDir, SOCKET_FILE);

/** `turnOffTwoFactor`: also turn the account's two-factor sign-in off (lost phone and codes). */
export type ChannelRequest =
  | { op: 'reset-link'; username: string; turnOffTwoFactor?: boolean }
  | { op: 'backup' };

/** `twoFactorTurnedOff`: answered when it was asked for; false when it was not on. */
export type ChannelAnswer =
  | { ok: true; link?: string; expiresInMinutes?: number; twoFactorTurnedOff?: boolean }
  | { ok: false; error: string };

/** Longest request line the site reads; anything longer is refused. */
export const MAX_REQUEST_BYTES = 4096;
