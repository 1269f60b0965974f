import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of the family and given names, the same for every avatar', () => {
    expect(initials('Trần Văn Quang')).toBe('TQ');
    expect(initials('  đặng   thị  ánh ')).toBe('ĐÁ');
    expect(initials('Lan')).toBe('L');
    expect(initials(' ')).toBe('');
  });
});
