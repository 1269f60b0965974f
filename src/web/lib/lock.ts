import { LOCK_IDLE_MINUTES_DEFAULT, lockIdleMinutesFrom, type SessionPolicy } from '../../shared/session-policy';
import { notifySessionChanged, watchStorageKey } from './session';

/** Minutes without input before the console locks itself, until the office's setting has been read. */
export const LOCK_IDLE_MINUTES = LOCK_IDLE_MINUTES_DEFAULT;

let policyIdleMinutes = LOCK_IDLE_MINUTES;

/** The idle minutes in force: the setting read from the server (`applySessionPolicy`), else the default. */
export function lockIdleMinutes(): number {
  return policyIdleMinutes;
}

/** Takes the office's session policy (GET /api/settings/session-policy); a value out of range keeps the default. */
export function applySessionPolicy(policy: Partial<SessionPolicy> | null | undefined): void {
  policyIdleMinutes = lockIdleMinutesFrom(policy?.lockIdleMinutes);
}

/** Who was signed in when the console locked, and where they were. localStorage, so every tab locks together. */
export interface LockRecord {
  email: string;
  fullName: string;
  returnTo: string;
  at: number;
}

const LOCK_STORAGE_KEY = 'cargo.lock';
const ACTIVITY_STORAGE_KEY = 'cargo.lastActivity';

watchStorageKey(LOCK_STORAGE_KEY);

export function readLock(): LockRecord | null {
  try {
    const raw = localStorage.getItem(LOCK_STORAGE_KEY);
    if (!raw) return null;
    const rec = JSON.parse(raw) as Partial<LockRecord>;
    if (typeof rec?.email !== 'string' || !rec.email) return null;
    return {
      email: rec.email,
      fullName: typeof rec.fullName === 'string' ? rec.fullName : rec.email,
      returnTo: typeof rec.returnTo === 'string' ? rec.returnTo : '',
      at: typeof rec.at === 'number' ? rec.at : 0,
    };
  } catch {
    return null;
  }
}

export function writeLock(rec: LockRecord): void {
  try {
    localStorage.setItem(LOCK_STORAGE_KEY, JSON.stringify(rec));
  } catch {}
  notifySessionChanged();
}

export function clearLock(): void {
  try {
    if (localStorage.getItem(LOCK_STORAGE_KEY) === null) return;
    localStorage.removeItem(LOCK_STORAGE_KEY);
  } catch {}
  notifySessionChanged();
}

// ---------------------------------------------------------------------------------------------------------------
// The idle watcher. Activity is shared through localStorage so that working in one tab keeps the others from
// locking everything; writes are throttled because pointermove fires constantly.

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const ACTIVITY_WRITE_EVERY_MS = 5_000;
const CHECK_EVERY_MS = 10_000;

let lastActivity = 0;
let lastWrite = 0;

function recordActivity() {
  lastActivity = Date.now();
  if (lastActivity - lastWrite >= ACTIVITY_WRITE_EVERY_MS) {
    lastWrite = lastActivity;
    try {
      localStorage.setItem(ACTIVITY_STORAGE_KEY, String(lastActivity));
    } catch {}
  }
}

/** The latest input seen in any tab of this browser. */
function lastActivityAt(): number {
  let shared = 0;
  try {
    shared = Number(localStorage.getItem(ACTIVITY_STORAGE_KEY)) || 0;
  } catch {}
  return Math.max(lastActivity, shared);
}

let watchers = 0;
let interval: ReturnType<typeof setInterval> | undefined;
let onIdleCallback: (() => void) | undefined;

/**
 * Calls `onIdle` once input has stopped for the idle minutes in force (`lockIdleMinutes()`, read at every check,
 * so a policy that arrives later applies at once) in every tab, or for `idleMs` when given. Reference counted
 * (guards nest); the latest caller's callback is the one used. Returns the function that stops watching.
 */
export function watchIdle(onIdle: () => void, idleMs?: number): () => void {
  onIdleCallback = onIdle;
  watchers += 1;
  if (watchers === 1) {
    lastWrite = 0;
    recordActivity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, recordActivity, { passive: true, capture: true });
    const limit = () => idleMs ?? lockIdleMinutes() * 60_000;
    interval = setInterval(() => {
      if (Date.now() - lastActivityAt() >= limit()) onIdleCallback?.();
    }, Math.min(CHECK_EVERY_MS, limit()));
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers === 0) {
      clearInterval(interval);
      interval = undefined;
      onIdleCallback = undefined;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, recordActivity, { capture: true });
    }
  };
}
