import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localizeMessage } from '../i18n/localize';
import { slipCodeFromPaymentCode, slipPaymentCode } from './delivery-slip-lifecycle';
import { buildVietQrPayload, crc16CcittFalse, vietQrAccountIssues, VIETQR_AMOUNT_MAX, type VietQrInput } from './vietqr';

/** A minimal EMVCo TLV reader, written for the test: ID (2) + length (2) + value, all the way to the end. */
function parseTlv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`bad TLV header at ${at}: ${text.slice(at)}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`data object ${id} is cut short`);
    if (out.has(id)) throw new Error(`data object ${id} appears twice`);
    out.set(id, value);
    at += 4 + length;
  }
  return out;
}

const ok = (input: VietQrInput): string => {
  const r = buildVietQrPayload(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.payload;
};

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the published check value of "123456789"', () => {
    // The catalogue check value of CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0).
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('is 4 uppercase hex digits, zero-padded', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    for (const s of ['A', 'ab', '6304', '00020101021238']) expect(crc16CcittFalse(s)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('buildVietQrPayload', () => {
  it('matches a payload written by hand from the EMVCo/NAPAS layout', () => {
    // Every length below was counted by hand:
    //   beneficiary 01 = "00"+"06"+"970436" (10) + "01"+"10"+"1234567890" (14) = 24 characters
    //   template 38    = "0010A000000727" (14) + "0124"+24 (28) + "0208QRIBFTTA" (12) = 54 characters
    //   amount 54      = "1250000" = 7 characters
    //   template 62    = "08"+"12"+"PG2611 00042" = 16 characters
    // CRC: CRC-16/CCITT-FALSE of everything up to "6304", computed outside this code base (Python's
    // binascii.crc_hqx(data, 0xFFFF)).
    const byHand =
      '00' + '02' + '01' +
      '01' + '02' + '12' +
      '38' + '54' + ('00' + '10' + 'A000000727' + '01' + '24' + ('00' + '06' + '970436' + '01' + '10' + '1234567890') + '02' + '08' + 'QRIBFTTA') +
      '53' + '03' + '704' +
      '54' + '07' + '1250000' +
      '58' + '02' + 'VN' +
      '62' + '16' + ('08' + '12' + 'PG2611 00042') +
      '63' + '04' + '9393';
    expect(ok({ bin: '970436', accountNumber: '1234567890', amount: 1_250_000, note: 'PG2611 00042' })).toBe(byHand);
  });

  it('matches a second hand-built payload: letters in the account, a one-digit amount, no note', () => {
    // beneficiary = "0006970422" (10) + "0109VQRQ12345" (13) = 23; template 38 = 14 + 27 + 12 = 53; no tag 62.
    const byHand = '000201' + '010212' + '3853' + '0010A000000727' + '0123' + '0006970422' + '0109VQRQ12345' + '0208QRIBFTTA' + '5303704' + '54019' + '5802VN' + '6304' + 'A689';
    expect(ok({ bin: '970422', accountNumber: 'VQRQ12345', amount: 9, note: '' })).toBe(byHand);
  });

  it('reproduces a VietQR payload published with an open-source generator', () => {
    // From the README of github.com/subiz/vietqr: 120,000 đ to account 0011001932418 at BIN 970415.
    expect(ok({ bin: '970415', accountNumber: '0011001932418', amount: 120_000, note: 'ung ho lu lut' })).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
  });

  it('refuses what a bank would not accept, each on its field', () => {
    const base: VietQrInput = { bin: '970436', accountNumber: '1234567890', amount: 1000, note: 'PG2611 00042' };
    const codes = (input: Partial<VietQrInput>) => {
      const r = buildVietQrPayload({ ...base, ...input });
      return r.ok ? [] : r.issues.map((i) => `${i.path}:${i.code}`);
    };
    expect(codes({})).toEqual([]);
    for (const bin of ['97043', '9704366', '97O436', '', ' 970436']) expect(codes({ bin })).toEqual(['bin:bin_invalid']);
    for (const accountNumber of ['', '0011 0019 32418', '0011-001', '12345678901234567890', 'số123'])
      expect(codes({ accountNumber })).toEqual(['accountNumber:account_invalid']);
    expect(codes({ accountNumber: '1234567890123456789' })).toEqual([]); // 19 characters
    for (const amount of [0, -1, 1.5, VIETQR_AMOUNT_MAX + 1, Number.NaN]) expect(codes({ amount })).toEqual(['amount:amount_invalid']);
    expect(codes({ amount: VIETQR_AMOUNT_MAX })).toEqual([]);
    for (const note of ['Thanh toán', 'PG2611-00042', 'a\nb', 'x#1']) expect(codes({ note })).toEqual(['note:note_invalid']);
    expect(codes({ note: 'A'.repeat(26) })).toEqual(['note:note_too_long']);
    expect(codes({ note: 'A'.repeat(25) })).toEqual([]);
    expect(codes({ bin: 'x', accountNumber: 'y z', amount: 0, note: 'đ' })).toEqual([
      'bin:bin_invalid',
      'accountNumber:account_invalid',
      'amount:amount_invalid',
      'note:note_invalid',
    ]);
    const r = buildVietQrPayload({ ...base, bin: '1' });
    expect(!r.ok && r.issues[0]!.message).toBe('Mã BIN ngân hàng phải gồm đúng 6 chữ số');
  });

  it('every payload parses back into the input, with a valid CRC', () => {
    const input = fc.record({
      bin: fc.stringMatching(/^\d{6}$/),
      accountNumber: fc.stringMatching(/^[A-Za-z0-9]{1,19}$/),
      amount: fc.integer({ min: 1, max: VIETQR_AMOUNT_MAX }),
      note: fc.stringMatching(/^[A-Za-z0-9 ]{0,25}$/),
    });
    fc.assert(
      fc.property(input, (i) => {
        const payload = ok(i);
        expect(payload).toMatch(/^[\x20-\x7e]+$/);
        const root = parseTlv(payload);
        expect([...root.keys()]).toEqual(['00', '01', '38', '53', '54', '58', ...(i.note ? ['62'] : []), '63']);
        expect(root.get('00')).toBe('01');
        expect(root.get('01')).toBe('12');
        const merchant = parseTlv(root.get('38')!);
        expect([...merchant.keys()]).toEqual(['00', '01', '02']);
        expect(merchant.get('00')).toBe('A000000727');
        expect(merchant.get('02')).toBe('QRIBFTTA');
        const beneficiary = parseTlv(merchant.get('01')!);
        expect(Object.fromEntries(beneficiary)).toEqual({ '00': i.bin, '01': i.accountNumber });
        expect(root.get('53')).toBe('704');
        expect(Number(root.get('54'))).toBe(i.amount);
        expect(root.get('54')).toMatch(/^[1-9]\d{0,12}$/);
        expect(root.get('58')).toBe('VN');
        if (i.note) expect(Object.fromEntries(parseTlv(root.get('62')!))).toEqual({ '08': i.note });
        // The CRC is the last data object and covers everything before its value, "6304" included.
        expect(payload.slice(-8, -4)).toBe('6304');
        expect(root.get('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));
      }),
    );
  });

  it('a changed character breaks the CRC', () => {
    const payload = ok({ bin: '970436', accountNumber: '1234567890', amount: 1_250_000, note: 'PG2611 00042' });
    const tampered = payload.replace('1250000', '1250001');
    expect(crc16CcittFalse(tampered.slice(0, -4))).not.toBe(tampered.slice(-4));
  });
});

describe('the slip payment code as a VietQR note', () => {
  it('keeps the slip code matchable: letters and digits, no separator lost', () => {
    expect(slipPaymentCode('PG2611-00042')).toBe('PG261100042');
    expect(slipCodeFromPaymentCode('PG261100042')).toBe('PG2611-00042');
    expect(slipCodeFromPaymentCode('PG2611 00042')).toBeNull();
  });

  it('every slip code gives a note the payload accepts and that reads back as the same slip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 9_999_999 }), (ym, n) => {
        const code = `PG${String(ym).padStart(4, '0')}-${String(n).padStart(5, '0')}`;
        const note = slipPaymentCode(code);
        expect(note).toMatch(/^[A-Z0-9]+$/);
        expect(buildVietQrPayload({ bin: '970436', accountNumber: '1', amount: 1, note }).ok).toBe(true);
        expect(slipCodeFromPaymentCode(note)).toBe(code);
      }),
    );
  });
});

describe('vietQrAccountIssues', () => {
  it('checks the settings of the office bank account', () => {
    expect(vietQrAccountIssues('970436', '0011001932418')).toEqual([]);
    expect(vietQrAccountIssues('VCB', '0011001932418').map((i) => i.code)).toEqual(['bin_invalid']);
  });
});

describe('messages', () => {
  it('every refusal reads in English through the catalog', () => {
    const r = buildVietQrPayload({ bin: 'x', accountNumber: '', amount: 0, note: 'é' });
    const long = buildVietQrPayload({ bin: '970436', accountNumber: '1', amount: 1, note: 'A'.repeat(26) });
    const all = [...(r.ok ? [] : r.issues), ...(long.ok ? [] : long.issues)];
    expect(all.map((i) => i.code)).toEqual(['bin_invalid', 'account_invalid', 'amount_invalid', 'note_invalid', 'note_too_long']);
    for (const i of all) {
      const en = localizeMessage(i.message, 'en');
      expect(en).not.toBe(i.message);
      expect(en).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
