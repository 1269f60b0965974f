import { describe, expect, it } from 'vitest';
import { LOCK_IDLE_MINUTES_DEFAULT, lockIdleMinutesFrom } from './session-policy';

describe('lockIdleMinutesFrom', () => {
  it.each([
    [20, 20],
    ['30', 30],
    [{ minutes: 5 }, 5],
    [1, 1],
    [480, 480],
  ])('reads %j as %d minutes', (value, minutes) => {
    expect(lockIdleMinutesFrom(value)).toBe(minutes);
  });

  it.each([[undefined], [null], [0], [-5], [481], [2.5], ['abc'], [''], [{}], [[15]], [true]])('falls back to the default for %j', (value) => {
    expect(lockIdleMinutesFrom(value)).toBe(LOCK_IDLE_MINUTES_DEFAULT);
  });
});
