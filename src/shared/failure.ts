/**
 * What a log may say about a failure: its kind, its code, the schema names a database gives and
 * where in our code it happened. Never its message: database errors quote the SQL parameters and
 * the failing row, which are the visitor's own values (a name, an e-mail, a message).
 */
export interface FailureSummary {
  type: string;
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  stack?: string;
  cause?: FailureSummary;
}

const SCHEMA_NAMES = ['table', 'column', 'constraint'] as const;

export function describeFailure(error: unknown, depth = 0): FailureSummary {
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const record = error as Record<string, unknown>;
  const summary: FailureSummary = { type: error.constructor?.name ?? 'Object' };
  if (typeof record.code === 'string' || typeof record.code === 'number') summary.code = String(record.code);
  for (const key of SCHEMA_NAMES) if (typeof record[key] === 'string') summary[key] = record[key] as string;
  // The frames only: the first lines of a stack repeat the message.
  if (typeof record.stack === 'string') {
    const frames = record.stack.split('\n').filter((line) => line.startsWith('    at '));
    if (frames.length > 0) summary.stack = frames.join('\n');
  }
  if (record.cause !== undefined && depth < 3) summary.cause = describeFailure(record.cause, depth + 1);
  return summary;
}
