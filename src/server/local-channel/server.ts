import fs from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { backupStream } from '../backup/backup';
import { createAuthStore } from '../modules/auth/store';
import { turnOffTwoFactorOf } from '../modules/auth/two-factor';
import { type ChannelAnswer, type ChannelRequest, MAX_REQUEST_BYTES, socketPath } from './protocol';

/** Parse a request line; null when it is not one. */
function parseRequest(line: string): ChannelRequest | null {
  try {
    const value = JSON.parse(line) as Partial<{ op: string; username: unknown; turnOffTwoFactor: unknown }>;
    if (value.op === 'backup') return { op: 'backup' };
    if (
      value.op === 'reset-link' &&
      typeof value.username === 'string' &&
      value.username.length <= 64 &&
      (value.turnOffTwoFactor === undefined || typeof value.turnOffTwoFactor === 'boolean')
    )
      return {
        op: 'reset-link',
        username: value.username,
        turnOffTwoFactor: value.turnOffTwoFactor === true,
      };
  } catch {}
  return null;
}

/**
 * Listen on DATA_DIR/site.sock for the operator's commands (see protocol.ts). A socket left by a
 * site that died is replaced: whoever runs this holds the data folder's lock, so no live site
 * owns it. The socket is created with mode 0600 (umask during bind, then chmod) and removed on
 * close or exit.
 */
export async function openLocalChannel(app: FastifyInstance, dataDir: string) {
  const file = socketPath(dataDir);
  const users = createAuthStore(app.database, {
    idleHours: app.env.SESSION_IDLE_HOURS,
    maxDays: app.env.SESSION_MAX_DAYS,
  });
  const answer = (socket: net.Socket, value: ChannelAnswer) => socket.write(`${JSON.stringify(value)}\n`);

  async function serve(socket: net.Socket, request: ChannelRequest) {
    if (request.op === 'backup') {
      app.log.info('backup requested through the local channel');
      answer(socket, { ok: true });
      const stream = backupStream(app.database, (error) => app.log.error({ err: error }, 'backup failed'));
      stream.on('error', () => socket.destroy());
      stream.pipe(socket);
      return;
    }
    const user = await users.findUserByUsername(request.username);
    if (!user) {
      answer(socket, { ok: false, error: `There is no account named "${request.username}".` });
      socket.end();
      return;
    }
    let twoFactorTurnedOff: boolean | undefined;
    if (request.turnOffTwoFactor) {
      twoFactorTurnedOff = await app.changes.write((tx) => turnOffTwoFactorOf(tx, users.in(tx), user, null));
      app.log.info(
        { username: user.username, twoFactorTurnedOff },
        'two-factor sign-in turned off through the local channel',
      );
    }
    // The operator gets the link; nothing is mailed (the operator may be the only way in).
    const { link, expiresInMinutes } = await app.recovery.issueResetLink(user, null, { mail: false });
    app.log.info({ username: user.username }, 'reset link made through the local channel');
    answer(socket, { ok: true, link, expiresInMinutes, twoFactorTurnedOff });
    socket.end();
  }

  const server = net.createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    const onData = (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0 && buffered.length <= MAX_REQUEST_BYTES) return;
      socket.off('data', onData);
      const request = end < 0 ? null : parseRequest(buffered.slice(0, end));
      if (!request) {
        answer(socket, { ok: false, error: 'Unknown request.' });
        socket.end();
        return;
      }
      serve(socket, request).catch((error: unknown) => {
        app.log.error({ err: error }, 'local channel request failed');
        answer(socket, { ok: false, error: 'The site could not do that; see its log.' });
        socket.end();
      });
    };
    socket.on('data', onData);
  });

  fs.rmSync(file, { force: true });
  // Bind with a umask that leaves the socket to its owner alone, so that there is no moment in
  // which others may connect; chmod afterwards says the same for file systems that ignore it.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(file, 0o600);
  const { ino } = fs.statSync(file);
  // Remove only our own socket: a later site may have replaced it.
  const remove = () => {
    try {
      if (fs.statSync(file).ino === ino) fs.rmSync(file, { force: true });
    } catch {}
  };
  process.once('exit', remove);
  return {
    file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        remove();
      }),
  };
}
