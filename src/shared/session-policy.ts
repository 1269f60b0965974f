/**
 * The session rules an office sets for everyone (the lock-screen idle minutes). Zod-free, so the
 * web's entry chunk can read them. The value lives in the `settings` table (kind `security`, key
 * `lock_idle_minutes`, effective-dated like every setting); a missing or unusable row means the default.
 */
export const SESSION_POLICY_SETTINGS = { kind: 'security', lockIdleMinutesKey: 'lock_idle_minutes' } as const;

export const LOCK_IDLE_MINUTES_DEFAULT = 15;
export const LOCK_IDLE_MINUTES_MIN = 1;
export const LOCK_IDLE_MINUTES_MAX = 480;

export interface SessionPolicy {
  /** Minutes without input before the console locks itself. */
  lockIdleMinutes: number;
}

/** A stored setting value (a number, `"20"`, or `{ "minutes": 20 }`) as whole minutes in range, else the default. */
export function lockIdleMinutesFrom(value: unknown): number {
  const raw = value !== null && typeof value === 'object' && 'minutes' in value ? (value as { minutes: unknown }).minutes : value;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n)) return LOCK_IDLE_MINUTES_DEFAULT;
  return n >= LOCK_IDLE_MINUTES_MIN && n <= LOCK_IDLE_MINUTES_MAX ? n : LOCK_IDLE_MINUTES_DEFAULT;
}
