import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { trustProxyOption } from './http/server-options';

const trust = (value: string) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('accepts true, false, a hop count and a list of addresses or ranges', () => {
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it('stops the server with a clear message for anything else', () => {
    expect(() => trust('proxy.example.com')).toThrow(/TRUST_PROXY: .*bad: proxy\.example\.com/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('turns a hop count into a rule trusting that many hops', () => {
    const rule = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(rule('203.0.113.1', 0)).toBe(true);
    expect(rule('203.0.113.1', 1)).toBe(false);
  });
});

describe('XSRF_SECRET', () => {
  it('is optional (the key is then generated into the database) and takes a long value', () => {
    expect(loadEnv({}).XSRF_SECRET).toBeUndefined();
    expect(loadEnv({ XSRF_SECRET: '' }).XSRF_SECRET).toBeUndefined();
    expect(loadEnv({ XSRF_SECRET: 'k'.repeat(32) }).XSRF_SECRET).toBe('k'.repeat(32));
  });

  it('stops the server when it is too short to be a key', () => {
    expect(() => loadEnv({ XSRF_SECRET: 'secret' })).toThrow(/XSRF_SECRET: must be at least 32 characters/);
  });
});
