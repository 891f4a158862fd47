import net from 'node:net';
import type { Readable } from 'node:stream';
import { type ChannelAnswer, type ChannelRequest, socketPath } from './protocol';

export class ChannelError extends Error {}

/**
 * Ask the site running on `dataDir` through its local channel. Answers the site's answer line and
 * the socket, from which whatever follows the line (a backup) can be read.
 */
export function askSite(
  dataDir: string,
  request: ChannelRequest,
): Promise<{ answer: ChannelAnswer; rest: Readable }> {
  const file = socketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(file);
    let buffered = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.destroy();
      reject(
        new ChannelError(
          (error as NodeJS.ErrnoException).code === 'ENOENT' ||
            (error as NodeJS.ErrnoException).code === 'ECONNREFUSED'
            ? `The site holds ${dataDir} but does not answer on ${file} (is it still starting?). Try again in a moment.`
            : (error as NodeJS.ErrnoException).code === 'EACCES'
              ? `${file} belongs to another user: run this as the user the site runs as.`
              : error.message,
        ),
      );
    };
    socket.once('error', fail);
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(10);
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      let answer: ChannelAnswer;
      try {
        answer = JSON.parse(buffered.subarray(0, end).toString('utf8')) as ChannelAnswer;
      } catch {
        fail(new Error('The site answered something that is not the local channel protocol.'));
        return;
      }
      socket.off('error', fail);
      // What came with the answer line belongs to the stream that follows it.
      const rest = buffered.subarray(end + 1);
      if (rest.length) socket.unshift(rest);
      resolve({ answer, rest: socket });
    };
    socket.on('data', onData);
    socket.on('end', () => {
      if (buffered.indexOf(10) < 0) fail(new Error('The site closed the local channel without an answer.'));
    });
  });
}
