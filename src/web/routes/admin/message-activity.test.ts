import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { History } from './message-activity';
import type { Message } from './messages';

describe("a request's history in the admin", () => {
  it('says who a request was assigned to, taken off and by whom', () => {
    const at = '2026-11-28T03:00:00.000Z';
    const message = {
      _id: 'r1',
      createdAt: at,
      history: [
        { _id: 'a', kind: 'assign', at, by: 'Owner', assignedTo: 'Sana', assignedFrom: null },
        { _id: 'b', kind: 'assign', at, by: 'Owner', assignedTo: 'Bilal', assignedFrom: 'Sana' },
        { _id: 'c', kind: 'assign', at, by: 'API key "Rota"', assignedTo: null, assignedFrom: 'Bilal' },
      ],
    } as unknown as Message;
    const text = renderToStaticMarkup(createElement(History, { message })).replace(/<[^>]+>/g, '\n');
    expect(text).toContain('Assigned to Sana by Owner');
    expect(text).toContain('Assigned to Bilal (was Sana) by Owner');
    expect(text).toContain('Unassigned (was Bilal) by API key &quot;Rota&quot;');
  });
});
