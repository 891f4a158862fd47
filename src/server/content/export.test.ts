import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { csvCell } from './csv';

const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });
let staff: { authorization: string };

beforeAll(async () => {
  staff = await t.signIn('office');
  const messages = [
    { name: 'Plain Person', message: 'Fridge broken' },
    { name: '=HYPERLINK("http://evil.example","click")', message: 'formula in the name' },
    { name: 'Quote "Q" Comma, Ltd', message: 'line one\nline two' },
    { name: '+92 caller', message: '-minus first; @at later' },
  ];
  for (const m of messages) {
    await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      payload: { ...m, email: 'person@example.com', phone: '03001234567' },
    });
  }
  await t.app.inject({
    method: 'POST',
    url: '/api/contactus',
    payload: { name: 'Bot', email: 'bot@example.com', phone: '03001234567', message: 'spam', website: 'x' },
  });
  for (const email of ['one@example.com', 'two@example.com'])
    await t.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email } });
});

/** Split CSV text into rows of cells (RFC 4180 quoting). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV export', () => {
  it('downloads the inbox as CSV a spreadsheet opens safely: escaped, formulas neutralised, spam left out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contactus/export.csv', headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contactus-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Received',
      'Name',
      'Phone',
      'Email',
      'Service',
      'Emergency: I need someone now',
      'Message',
      'Area (neighbourhood or city)',
      'Street address',
      'Location (maps link)',
      'Preferred time',
      'Stage',
      'Status',
      'Spam',
      'Visit scheduled for',
      'Assignee',
      'Follow up on',
      'First response',
      'Reference',
    ]);
    expect(rows).toHaveLength(4);
    // Received in the site's time zone as a spreadsheet sorts it; the reference added last.
    expect(rows.every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(r[0]!))).toBe(true);
    expect(rows.every((r) => /^CF-[A-Z0-9]{5}$/.test(r.at(-1)!))).toBe(true);
    // Cells by their column's name: a column added to the declaration moves the others.
    const [message, phone] = [header!.indexOf('Message'), header!.indexOf('Phone')];
    const byMessage = new Map(rows.map((r) => [r[message], r]));
    expect(byMessage.get('formula in the name')?.[1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(byMessage.get('line one\nline two')?.[1]).toBe('Quote "Q" Comma, Ltd');
    expect(byMessage.get(`'-minus first; @at later`)?.[1]).toBe(`'+92 caller`);
    // Phone numbers keep their leading zero as text.
    expect(rows.every((r) => r[phone] === '03001234567')).toBe(true);
    expect(rows.map((r) => r[1])).not.toContain('Bot');
  });

  it('takes the same search and filters as the list', async () => {
    const spam = parseCsv(
      (
        await t.app.inject({ method: 'GET', url: '/api/contactus/export.csv?spam=true', headers: staff })
      ).body.slice(1),
    );
    expect(spam.slice(1).map((r) => r[1])).toEqual(['Bot']);
    const search = parseCsv(
      (
        await t.app.inject({ method: 'GET', url: '/api/contactus/export.csv?q=fridge', headers: staff })
      ).body.slice(1),
    );
    expect(search.slice(1).map((r) => r[1])).toEqual(['Plain Person']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/contactus/export.csv?page=2',
      headers: staff,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports subscribers, for staff only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscribers/export.csv', headers: staff });
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['Received', 'Email', 'Confirmed']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['one@example.com', 'two@example.com']);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscribers/export.csv' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/service/export.csv' })).statusCode).toBe(404);
  });

  it('neutralises every formula lead character, and only at the start', () => {
    expect(['=1', '+1', '-1', '@A1', '\t=1'].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@A1", "'\t=1"]);
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell(null)).toBe('');
    expect(csvCell(['a', 'b'])).toBe('a b');
  });
});
