import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. `failNext(n)` makes it answer the
 * next n messages with a temporary failure (451), as a busy or broken mail server does.
 */
export async function startSmtpPeer(port = 0) {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Tests that read mail wait for it with the one helper for waiting.
export { eventually } from './eventually';

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as the text they stand for. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/** One MIME entity's body, its transfer encoding undone. */
function decodedBody(headers: string, encoded: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  const bytes = encoded
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

/**
 * A received mail as a reader sees it: headers unfolded and decoded; `body` the plain-text part and
 * `html` the HTML part (empty for a text-only mail), each with its transfer encoding undone.
 */
export function readMail(mail: ReceivedMail) {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const content = rest.join('\n\n');
  const header = (name: string) => {
    const wanted = `${name.toLowerCase()}:`;
    const line = headers.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(wanted));
    return line === undefined ? undefined : decodeWords(line.slice(wanted.length).trim());
  };
  const boundary = /boundary="?([^";\s]+)"?/i.exec(header('Content-Type') ?? '')?.[1];
  let body = decodedBody(headers, content);
  let html = '';
  if (boundary) {
    for (const part of content.split(`--${boundary}`)) {
      const [partHead = '', ...partRest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const decoded = decodedBody(partHead, partRest.join('\n\n'));
      if (/content-type:\s*text\/plain/i.test(partHead)) body = decoded;
      if (/content-type:\s*text\/html/i.test(partHead)) html = decoded;
    }
  }
  return { headers, body, html, header, subject: header('Subject') ?? '' };
}
