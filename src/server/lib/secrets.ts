import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * The JWT key: JWT_SECRET when set, else one generated at first start and kept in the database, so that
 * every server instance on one database (and a restart, and a restore) agrees on it without extra set-up.
 */
export async function resolveJwtSecret(database: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(48).toString('base64url');
  await database.query(
    `INSERT INTO app_secrets (name, value) VALUES ('jwt_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [candidate],
  );
  const rows = await database.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt_secret'`);
  return rows[0]!.value;
}
