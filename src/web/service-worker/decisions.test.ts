import { describe, expect, it } from 'vitest';
import {
  filesOfPage,
  handlingOf,
  markServerDown,
  mayKeepAsset,
  mayKeepPage,
  notificationOf,
  pageGone,
  pageKey,
  type RequestFacts,
  type ResponseFacts,
  serverUnreachable,
} from './decisions';

const ORIGIN = 'https://site.example';
const navigation = (path: string, method = 'GET'): RequestFacts => ({
  url: `${ORIGIN}${path}`,
  method,
  mode: 'navigate',
  referrer: '',
});
const file = (path: string, referrer: string): RequestFacts => ({
  url: `${ORIGIN}${path}`,
  method: 'GET',
  mode: 'cors',
  referrer: referrer && `${ORIGIN}${referrer}`,
});
const answer = (
  overrides: Partial<ResponseFacts> = {},
  headers: Record<string, string> = {},
): ResponseFacts => {
  const all = new Headers({ 'content-type': 'text/html; charset=utf-8', ...headers });
  return { status: 200, type: 'basic', redirected: false, headers: all, ...overrides };
};

describe('which requests the worker handles', () => {
  it('handles navigations to the public pages, service pages and the offline page', () => {
    for (const path of ['/home', '/services', '/services/ac-repair', '/about', '/contact', '/offline'])
      expect(handlingOf(navigation(path), ORIGIN), path).toBe('page');
    expect(handlingOf(navigation('/contact?service=ac-repair'), ORIGIN)).toBe('page');
  });

  it('passes admin screens, sign-in, the API and unknown paths to the network', () => {
    for (const path of [
      '/dashboard',
      '/message',
      '/login',
      '/logout',
      '/api/status',
      '/users',
      '/services/a/b',
      '/subscription/confirm?token=abc',
      '/track/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      '/sw.js',
      '/',
    ])
      expect(handlingOf(navigation(path), ORIGIN), path).toBe('network');
  });

  it('handles the file of the company’s numbers, which offline pages read', () => {
    expect(handlingOf(file('/offline-contact.json', '/home'), ORIGIN)).toBe('contact');
    expect(handlingOf(file('/offline-contact.json', '/home'), 'https://other.example')).toBe('network');
  });

  it('passes writes and other origins to the network', () => {
    expect(handlingOf(navigation('/contact', 'POST'), ORIGIN)).toBe('network');
    expect(handlingOf({ ...navigation('/home'), url: 'https://other.example/home' }, ORIGIN)).toBe('network');
  });

  it("handles only the public pages' files, not the admin area's nor the API's", () => {
    expect(handlingOf(file('/assets/public-abc123.css', '/home'), ORIGIN)).toBe('asset');
    expect(handlingOf(file('/assets/islands-abc123.js', '/services/ac-repair'), ORIGIN)).toBe('asset');
    expect(handlingOf(file('/assets/admin-abc123.js', '/dashboard'), ORIGIN)).toBe('network');
    expect(handlingOf(file('/assets/public-abc123.css', ''), ORIGIN)).toBe('network');
    expect(handlingOf(file('/api/status', '/home'), ORIGIN)).toBe('network');
    expect(handlingOf(file('/media/photo.webp', '/home'), ORIGIN)).toBe('network');
  });
});

describe('what the worker keeps', () => {
  it('keeps a plain 200 HTML page sent to nobody in particular', () => {
    expect(mayKeepPage(`${ORIGIN}/services`, answer())).toBe(true);
    expect(mayKeepPage(`${ORIGIN}/offline`, answer({}, { 'cache-control': 'no-cache' }))).toBe(true);
  });

  it('never keeps a response sent with a session', () => {
    expect(mayKeepPage(`${ORIGIN}/home`, answer({}, { 'cache-control': 'no-store' }))).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/home`, answer({}, { 'cache-control': 'private, max-age=0' }))).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/home`, answer({}, { 'set-cookie': 'session=x' }))).toBe(false);
  });

  it('never keeps admin pages, addresses with a query string, errors, redirects or non-HTML', () => {
    expect(mayKeepPage(`${ORIGIN}/dashboard`, answer())).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/track/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`, answer())).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/contact?service=ac-repair`, answer())).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/services/gone`, answer({ status: 404 }))).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/home`, answer({ redirected: true }))).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/home`, answer({ type: 'opaqueredirect' }))).toBe(false);
    expect(mayKeepPage(`${ORIGIN}/home`, answer({}, { 'content-type': 'application/json' }))).toBe(false);
    expect(mayKeepAsset(answer({ status: 206 }))).toBe(false);
    expect(mayKeepAsset(answer())).toBe(true);
  });

  it('keys a page by its path alone', () => {
    expect(pageKey(`${ORIGIN}/contact?service=x#form`)).toBe(`${ORIGIN}/contact`);
  });

  it('drops the kept copy of a page the server answers 404 or 410 for: taken off the site or deleted', () => {
    expect([200, 301, 404, 410, 500, 503].map(pageGone)).toEqual([false, false, true, true, false, false]);
  });

  it("treats a proxy's 502, 503 and 504 as an unreachable server", () => {
    expect([500, 502, 503, 504, 404].map(serverUnreachable)).toEqual([false, true, true, true, false]);
  });
});

describe('the pages it precaches and serves offline', () => {
  it("lists a page's stylesheets and scripts, not its preload hints or other sites' files", () => {
    const html = `<link rel="modulepreload" href="/assets/chunk-1.js"/><link rel="stylesheet" href="/assets/public-x1.css"/>
      <link href="/assets/app-x2.css" rel="stylesheet"/><link rel="stylesheet" href="https://cdn.example/a.css"/>
      <script type="module" src="/assets/islands-x3.js"></script><script>inline()</script>`;
    expect(filesOfPage(html)).toEqual([
      '/assets/public-x1.css',
      '/assets/app-x2.css',
      '/assets/islands-x3.js',
    ]);
  });

  it('marks a served copy so that its banner shows before any script', () => {
    const html = '<!DOCTYPE html><html lang="en"><body><div data-server-banner>';
    const marked = markServerDown(html);
    expect(marked).toBe(
      '<!DOCTYPE html><html data-server-down="offline" lang="en"><body><div data-server-banner>',
    );
    expect(markServerDown(marked)).toBe(marked);
  });
});

describe('a pushed notification', () => {
  it('shows the title and body and opens the request page on this site', () => {
    expect(
      notificationOf(
        { title: 'URGENT CF-7Q3KX', body: 'Gulberg · Cold rooms', url: '/message/abc', tag: 'urgent-abc' },
        ORIGIN,
      ),
    ).toEqual({
      title: 'URGENT CF-7Q3KX',
      body: 'Gulberg · Cold rooms',
      tag: 'urgent-abc',
      url: '/message/abc',
    });
  });

  it('never opens another origin, and makes do with a message it cannot read', () => {
    for (const url of ['https://evil.test/x', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 42])
      expect(notificationOf({ title: 'x', url }, ORIGIN).url, String(url)).toMatch(/^\/(?![/\\])/);
    expect(notificationOf({ title: 'x', url: '//evil.test/x' }, ORIGIN).url).toBe('/dashboard');
    expect(notificationOf(null, ORIGIN)).toEqual({
      title: 'Urgent request',
      body: '',
      tag: 'urgent',
      url: '/dashboard',
    });
  });
});
