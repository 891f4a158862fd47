import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { prettyLogLine, prettyLogStream } from './log-format';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 0, pid: 1, ...fields });

describe('logs for a person at a terminal', () => {
  it('print one short line per warning or error, with the cause and the request it belongs to', () => {
    const error = prettyLogLine(
      line({
        level: 50,
        reqId: '0123456789abcdef',
        msg: 'could not send',
        err: { message: 'connect\nECONNREFUSED' },
      }),
    );
    expect(error).toMatch(
      /^\d\d:\d\d:\d\d error: could not send: connect ECONNREFUSED \(request 01234567\)$/,
    );
    expect(prettyLogLine(line({ level: 40, msg: 'the local channel could not be opened' }))).toMatch(
      /warn: the local channel could not be opened$/,
    );
  });

  it('leave out the two lines of every request and what the start banner already says', () => {
    expect(prettyLogLine(line({ reqId: 'r', msg: 'incoming request', req: { url: '/home' } }))).toBeNull();
    expect(prettyLogLine(line({ reqId: 'r', msg: 'request completed' }))).toBeNull();
    expect(prettyLogLine(line({ msg: 'Server listening at http://127.0.0.1:3000' }))).toBeNull();
    expect(prettyLogLine(line({ msg: 'ready', ms: 900 }))).toBeNull();
    expect(prettyLogLine(line({ level: 20, msg: 'debug detail' }))).toBeNull();
    expect(prettyLogLine(line({ msg: 'shutting down: finishing in-flight requests' }))).toBe(
      'shutting down: finishing in-flight requests',
    );
  });

  it('write through a stream that takes pino chunks', () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text) => written.push(text) });
    stream.write(`${line({ reqId: 'r', msg: 'incoming request' })}\n${line({ level: 50, msg: 'boom' })}\n`);
    expect(written).toEqual([expect.stringMatching(/error: boom\n$/)]);
  });

  it('are chosen by LOG_FORMAT, and by whether standard output is a terminal when it is unset', () => {
    expect(loadEnv({}, true).LOG_FORMAT).toBe('pretty');
    expect(loadEnv({}, false).LOG_FORMAT).toBe('json');
    expect(loadEnv({ LOG_FORMAT: 'json' }, true).LOG_FORMAT).toBe('json');
    expect(loadEnv({ LOG_FORMAT: 'pretty' }, false).LOG_FORMAT).toBe('pretty');
    expect(() => loadEnv({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });
});
