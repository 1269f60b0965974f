/**
 * VietQR: the NAPAS bank-transfer QR code printed on a delivery slip, so the customer pays the amount to collect by
 * scanning it with any Vietnamese banking app. Pure; the web renders the returned text as a QR image.
 *
 * The payload is an EMVCo merchant-presented QR: a chain of data objects, each written ID (2 digits) + length
 * (2 digits, the value's character count) + value. A template's value is itself such a chain. In this order:
 *
 *   00  payload format indicator   "01"
 *   01  point of initiation        "12" (dynamic: the code carries an amount, for one payment)
 *   38  merchant account information, NAPAS template:
 *         00  GUID                 "A000000727" (NAPAS)
 *         01  beneficiary organisation:
 *               00  acquirer ID    the bank's 6-digit BIN
 *               01  consumer ID    the account number (letters and digits, at most 19)
 *         02  service code         "QRIBFTTA" (inter-bank fund transfer to an account)
 *   53  transaction currency       "704" (VND, ISO 4217 numeric)
 *   54  transaction amount         integer đồng, at most 13 digits
 *   58  country code               "VN"
 *   62  additional data:
 *         08  purpose of transaction  the transfer note (the slip code), at most 25 characters
 *   63  CRC                        4 uppercase hex digits of CRC-16/CCITT-FALSE (polynomial 0x1021, initial value
 *                                  0xFFFF, no reflection, no final XOR) over the whole payload up to and including
 *                                  "6304".
 *
 * Inputs are checked, not rewritten: a BIN or account number typed in settings that a bank would not accept is
 * refused with a message. The note may contain only unaccented letters, digits and spaces, which every banking app
 * carries unchanged into the transfer; a slip's note is its payment code (slipPaymentCode: letters and digits only).
 */

const VIETQR_GUID = 'A000000727';
/** NAPAS service code: inter-bank fund transfer 24/7 to an account. */
const VIETQR_SERVICE_TO_ACCOUNT = 'QRIBFTTA';
const VIETQR_CURRENCY_VND = '704';
const VIETQR_COUNTRY = 'VN';
/** The amount data object holds at most 13 characters. */
export const VIETQR_AMOUNT_MAX = 9_999_999_999_999;
const VIETQR_NOTE_MAX = 25;

const BIN = /^\d{6}$/;
const ACCOUNT = /^[A-Za-z0-9]{1,19}$/;
const NOTE = /^[A-Za-z0-9 ]*$/;

export interface VietQrInput {
  /** The beneficiary bank's 6-digit BIN (NAPAS acquirer ID), e.g. "970436". */
  bin: string;
  accountNumber: string;
  /** đồng, a positive integer. */
  amount: number;
  /** The transfer note; empty for none. Letters without accents, digits and spaces, ≤ 25 characters. */
  note: string;
}

export const VIETQR_ISSUES = ['bin_invalid', 'account_invalid', 'amount_invalid', 'note_invalid', 'note_too_long'] as const;
type VietQrIssueCode = (typeof VIETQR_ISSUES)[number];

export interface VietQrIssue {
  path: 'bin' | 'accountNumber' | 'amount' | 'note';
  code: VietQrIssueCode;
  /** Vietnamese (English in the message catalog). */
  message: string;
}

export type VietQrResult = { ok: true; payload: string } | { ok: false; issues: VietQrIssue[] };

function issueMessage(code: VietQrIssueCode): string {
  switch (code) {
    case 'bin_invalid':
      return 'Mã BIN ngân hàng phải gồm đúng 6 chữ số';
    case 'account_invalid':
      return 'Số tài khoản chỉ gồm chữ và số (tối đa 19 ký tự, không có khoảng trắng)';
    case 'amount_invalid':
      return 'Số tiền chuyển khoản phải là số đồng nguyên lớn hơn 0, tối đa 13 chữ số';
    case 'note_invalid':
      return 'Nội dung chuyển khoản chỉ gồm chữ không dấu, chữ số và khoảng trắng';
    case 'note_too_long':
      return 'Nội dung chuyển khoản dài tối đa 25 ký tự';
  }
}

const issue = (path: VietQrIssue['path'], code: VietQrIssueCode): VietQrIssue => ({ path, code, message: issueMessage(code) });

/** The problems of a beneficiary account as typed in settings (empty when a bank would accept it). */
export function vietQrAccountIssues(bin: string, accountNumber: string): VietQrIssue[] {
  const out: VietQrIssue[] = [];
  if (!BIN.test(bin)) out.push(issue('bin', 'bin_invalid'));
  if (!ACCOUNT.test(accountNumber)) out.push(issue('accountNumber', 'account_invalid'));
  return out;
}

/** CRC-16/CCITT-FALSE of ASCII text as 4 uppercase hex digits ("123456789" → "29B1"). */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new RangeError('CRC input must be ASCII');
    crc ^= code << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One data object: ID, two-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length < 1 || value.length > 99) throw new RangeError(`data object ${id} must hold 1 to 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The VietQR payload for a transfer of `amount` đồng to the account, or what is wrong with the input. */
export function buildVietQrPayload(input: VietQrInput): VietQrResult {
  const issues = vietQrAccountIssues(input.bin, input.accountNumber);
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > VIETQR_AMOUNT_MAX) issues.push(issue('amount', 'amount_invalid'));
  if (!NOTE.test(input.note)) issues.push(issue('note', 'note_invalid'));
  else if (input.note.length > VIETQR_NOTE_MAX) issues.push(issue('note', 'note_too_long'));
  if (issues.length) return { ok: false, issues };

  const beneficiary = tlv('00', input.bin) + tlv('01', input.accountNumber);
  const merchant = tlv('00', VIETQR_GUID) + tlv('01', beneficiary) + tlv('02', VIETQR_SERVICE_TO_ACCOUNT);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', merchant) +
    tlv('53', VIETQR_CURRENCY_VND) +
    tlv('54', String(input.amount)) +
    tlv('58', VIETQR_COUNTRY) +
    (input.note ? tlv('62', tlv('08', input.note)) : '') +
    '6304';
  return { ok: true, payload: body + crc16CcittFalse(body) };
}
