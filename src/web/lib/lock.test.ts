import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applySessionPolicy, LOCK_IDLE_MINUTES, lockIdleMinutes, watchIdle } from './lock';

describe('watchIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('fires after the idle minutes without input, not before', () => {
    expect(LOCK_IDLE_MINUTES).toBe(15);
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle);
    vi.advanceTimersByTime(14 * 60_000 + 50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20_000);
    expect(onIdle).toHaveBeenCalled();
    stop();
  });

  it("follows the office's setting, even one that arrives after watching began", () => {
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle);
    applySessionPolicy({ lockIdleMinutes: 2 });
    expect(lockIdleMinutes()).toBe(2);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(70_000);
    expect(onIdle).toHaveBeenCalled();
    stop();
    // A value out of range keeps the default.
    applySessionPolicy({ lockIdleMinutes: 0 });
    expect(lockIdleMinutes()).toBe(LOCK_IDLE_MINUTES);
    applySessionPolicy(null);
    expect(lockIdleMinutes()).toBe(LOCK_IDLE_MINUTES);
  });

  it('input postpones it', () => {
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle, 60_000);
    vi.advanceTimersByTime(50_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20_000);
    expect(onIdle).toHaveBeenCalled();
    stop();
  });

  it('activity in another tab (shared through localStorage) postpones it too', () => {
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle, 60_000);
    vi.advanceTimersByTime(50_000);
    localStorage.setItem('cargo.lastActivity', String(Date.now()));
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it('stops when the last watcher stops', () => {
    const onIdle = vi.fn();
    const stopA = watchIdle(onIdle, 60_000);
    const stopB = watchIdle(onIdle, 60_000);
    stopA();
    stopB();
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
