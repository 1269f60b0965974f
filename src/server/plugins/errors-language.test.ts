import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Customer } from '../../shared/contracts/customers';
import type { ImportPreview } from '../../shared/contracts/import';
import { createTestContext, TEST_ADMIN, type TestContext } from '../test/harness';
import { freshIp } from '../modules/auth/test-support';

/**
 * The request's language: the same bad request with and without `Accept-Language: en` gets its messages in
 * English and in Vietnamese. Vietnamese (no header, or anything that is not English) is the answer as it always
 * was, byte for byte.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en-US,en;q=0.9,vi;q=0.5' };
const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;

/** The message texts of an error body: its message and every details[].message. */
function messagesOf(body: { message: string; details?: unknown }): string[] {
  const details = Array.isArray(body.details) ? (body.details as Array<{ message: string }>).map((d) => d.message) : [];
  return [body.message, ...details];
}

/** Sends the request three ways: no header, `vi-VN`, English. The first two must be identical bytes. */
async function inBothLanguages(opts: Parameters<TestContext['request']>[0]) {
  const plain = await ctx.request(opts);
  const vi = await ctx.request({ ...opts, headers: { ...opts.headers, 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' } });
  const en = await ctx.request({ ...opts, headers: { ...opts.headers, ...EN } });
  expect(vi.statusCode).toBe(plain.statusCode);
  expect(vi.body).toBe(plain.body);
  expect(en.statusCode).toBe(plain.statusCode);
  return { vi: plain, en };
}

let seq = 0;
const newCustomer = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  const res = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: `Khách Ngôn Ngữ ${seq}`, phone: `0977${String(500000 + seq).slice(-6)}`, ...over } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Customer;
};

describe('400 with field details', () => {
  it('a contract message goes through the catalog; a zod built-in check comes from zod\'s own locale', async () => {
    const { vi, en } = await inBothLanguages({
      method: 'POST',
      url: '/api/customers',
      payload: { fullName: '', phone: '0912345678', addresses: [{ receiver: 'Chị Lan', phone: '0912345678', address: '1 Lê Lợi', province: 'x'.repeat(61), isDefault: 'có' }] },
    });
    expect(vi.statusCode).toBe(400);
    const viBody = vi.json();
    const enBody = en.json();
    expect(viBody.code).toBe('VALIDATION_ERROR');
    expect(enBody.code).toBe('VALIDATION_ERROR');
    const byPath = (body: { details: Array<{ path: string; message: string }> }) => Object.fromEntries(body.details.map((d) => [d.path, d.message]));

    expect(viBody.message).toBe('Dữ liệu không hợp lệ');
    expect(byPath(viBody)).toEqual({
      'body.fullName': 'Vui lòng nhập họ tên',
      'body.addresses.0.province': z.locales.vi().localeError!({ code: 'too_big', origin: 'string', maximum: 60, inclusive: true, input: '' } as never),
      'body.addresses.0.isDefault': z.locales.vi().localeError!({ code: 'invalid_type', expected: 'boolean', input: 'có' } as never),
    });

    expect(enBody.message).toBe('Some of the data is not valid');
    expect(byPath(enBody)).toEqual({
      'body.fullName': 'Please enter the full name',
      'body.addresses.0.province': 'Too big: expected string to have <=60 characters',
      'body.addresses.0.isDefault': 'Invalid input: expected boolean, received string',
    });
    // The same paths, in the same order: only the words change.
    expect(enBody.details.map((d: { path: string }) => d.path)).toEqual(viBody.details.map((d: { path: string }) => d.path));
  });

  it('a query-string problem names its parameter in either language', async () => {
    const { vi, en } = await inBothLanguages({ method: 'GET', url: '/api/customers?pageSize=500&colour=red' });
    expect(vi.statusCode).toBe(400);
    expect(vi.json().message).toBe('Tham số không được hỗ trợ: colour');
    expect(en.json().message).toBe('Unsupported parameter: colour');
    expect(messagesOf(en.json())).toEqual(['Unsupported parameter: colour', 'pageSize must be between 1 and 200', 'Unsupported parameter: colour']);

    const sort = await inBothLanguages({ method: 'GET', url: '/api/customers?page=0' });
    expect(sort.vi.json().message).toBe('Tham số page không hợp lệ: page phải từ 1 đến 1000000');
    expect(sort.en.json().message).toBe('Parameter page is not valid: page must be between 1 and 1000000');
  });
});

describe('other statuses', () => {
  it('404: a record that does not exist', async () => {
    const { vi, en } = await inBothLanguages({ method: 'GET', url: '/api/customers/987654' });
    expect(vi.statusCode).toBe(404);
    expect(vi.json()).toEqual({ message: 'Không tìm thấy khách hàng', code: 'NOT_FOUND' });
    expect(en.json()).toEqual({ message: 'Customer not found', code: 'NOT_FOUND' });
  });

  it('409 from a domain rule, on its field', async () => {
    const first = await newCustomer({ email: 'ngon.ngu@example.vn' });
    const { vi, en } = await inBothLanguages({ method: 'POST', url: '/api/customers', payload: { fullName: 'Người Thứ Hai', phone: '0977000111', email: 'ngon.ngu@example.vn' } });
    expect(vi.statusCode).toBe(409);
    expect(vi.json()).toEqual({
      message: `Email này đã được dùng cho khách hàng ${first.code} (${first.fullName})`,
      code: 'CONFLICT',
      details: [{ path: 'email', message: `Email này đã được dùng cho khách hàng ${first.code} (${first.fullName})` }],
    });
    // The customer's name is data and stays as it was written.
    expect(en.json()).toEqual({
      message: `This e-mail is already used by customer ${first.code} (${first.fullName})`,
      code: 'CONFLICT',
      details: [{ path: 'email', message: `This e-mail is already used by customer ${first.code} (${first.fullName})` }],
    });
  });

  it('409 a route answers itself (a refused wallet payment), and its replay, follow the asking request', async () => {
    const c = await newCustomer();
    const key = randomUUID();
    const pay = (headers: Record<string, string>) =>
      ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': key, ...headers }, payload: { customerId: c.id, type: 'payment', amount: 150_000, method: 'cash' } });
    const first = await pay(EN);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(
      `Not enough balance for this payment of 150,000\u00a0₫: customer ${c.code} has a balance of 0\u00a0₫ and a credit limit of 0\u00a0₫ (0\u00a0₫ still available).`,
    );
    expect(first.json().code).toBe('CREDIT_LIMIT_EXCEEDED');
    // The stored answer is the Vietnamese one: a Vietnamese replay reads Vietnamese, an English one English.
    const replayVi = await pay({});
    expect(replayVi.statusCode).toBe(409);
    expect(replayVi.headers['idempotent-replayed']).toBe('true');
    expect(replayVi.json().message).toBe(`Không đủ số dư để thanh toán 150.000\u00a0₫: khách hàng ${c.code} có số dư 0\u00a0₫, hạn mức công nợ 0\u00a0₫ (còn dùng được 0\u00a0₫).`);
    expect(replayVi.json().details).toEqual(first.json().details);
    const replayEn = await pay(EN);
    expect(replayEn.body).toBe(first.body);
  });

  it('401 without a token', async () => {
    const { vi, en } = await inBothLanguages({ method: 'GET', url: '/api/customers', token: null });
    expect(vi.statusCode).toBe(401);
    expect(vi.json()).toEqual({ message: 'Bạn cần đăng nhập để tiếp tục', code: 'UNAUTHORIZED' });
    expect(en.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  });

  it('403 for a role without access', async () => {
    const { vi, en } = await inBothLanguages({ method: 'GET', url: '/api/customers', token: await ctx.tokenFor('Staff') });
    expect(vi.statusCode).toBe(403);
    expect(vi.json()).toEqual({ message: 'Bạn không có quyền thực hiện thao tác này', code: 'FORBIDDEN' });
    expect(en.json()).toEqual({ message: 'You are not allowed to do this', code: 'FORBIDDEN' });
  });
});

describe('sign-in failure', () => {
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: freshIp(), headers, payload: { email, password } });

  it('401 reads the same bytes for an unknown e-mail and a wrong password, in each language', async () => {
    for (const [headers, message] of [
      [{}, 'Email hoặc mật khẩu không đúng'],
      [{ 'accept-language': 'vi' }, 'Email hoặc mật khẩu không đúng'],
      [EN, 'Incorrect e-mail or password'],
    ] as const) {
      const unknown = await login('khong.co.ai@cargo.test', 'Sai-mat-khau-1', headers);
      const wrong = await login(TEST_ADMIN.email, 'Sai-mat-khau-1', headers);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(unknown.json()).toEqual({ message, code: 'INVALID_CREDENTIALS' });
    }
  });

  it('a success message follows the language too', async () => {
    const ask = (headers: Record<string, string>) =>
      ctx.request({ method: 'POST', url: '/api/auth/forgot-password', token: null, remoteAddress: freshIp(), headers, payload: { email: 'khong.co.ai@cargo.test' } });
    // No mail server in the tests: the answer says where the link is kept.
    expect((await ask({})).json().message).toMatch(/^Máy chủ chưa có máy chủ thư/);
    expect((await ask(EN)).json().message).toBe(
      "No mail server (SMTP) is set up: if this e-mail has an account, the password reset link (valid for 60 minutes) is kept in the system's mail outbox. Ask an Admin to open Settings → Mail outbox and pass the link on to you.",
    );
  });
});

