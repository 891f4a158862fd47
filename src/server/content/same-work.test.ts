import { afterAll, describe, expect, it } from 'vitest';
import { examplesFor } from '../../shared/content/examples';
import { contentTypes } from '../../shared/content/types';
import { createTestApp } from '../test/helpers';
import { startSmtpPeer } from '../test/smtp-peer';
import { OUTBOX_WORKER, statementsDuring } from '../test/statements';

const peer = await startSmtpPeer();
afterAll(() => peer.close());
const t = await createTestApp({ env: { SMTP_URL: peer.url } });

// Every type a visitor may add to and that holds each value once (a subscriber's address): whether
// the value is already stored must not show in the work the database does (decision 010).
const uniqueIntake = contentTypes.filter((def) => def.access.create === 'public' && def.uniqueField);

describe('a visitor’s new record of a type with a unique value', () => {
  it('is declared for at least the subscribers', () => {
    expect(uniqueIntake.map((def) => def.name)).toContain('subscribers');
  });

  let visitor = 0;
  it.each(uniqueIntake.map((def) => [def.name, def] as const))(
    '%s: runs the same statements for a new value and a stored one',
    async (_name, def) => {
      const field = def.uniqueField!;
      const body = examplesFor(def).create;
      const post = (value: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/${def.name}`,
          payload: { ...body, [field]: value },
          remoteAddress: `10.8.0.${++visitor}`,
        });
      const value = String(body[field]);
      // The first write of all stores the site's default settings once, whoever asks.
      expect((await post(`w${value}`)).statusCode).toBeLessThan(300);
      const fresh = await statementsDuring(t.database, () => post(value), OUTBOX_WORKER);
      const known = await statementsDuring(t.database, () => post(value.toUpperCase()), OUTBOX_WORKER);
      const another = await statementsDuring(t.database, () => post(`a${value}`), OUTBOX_WORKER);
      expect(known).toEqual(fresh);
      expect(another).toEqual(fresh);
    },
  );
});
