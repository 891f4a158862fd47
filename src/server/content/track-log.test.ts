import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';

const lines: string[] = [];
const { app } = await createTestApp({ env: { LOG_LEVEL: 'info' }, logLines: lines });

describe('the request log', () => {
  it('shows a track page as /track/[redacted], never its token', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { name: 'Logged', email: 'logged@example.com', phone: '03001234567', message: 'Hello' },
    });
    const { trackUrl } = sent.json() as { trackUrl: string };
    const token = trackUrl.slice('/track/'.length);
    const res = await app.inject({ method: 'GET', url: `${trackUrl}?utm=x` });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const logged = lines.join('\n');
    expect(logged).toContain('/track/[redacted]?utm=x');
    expect(logged).not.toContain(token);
  });
});
