/**
 * Logs for a person at a terminal: pino's JSON lines, read back and shortened to one line per
 * warning or error, with no line per request (docs/decisions/080-first-run.md). Under a process
 * manager logs stay JSON (`LOG_FORMAT=json`, the default when standard output is not a terminal).
 */

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Lines a person starting the site does not need: the step lines and the ready banner say them. */
const HIDDEN_INFO = [/^ready$/, /^Server listening at /, /^seeded demo content/];

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; type?: string };
}

// Split, not a regex: \s*\n\s* backtracks over long runs of spaces (the regex-linearity test).
const oneLine = (text: string) =>
  text
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/** One JSON log line as a person reads it, or null for a line not worth their attention. */
export function prettyLogLine(json: string): string | null {
  let line: LogLine;
  try {
    line = JSON.parse(json);
  } catch {
    return json.trimEnd();
  }
  const level = line.level ?? 30;
  const message = oneLine(line.msg ?? '');
  if (level < 40) {
    // Every request logs two lines at info; a person watching the console needs none of them.
    if (line.reqId || HIDDEN_INFO.some((pattern) => pattern.test(message))) return null;
    if (level < 30) return null;
    return message || null;
  }
  const time = new Date(line.time ?? Date.now()).toTimeString().slice(0, 8);
  const cause = line.err?.message ? oneLine(line.err.message) : '';
  const text = cause && !message.includes(cause) ? `${message}: ${cause}` : message || cause;
  const request = line.reqId ? ` (request ${line.reqId.slice(0, 8)})` : '';
  return `${time} ${LEVELS[level] ?? level}: ${text}${request}`;
}

/** A pino destination that prints pretty lines to `out` (standard output by default). */
export function prettyLogStream(out: { write(text: string): unknown } = process.stdout) {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (!json) continue;
        const text = prettyLogLine(json);
        if (text !== null) out.write(`${text}\n`);
      }
    },
  };
}