describe('import preview rows', () => {
  async function xlsx(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('KH');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  function multipart(file: Buffer) {
    const boundary = `----cargo${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kh.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('row errors are in the request\'s language; commit\'s 422 too', async () => {
    const file = await xlsx([
      ['Họ tên', 'Điện thoại', 'Email'],
      ['Khách Một', '0912345678', 'trung@example.vn'],
      ['Khách Hai', '12345', null],
      ['Khách Ba', '0912345679', 'trung@example.vn'],
    ]);
    const preview = async (mode: string, headers: Record<string, string>) => {
      const m = multipart(file);
      return ctx.request({ method: 'POST', url: `/api/customers/import?mode=${mode}`, payload: m.payload, headers: { ...m.headers, ...headers } });
    };
    const vi = (await preview('preview', {})).json() as ImportPreview;
    const en = (await preview('preview', EN)).json() as ImportPreview;
    expect(vi.rows.map((r) => r.errors)).toEqual([
      [],
      [{ field: 'phone', message: 'Số điện thoại không hợp lệ (VD: 0912 345 678 hoặc +84 912 345 678)' }],
      [{ field: 'email', message: 'Trùng với dòng 2 trong tệp' }],
    ]);
    expect(en.rows.map((r) => r.errors)).toEqual([
      [],
      [{ field: 'phone', message: 'The phone number is not valid (e.g. 0912 345 678 or +84 912 345 678)' }],
      [{ field: 'email', message: 'Same as row 2 of the file' }],
    ]);
    const commit = await preview('commit', EN);
    expect(commit.statusCode).toBe(422);
    expect(commit.json().message).toBe('2 of 3 rows have errors; nothing was imported. Please correct the file and import it again.');
    expect((commit.json().details as ImportPreview).rows[2]!.errors).toEqual([{ field: 'email', message: 'Same as row 2 of the file' }]);
  });
});

it('English answers carry no Vietnamese words of their own', async () => {
  const answers = await Promise.all([
    ctx.request({ method: 'POST', url: '/api/customers', headers: EN, payload: { phone: 'abc', group: 'x', creditLimit: -1.5, addresses: 'nhà' } }),
    ctx.request({ method: 'GET', url: '/api/packages?status=bay&weightGMin=a', headers: EN }),
    ctx.request({ method: 'POST', url: '/api/mawbs', headers: EN, payload: { awbNumber: '176-12345670', origin: 'HAN', destination: 'HAN', flightLegs: [] } }),
    ctx.request({ method: 'POST', url: '/api/orders', headers: EN, payload: { customerId: 0, kind: 'purchase', currency: 'XYZ', items: [] } }),
    ctx.request({ method: 'PATCH', url: '/api/customers/1', headers: EN, payload: {} }),
    ctx.request({ method: 'GET', url: '/api/khong-co', headers: EN }),
  ]);
  for (const res of answers) {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    for (const m of messagesOf(res.json())) expect(VIETNAMESE.test(m), `${res.statusCode} ${m}`).toBe(false);
  }
});
