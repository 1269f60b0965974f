import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, TRUST_PROXY_TRUE_MESSAGE } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ACCESS_TOKEN_TTL).toBe(15 * 60_000);
    expect(c.REFRESH_TOKEN_TTL).toBe(12 * 3_600_000);
    expect(c.REFRESH_TOKEN_ABSOLUTE_TTL).toBe(7 * 86_400_000);
    expect(c.SEED).toBe('demo');
    expect(c.SEED_ADMIN_EMAIL).toBe('admin@cargo.test');
  });

  it('parses durations like 8s and 15m', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '8s' }).ACCESS_TOKEN_TTL).toBe(8000);
    expect(loadConfig({ ACCESS_TOKEN_TTL: '2h' }).ACCESS_TOKEN_TTL).toBe(7_200_000);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad value at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL: 'soon', SEED: 'lots', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'ACCESS_TOKEN_TTL', 'SEED', 'JWT_SECRET']) expect(msg).toContain(key);
    }
  });

  it('TRUST_PROXY takes a hop count or proxy addresses/CIDRs, and refuses a bare true naming what to set', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_TRUE_MESSAGE);
    expect(TRUST_PROXY_TRUE_MESSAGE).toContain('TRUST_PROXY=1');
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('has request, header and connection timeouts, and reads ALLOWED_HOSTS', () => {
    const c = loadConfig({});
    expect(c.REQUEST_TIMEOUT).toBe(120_000);
    expect(c.HEADERS_TIMEOUT).toBe(20_000);
    expect(c.CONNECTION_TIMEOUT).toBe(90_000);
    expect(c.ALLOWED_HOSTS).toBeUndefined();
    expect(loadConfig({ ALLOWED_HOSTS: 'Console.Example.vn, 10.0.0.9:3000' }).ALLOWED_HOSTS).toEqual(['console.example.vn', '10.0.0.9:3000']);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'http://x/' })).toThrow(/ALLOWED_HOSTS/);
  });
});
