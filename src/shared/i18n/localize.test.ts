import { describe, expect, it } from 'vitest';
import { MawbCreate } from '../contracts/mawbs';
import { PackageCreate } from '../contracts/packages';
import { MAWB_STATUSES, transitionErrorMessage } from '../domain/mawb-lifecycle';
import { languageFromAcceptLanguage } from './language';
import { createLocalizer, localizeMessage, placeholderNames } from './localize';

/** Vietnamese letters; the đồng sign of an amount ("150.000 đ") is the one allowed in English text. */
const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;
const vietnameseIn = (s: string) => VIETNAMESE.test(s.replace(/\d đ\b/g, ''));

describe('localizeMessage', () => {
  it('Vietnamese is the source: "vi" returns the text as it is', () => {
    expect(localizeMessage('Email hoặc mật khẩu không đúng', 'vi')).toBe('Email hoặc mật khẩu không đúng');
    expect(localizeMessage('Tối đa 20 ảnh', 'vi')).toBe('Tối đa 20 ảnh');
  });

  it('an exact entry', () => {
    expect(localizeMessage('Email hoặc mật khẩu không đúng', 'en')).toBe('Incorrect e-mail or password');
    expect(localizeMessage('Dữ liệu không hợp lệ', 'en')).toBe('Some of the data is not valid');
  });

  it('a template fills its named placeholders; a Vietnamese-grouped number gets English grouping', () => {
    expect(localizeMessage('Tệp có quá nhiều dòng: tối đa 5.000 dòng mỗi lần nhập', 'en')).toBe('Too many rows in the file: at most 5,000 per import');
    expect(localizeMessage('Có 3/50 dòng lỗi; chưa nhập dòng nào. Hãy sửa tệp rồi nhập lại.', 'en')).toBe(
      '3 of 50 rows have errors; nothing was imported. Please correct the file and import it again.',
    );
    expect(localizeMessage('Mã vận đơn dài tối đa 40 ký tự', 'en')).toBe('The tracking number can have at most 40 characters');
  });

  it('text the catalog does not know is returned unchanged (English, codes, data)', () => {
    expect(localizeMessage('Too small: expected number to be >=1', 'en')).toBe('Too small: expected number to be >=1');
    expect(localizeMessage('KH000123', 'en')).toBe('KH000123');
    expect(localizeMessage('Một câu chưa có trong danh mục', 'en')).toBe('Một câu chưa có trong danh mục');
    expect(localizeMessage('', 'en')).toBe('');
  });

  it('labels inside a message are translated, and a leading one is capitalised', () => {
    expect(localizeMessage('Không tìm thấy giao dịch', 'en')).toBe('Transaction not found');
    expect(localizeMessage('Dữ liệu khách hàng đã được người khác thay đổi. Vui lòng tải lại hoặc xem thay đổi của họ.', 'en')).toBe(
      'Someone else has changed this customer. Please reload or look at their changes.',
    );
    expect(localizeMessage('Không thể xóa kiện PK00000001 ở trạng thái "Đã cất cánh"', 'en')).toBe(
      'Cannot delete package PK00000001 while it is "Departed"',
    );
    // A label lower-cased by the code ("thanh toán") still finds its entry.
    // Amounts in đồng are written the English way in English: one written form of money per language.
    const nb = (s: string) => s.replace(/(\d) ₫/g, '$1\u00a0₫');
    expect(
      localizeMessage(nb('Không đủ số dư để thanh toán 150.000 ₫: khách hàng KH000001 có số dư 0 ₫, hạn mức công nợ 100.000 ₫ (còn dùng được 100.000 ₫).'), 'en'),
    ).toBe(nb('Not enough balance for this payment of 150,000 ₫: customer KH000001 has a balance of 0 ₫ and a credit limit of 100,000 ₫ (100,000 ₫ still available).'));
    expect(localizeMessage(nb('Đơn DH00000001 chỉ còn phải trả 1.500.000 ₫: không thể thanh toán 2.000.000 ₫. Phần thừa hãy ghi là nạp tiền vào ví.'), 'en')).toBe(
      nb('Order DH00000001 still owes only 1,500,000 ₫: a payment of 2,000,000 ₫ is refused. Record the extra as a deposit into the wallet.'),
    );
  });

  it('the most specific template wins, and nested messages are translated too', () => {
    expect(localizeMessage('Không tìm thấy kiện có mã: PK1, PK2, PK3 và 7 mã khác', 'en')).toBe('No package has these numbers: PK1, PK2, PK3 and 7 more');
    expect(localizeMessage('Không tìm thấy kiện hàng: 1Z999, 1Z998', 'en')).toBe('Packages not found: 1Z999, 1Z998');
    expect(localizeMessage('Tham số page không hợp lệ: page phải từ 1 đến 1000000', 'en')).toBe(
      'Parameter page is not valid: page must be between 1 and 1000000',
    );
    expect(localizeMessage('Đơn DH00000001 đã ở trạng thái "Mới tạo". Các bước hợp lệ: "Đã xác nhận", "Đã hủy"', 'en')).toBe(
      'Order DH00000001 is already "New". Allowed next steps: "Confirmed", "Cancelled"',
    );
    expect(localizeMessage('Chỉ đóng MAWB được kiện ở trạng thái "Đã nhận ở kho nước ngoài"; không hợp lệ: PK1 (Đã cất cánh), PK2 (Thất lạc)', 'en')).toBe(
      'Only packages that are "Received abroad" can go on a MAWB; not allowed: PK1 (Departed), PK2 (Lost)',
    );
  });

  it('a list is translated only when all of it is catalog text (template column headers stay as typed)', () => {
    expect(
      localizeMessage('Không nhận ra cột nào ở dòng tiêu đề. Các cột của mẫu: Mã vận đơn, Mã khách hàng, Cân nặng (kg)', 'en'),
    ).toBe('None of the columns in the header row was recognised. The template has these columns: Mã vận đơn, Mã khách hàng, Cân nặng (kg)');
  });

  it('every MAWB status step refusal reads in English', () => {
    for (const from of MAWB_STATUSES) {
      for (const to of MAWB_STATUSES) {
        const en = localizeMessage(transitionErrorMessage(from, to), 'en');
        expect(vietnameseIn(en), `${from} → ${to}: ${en}`).toBe(false);
      }
    }
    expect(localizeMessage(transitionErrorMessage('draft', 'departed'), 'en')).toBe(
      'The MAWB cannot go from "Draft" to "Departed"; it can only go to: "Booked", "Cancelled"',
    );
  });

  it("the contracts' own messages, as zod gives them, read in English", () => {
    const pkg = PackageCreate.safeParse({ trackingNumber: 'AB', weightG: 1.5, customerId: 1, customerCode: 'KH1', declaredValue: 5 });
    const messages = pkg.error!.issues.map((i) => localizeMessage(i.message, 'en'));
    expect(messages).toEqual(
      expect.arrayContaining([
        'The tracking number has at least 5 characters',
        'The weight must be a whole number (g)',
      ]),
    );
    const mawb = MawbCreate.safeParse({ awbNumber: '176-12345675', origin: 'XXX', destination: '' });
    const texts = mawb.error!.issues.map((i) => localizeMessage(i.message, 'en'));
    expect(texts).toEqual(expect.arrayContaining(['The origin is not an airport in the list', 'Please choose the destination']));
  });

  it('a catalog of its own: placeholders, depth and case', () => {
    const l = createLocalizer({ 'Xin chào {name}': 'Hello {name}', 'bạn': 'friend', '{a} và {b}': '{a} and {b}' });
    expect(l('Xin chào bạn', 'en')).toBe('Hello friend');
    expect(l('Xin chào bạn', 'vi')).toBe('Xin chào bạn');
    expect(l('bạn và Bạn', 'en')).toBe('Friend and Friend');
    expect(placeholderNames('Có {invalid}/{total} dòng lỗi')).toEqual(['invalid', 'total']);
  });
});

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'vi'],
    ['', 'vi'],
    ['en', 'en'],
    ['EN-us', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7', 'vi'],
    ['vi;q=0.5, en-GB;q=0.8', 'en'],
    ['en;q=0, vi', 'vi'],
    ['fr-FR, en;q=0.5', 'en'],
    ['fr, de', 'vi'],
    ['*', 'vi'],
    ['en;q=0.8, vi;q=0.8', 'en'],
    [['en-US', 'vi;q=0.1'], 'en'],
  ] as const)('%j → %s', (header, lang) => {
    expect(languageFromAcceptLanguage(header as string | string[] | undefined)).toBe(lang);
  });
});
