import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startupBanner } from './server';

// What every start prints goes into every instance's log: a password is in it only when this start generated it.
describe('the start-up banner', () => {
  const config = loadConfig({ SEED_ADMIN_PASSWORD: 'Chosen-admin-9', SEED_STAFF_PASSWORD: 'Chosen-staff-9' });
  const base = { url: 'http://127.0.0.1:3000', driver: 'postgres' as const, config };

  it('never prints a password the configuration set, at first start or later', () => {
    const first = startupBanner({
      ...base,
      seed: {
        seeded: true,
        admin: { email: 'admin@cargo.test', password: 'Chosen-admin-9', generated: false },
        staff: { email: 'staff@cargo.test', password: 'Chosen-staff-9', generated: false },
      },
    });
    const later = startupBanner({ ...base, seed: { seeded: false } });
    for (const out of [first, later]) {
      expect(out).not.toContain('Chosen-admin-9');
      expect(out).not.toContain('Chosen-staff-9');
      expect(out).toContain('Admin e-mail:    admin@cargo.test');
    }
    expect(first).toContain('Admin password:  the one SEED_ADMIN_PASSWORD sets');
  });

  it('says on every start how to get back a lost password, and that requests are logged at debug', () => {
    for (const seed of [{ seeded: false }, { seeded: false, admin: { email: 'admin@cargo.test', password: 'Gen3rated-xyz', generated: true } }]) {
      const embedded = startupBanner({ ...base, driver: 'pglite', config: loadConfig({}), seed });
      expect(embedded).toContain('Lost a password? Stop the server, then run: npm run admin:reset-password');
      expect(embedded).toContain('LOG_LEVEL=debug also logs each request');
      expect(startupBanner({ ...base, seed })).toContain('Lost a password? Run: npm run admin:reset-password');
    }
    expect(startupBanner({ ...base, config: loadConfig({ LOG_LEVEL: 'debug' }), seed: { seeded: false } })).not.toContain('LOG_LEVEL=debug');
  });

  it('prints a generated password, once, saying so', () => {
    const out = startupBanner({
      ...base,
      config: loadConfig({}),
      seed: { seeded: false, admin: { email: 'admin@cargo.test', password: 'Gen3rated-xyz', generated: true } },
    });
    expect(out).toMatch(/Admin password: {2}Gen3rated-xyz {3}\(generated; shown only this once/);
  });
});
