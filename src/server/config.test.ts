import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
