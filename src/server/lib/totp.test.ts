import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totp, totpStep } from './totp';

// RFC 6238 Appendix B: the seeds are the ASCII digits repeated to the hash's key length.
const SEED_SHA1 = Buffer.from('12345678901234567890', 'ascii');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012', 'ascii');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii');

const VECTORS: Array<[seconds: number, sha1: string, sha256: string, sha512: string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it('gives the RFC 6238 Appendix B codes (8 digits, SHA-1/256/512) at their fixed times', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      expect(totp(SEED_SHA1, seconds * 1000, 8, 'sha1'), `${seconds}`).toBe(sha1);
      expect(totp(SEED_SHA256, seconds * 1000, 8, 'sha256'), `${seconds}`).toBe(sha256);
      expect(totp(SEED_SHA512, seconds * 1000, 8, 'sha512'), `${seconds}`).toBe(sha512);
      // Six digits are the same number modulo 10^6.
      expect(totp(SEED_SHA1, seconds * 1000)).toBe(sha1.slice(2));
    }
  });

  it('gives the RFC 4226 Appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(SEED_SHA1, counter)).toBe(code));
  });

  it('accepts the code of the step before and after now, not two steps away', () => {
    const now = 1111111111_000;
    const step = totpStep(now);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now), now, null)).toBe(step);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now + 60_000), now, null)).toBeNull();
  });

  it('refuses a step already used, and every earlier one (replay)', () => {
    const now = 1234567890_000;
    const step = totpStep(now);
    const code = totp(SEED_SHA1, now);
    expect(matchTotp(SEED_SHA1, code, now, step)).toBeNull();
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now - 30_000), now, step - 1)).toBeNull();
    // The next step's code is still good after this one was used.
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, now + 30_000), now, step)).toBe(step + 1);
  });

  it('refuses anything that is not six digits, and a wrong code', () => {
    const now = 59_000;
    const good = totp(SEED_SHA1, now);
    expect(matchTotp(SEED_SHA1, ` ${good.slice(0, 3)} ${good.slice(3)} `, now, null)).toBe(totpStep(now));
    for (const bad of ['', '12345', '1234567', 'abcdef', `${good}0`, String((Number(good) + 1) % 1_000_000).padStart(6, '0')]) {
      expect(matchTotp(SEED_SHA1, bad, now, null), bad).toBeNull();
    }
  });

  it('round-trips base32 (RFC 4648 test vectors) and writes the otpauth URI apps read', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('mzxw 6ytb-oi==').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEED_SHA1))).toEqual(SEED_SHA1);
    expect(() => base32Decode('MZ1')).toThrow();
    expect(otpauthUri(SEED_SHA1, 'an@cargo.test', 'Cargo Console')).toBe(
      'otpauth://totp/Cargo%20Console:an%40cargo.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Cargo+Console&algorithm=SHA1&digits=6&period=30',
    );
  });
});
