import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Customer, CustomerList } from '../../../shared/contracts/customers';
import type { ImportPreview } from '../../../shared/contracts/import';
import { foldVietnamese } from '../../../shared/text';
import { expectCreated, resourceRoutes, useTestContext } from '../../test/harness';

const ctx = useTestContext();

const list = (query: string) => ctx.getOk<CustomerList>(`/api/customers${query}`);

const auditCount = async (entityId?: number) => {
  const rows = await ctx.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'customers'${entityId ? ' AND entity_id = $1' : ''}`,
    entityId ? [String(entityId)] : [],
  );
  return Number(rows[0]!.n);
};

let seq = 0;
const newCustomer = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  return ctx.postCreated<Customer>('/api/customers', { fullName: `Khách Thử ${seq}`, phone: `0987${String(100000 + seq).slice(-6)}`, ...over });
};

describe('access', () => {
  it.each([
    ...resourceRoutes('/api/customers'),
    ['POST', '/api/customers/import'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});

describe('list engine', () => {
  it('answers the first page of 25, newest first, with the total', async () => {
    const page = await list('');
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(25);
    expect(page.items).toHaveLength(25);
    expect(page.total).toBeGreaterThanOrEqual(200);
    const times = page.items.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items[0]).toMatchObject({ code: expect.stringMatching(/^KH\d{6}$/), balance: expect.any(Number), version: expect.any(Number) });
  });

  it.each([
    ['?pageSize=201', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=2.5', 'pageSize'],
  ])('rejects page bounds %s with a 400 naming %s', async (query, name) => {
    const res = await ctx.request({ method: 'GET', url: `/api/customers${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(name);
    expect(res.json().details[0].path).toBe(`querystring.${name}`);
  });

  it('accepts the largest page size', async () => {
    const page = await list('?pageSize=200');
    expect(page.items).toHaveLength(200);
  });

  it('rejects an unknown sort key, naming it', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers?sort=-createdAt,passwordHash' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('passwordHash');
  });

  it('rejects an unknown or disallowed parameter, naming it', async () => {
    for (const param of ['foo=1', 'searchText=kiem', 'deletedAt=2020-01-01', 'balanceFrom=1']) {
      const res = await ctx.request({ method: 'GET', url: `/api/customers?${param}` });
      expect(res.statusCode, param).toBe(400);
      expect(res.json().message).toContain(param.split('=')[0]);
    }
  });

  it('rejects a value outside a filter list and an impossible date', async () => {
    const bad = await ctx.request({ method: 'GET', url: '/api/customers?status=active,sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sleeping');
    const date = await ctx.request({ method: 'GET', url: '/api/customers?createdTo=2025-02-30' });
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toContain('createdTo');
  });

  it('sorts by several keys and pages without overlap', async () => {
    const all = await list('?sort=group,fullName&pageSize=200');
    const key = (c: Customer) => [c.group, c.fullName];
    for (let i = 1; i < all.items.length; i++) {
      const [g0, n0] = key(all.items[i - 1]!);
      const [g1, n1] = key(all.items[i]!);
      expect(g0 < g1 || (g0 === g1 && n0 <= n1), `${g0}/${n0} before ${g1}/${n1}`).toBe(true);
    }
    const p1 = await list('?sort=group,fullName&pageSize=30&page=1');
    const p2 = await list('?sort=group,fullName&pageSize=30&page=2');
    expect([...p1.items, ...p2.items].map((c) => c.id)).toEqual(all.items.slice(0, 60).map((c) => c.id));
  });

  it('filters by list, equality, range and date range', async () => {
    const vip = await list('?group=vip,wholesale&pageSize=200');
    expect(vip.total).toBeGreaterThan(0);
    expect(vip.items.every((c) => c.group === 'vip' || c.group === 'wholesale')).toBe(true);
    const inactive = await list('?status=inactive&pageSize=200');
    expect(inactive.total).toBeGreaterThan(0);
    expect(inactive.items.every((c) => c.status === 'inactive')).toBe(true);
    const province = await list(`?province=${encodeURIComponent('Hà Nội')}&pageSize=200`);
    expect(province.total).toBeGreaterThan(0);
    expect(province.items.every((c) => c.province === 'Hà Nội')).toBe(true);
    const one = (await list('?pageSize=1')).items[0]!;
    const byCode = await list(`?code=${one.code}`);
    expect(byCode.items.map((c) => c.id)).toEqual([one.id]);
    // The demo wallets (seeded ledger) give balances on both sides of zero; the three ranges split everyone.
    const positive = await list('?balanceMin=1&pageSize=200');
    expect(positive.total).toBeGreaterThan(0);
    expect(positive.items.every((c) => c.balance >= 1)).toBe(true);
    const zero = await list('?balanceMin=0&balanceMax=0&pageSize=200');
    expect(zero.items.every((c) => c.balance === 0)).toBe(true);
    const negative = await list('?balanceMax=-1&pageSize=200');
    expect(negative.items.every((c) => c.balance <= -1)).toBe(true);
    expect(positive.total + zero.total + negative.total).toBe((await list('')).total);

    const everyone = await list('?pageSize=200&sort=createdAt');
    const middle = everyone.items[100]!;
    const from = new Date(Date.parse(middle.createdAt) + 7 * 3_600_000).toISOString().slice(0, 10);
    const sinceDay = await list(`?createdFrom=${from}&pageSize=200`);
    const dayStart = Date.parse(`${from}T00:00:00+07:00`);
    expect(sinceDay.total).toBe(everyone.items.filter((c) => Date.parse(c.createdAt) >= dayStart).length + (everyone.total - everyone.items.length));
    const untilDay = await list(`?createdTo=${from}&pageSize=200`);
    const dayEnd = dayStart + 86_400_000;
    expect(untilDay.items.every((c) => Date.parse(c.createdAt) < dayEnd)).toBe(true);
    expect(untilDay.items.some((c) => c.id === middle.id)).toBe(true);
    const exact = await list(`?createdFrom=${encodeURIComponent(middle.createdAt)}&createdTo=${encodeURIComponent(middle.createdAt)}`);
    expect(exact.items.map((c) => c.id)).toContain(middle.id);
  });

  it('searches without accents: "kiem" finds "Kiểm" from the seed', async () => {
    const res = await list('?q=kiem&pageSize=200');
    expect(res.total).toBeGreaterThan(0);
    expect(res.items.some((c) => c.fullName.includes('Kiểm'))).toBe(true);
    for (const c of res.items) expect(foldVietnamese(JSON.stringify(c))).toContain('kiem');
    // Upper case and accents on the query side fold the same way.
    expect((await list('?q=KIỂM&pageSize=200')).total).toBe(res.total);
  });

  it('finds a customer by full name typed with accents, without, or in decomposed Unicode (the topbar sends names here)', async () => {
    const c = await newCustomer({ fullName: 'Nguyễn Thu Quỳnh', email: 'thu.quynh.search@example.vn', phone: '0903 222 444' });
    for (const q of ['Nguyễn Thu Quỳnh', 'nguyen thu quynh', 'NGUYEN  THU QUYNH', 'Nguyễn Thu Quỳnh'.normalize('NFD'), 'quỳnh nguyễn']) {
      expect((await list(`?q=${encodeURIComponent(q)}&pageSize=200`)).items.map((x) => x.id), q).toContain(c.id);
    }
  });

  it('searches every word, by name, code, phone and e-mail, and treats LIKE wildcards literally', async () => {
    const c = await newCustomer({ fullName: 'Đặng Thị Ngọc Ánh', email: 'ngoc.anh.search@example.vn', phone: '0903 111 222' });
    expect((await list('?q=dang%20anh')).items.map((x) => x.id)).toContain(c.id);
    expect((await list('?q=anh%20dang')).items.map((x) => x.id)).toContain(c.id);
    expect((await list(`?q=${c.code.toLowerCase()}`)).items.map((x) => x.id)).toEqual([c.id]);
    expect((await list('?q=0903111222')).items.map((x) => x.id)).toContain(c.id);
    expect((await list('?q=ngoc.anh.search')).items.map((x) => x.id)).toEqual([c.id]);
    expect((await list('?q=dang%20zzzz')).total).toBe(0);
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
  });
});

describe('create', () => {
  it('creates with a generated code, a normalised phone and one audit row', async () => {
    const before = await auditCount();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/customers',
      payload: {
        fullName: '  Lê Văn Tám ',
        phone: '+84 912 345 678',
        email: 'Tam.Le@Example.COM',
        suiteCode: 'tam-01',
        group: 'wholesale',
        creditLimit: 15_000_000,
        addresses: [{ receiver: 'Lê Văn Tám', phone: '84912345678', address: '12 Lê Lợi, Phường Bến Nghé', province: 'TP. Hồ Chí Minh' }],
      },
    });
    const c = expectCreated<Customer>(res, '/api/customers');
    expect(c).toMatchObject({
      code: expect.stringMatching(/^KH\d{6}$/),
      fullName: 'Lê Văn Tám',
      phone: '0912345678',
      email: 'tam.le@example.com',
      suiteCode: 'TAM-01',
      status: 'active',
      balance: 0,
      version: 1,
      addresses: [{ label: '', phone: '0912345678', isDefault: true }],
    });
    expect(await auditCount()).toBe(before + 1);
    const [row] = await ctx.database.query<{ action: string; before: unknown; after: { code: string }; actor_email: string }>(
      `SELECT action, before, after, actor_email FROM audit_log WHERE entity = 'customers' AND entity_id = $1`,
      [String(c.id)],
    );
    expect(row).toMatchObject({ action: 'create', before: null, after: { code: c.code }, actor_email: 'admin@cargo.test' });
  });

  it('gives consecutive codes', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    expect(Number(b.code.slice(2))).toBe(Number(a.code.slice(2)) + 1);
  });

  it('answers field errors in Vietnamese and writes nothing', async () => {
    const before = await auditCount();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/customers',
      payload: { fullName: '', phone: '12345', email: 'not-an-email', group: 'gold', creditLimit: -1, code: 'KH999999' },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as Array<{ path: string; message: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.fullName', 'body.phone', 'body.email', 'body.group', 'body.creditLimit']));
    expect(JSON.stringify(res.json().details)).toContain('Số điện thoại không hợp lệ');
    expect(await auditCount()).toBe(before);
  });

  it('keeps e-mail and suite code unique (409 on the field)', async () => {
    const a = await newCustomer({ email: 'unique.one@example.vn', suiteCode: 'UNQ-1' });
    const dupEmail = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'X', phone: '0912000111', email: 'UNIQUE.ONE@example.vn' } });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().details).toEqual([{ path: 'email', message: expect.stringContaining(a.code) }]);
    const dupSuite = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'X', phone: '0912000111', suiteCode: 'unq-1' } });
    expect(dupSuite.statusCode).toBe(409);
    expect(dupSuite.json().details[0].path).toBe('suiteCode');
  });

  it('refuses two default addresses', async () => {
    const addr = { receiver: 'A', phone: '0912345678', address: 'B', isDefault: true };
    const res = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'A', phone: '0912345678', addresses: [addr, addr] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.addresses');
  });
});

describe('notification preferences', () => {
  it('a new customer gets Zalo and e-mail in Vietnamese; the form sets each channel and the language', async () => {
    const c = await newCustomer();
    expect(c).toMatchObject({ notifyZns: true, notifyEmail: true, language: 'vi' });
    const off = await newCustomer({ notifyZns: false, language: 'en' });
    expect(off).toMatchObject({ notifyZns: false, notifyEmail: true, language: 'en' });
    const res = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { notifyEmail: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notifyZns: true, notifyEmail: false, language: 'vi', version: 2 });
    // The send path reads the same columns.
    const [row] = await ctx.database.query<{ notify_zns: boolean; notify_email: boolean; language: string }>(
      'SELECT notify_zns, notify_email, language FROM customers WHERE id = $1',
      [c.id],
    );
    expect(row).toEqual({ notify_zns: true, notify_email: false, language: 'vi' });
  });

  it('refuses a language other than vi/en and a channel that is not true/false, naming the field', async () => {
    const bad = await ctx.request({ method: 'POST', url: '/api/customers', payload: { fullName: 'A', phone: '0912345678', language: 'fr', notifyZns: 'no' } });
    expect(bad.statusCode).toBe(400);
    const details = bad.json().details as Array<{ path: string; message: string }>;
    expect(details.map((d) => d.path)).toEqual(expect.arrayContaining(['body.language', 'body.notifyZns']));
    expect(details.find((d) => d.path === 'body.language')!.message).toBe('Ngôn ngữ là vi hoặc en');
    const c = await newCustomer();
    const patch = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { notifyEmail: 1 } });
    expect(patch.statusCode).toBe(400);
    expect((await ctx.getOk<Customer>(`/api/customers/${c.id}`)).notifyEmail).toBe(true);
  });
});

describe('get', () => {
  it('returns the record with its ETag', async () => {
    const c = await newCustomer();
    const res = await ctx.request({ method: 'GET', url: `/api/customers/${c.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toEqual(c);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await ctx.request({ method: 'GET', url: '/api/customers/987654321' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Không tìm thấy khách hàng' });
    const bad = await ctx.request({ method: 'GET', url: '/api/customers/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });
});

describe('optimistic locking and audit', () => {
  it('PATCH without If-Match → 428, nothing changes', async () => {
    const c = await newCustomer();
    const res = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, payload: { note: 'x' } });
    expect(res.statusCode).toBe(428);
    expect(res.json().code).toBe('PRECONDITION_REQUIRED');
    expect((await ctx.request({ method: 'GET', url: `/api/customers/${c.id}` })).json().note).toBe('');
  });

  it('PATCH with the current version succeeds, bumps the version and writes one audit row with before/after', async () => {
    const c = await newCustomer();
    const before = await auditCount(c.id);
    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/customers/${c.id}`,
      headers: { 'if-match': '"1"' },
      payload: { fullName: 'Tên Mới Kiểm Tra', phone: '0912.345.679', email: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ fullName: 'Tên Mới Kiểm Tra', phone: '0912345679', version: 2 });
    expect(await auditCount(c.id)).toBe(before + 1);
    const [row] = await ctx.database.query<{ action: string; before: Customer; after: Customer }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'customers' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(c.id)],
    );
    expect(row!.action).toBe('update');
    expect(row!.before).toMatchObject({ fullName: c.fullName, version: 1 });
    expect(row!.after).toMatchObject({ fullName: 'Tên Mới Kiểm Tra', version: 2 });
    // The folded search column followed the change.
    expect((await list('?q=ten%20moi%20kiem%20tra')).items.map((x) => x.id)).toEqual([c.id]);
  });

  it('a stale If-Match → 412 with the current record and its ETag', async () => {
    const c = await newCustomer();
    const first = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { note: 'người A sửa' } });
    expect(first.statusCode).toBe(200);
    const before = await auditCount(c.id);
    const second = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { note: 'người B sửa' } });
    expect(second.statusCode).toBe(412);
    expect(second.json().code).toBe('PRECONDITION_FAILED');
    expect(second.json().details.current).toMatchObject({ id: c.id, note: 'người A sửa', version: 2 });
    expect(second.headers.etag).toBe('"2"');
    expect(await auditCount(c.id)).toBe(before);
    const weak = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': 'W/"2"' }, payload: { note: 'người B sửa lại' } });
    expect(weak.statusCode).toBe(200);
  });

  it('a patch that changes nothing keeps the version and writes no audit row', async () => {
    const c = await newCustomer({ note: 'giữ nguyên' });
    const before = await auditCount(c.id);
    const res = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { note: 'giữ nguyên', fullName: c.fullName } });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(1);
    expect(await auditCount(c.id)).toBe(before);
  });

  it('PATCH validates, refuses unknown fields and a taken e-mail, and 404s a missing record', async () => {
    const other = await newCustomer({ email: 'taken.patch@example.vn' });
    const c = await newCustomer();
    const unknown = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { balance: 5 } });
    expect(unknown.statusCode).toBe(400);
    const taken = await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { email: 'taken.patch@example.vn' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toMatchObject({ path: 'email', message: expect.stringContaining(other.code) });
    const missing = await ctx.request({ method: 'PATCH', url: '/api/customers/987654321', headers: { 'if-match': '"1"' }, payload: { note: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('two concurrent PATCHes with the same If-Match: one wins, the other gets 412', async () => {
    const c = await newCustomer();
    const [a, b] = await Promise.all(
      ['A', 'B'].map((who) =>
        ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { note: `sửa bởi ${who}` } }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 412]);
    const now = (await ctx.request({ method: 'GET', url: `/api/customers/${c.id}` })).json();
    expect(now.version).toBe(2);
  });
});

describe('soft delete', () => {
  it('needs If-Match, hides the customer, keeps the row and its history, frees the e-mail', async () => {
    const c = await newCustomer({ email: 'leaving@example.vn' });
    expect((await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}` })).statusCode).toBe(428);
    expect((await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, headers: { 'if-match': '"7"' } })).statusCode).toBe(412);
    const before = await auditCount(c.id);
    const del = await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' } });
    expect(del.statusCode).toBe(204);
    expect(await auditCount(c.id)).toBe(before + 1);
    expect((await ctx.request({ method: 'GET', url: `/api/customers/${c.id}` })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"2"' }, payload: { note: 'x' } })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, headers: { 'if-match': '"2"' } })).statusCode).toBe(404);
    expect((await list(`?q=${c.code}`)).total).toBe(0);
    const [row] = await ctx.database.query<{ deleted_at: unknown; full_name: string }>('SELECT deleted_at, full_name FROM customers WHERE id = $1', [c.id]);
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.full_name).toBe(c.fullName);
    const history = await ctx.request({ method: 'GET', url: `/api/audit-logs?entity=customers&entityId=${c.id}` });
    expect(history.json().items[0]).toMatchObject({ action: 'delete', before: { id: c.id }, after: null });
    // A deleted customer's e-mail may be used again; its code is never reused.
    const again = await newCustomer({ email: 'leaving@example.vn' });
    expect(again.code).not.toBe(c.code);
  });
});

async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** RFC 4180 reader, enough for our own output. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('export', () => {
  it('streams an XLSX of exactly the filtered, sorted list', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers/export?format=xlsx&group=wholesale,vip&sort=fullName' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="khach-hang-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''Kh%C3%A1ch%20h%C3%A0ng-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await readXlsx(res.rawPayload);
    const expected = await list('?group=wholesale,vip&sort=fullName&pageSize=200');
    expect(res.headers['x-total-count']).toBe(String(expected.total));
    expect(rows[0]).toEqual(['Mã KH', 'Họ tên', 'Điện thoại', 'Email', 'Tỉnh/Thành', 'Địa chỉ', 'Nhóm', 'Mã suite', 'Trạng thái', 'Hạn mức công nợ (₫)', 'Số dư (₫)', 'Ghi chú', 'Ngày tạo']);
    expect(rows.length - 1).toBe(expected.total);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3] ?? null, r[6], r[9]])).toEqual(
      expected.items.map((c) => [c.code, c.fullName, c.phone, c.email, c.group === 'vip' ? 'VIP' : 'Khách sỉ', c.creditLimit]),
    );
    // Dates are Vietnamese wall-clock time.
    const firstCreated = rows[1]![12] as Date;
    expect(firstCreated.getTime()).toBe(Date.parse(expected.items[0]!.createdAt) + 7 * 3_600_000);
  });

  it('streams a CSV (UTF-8 with BOM) with the same rows', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers/export?format=csv&status=inactive&sort=code' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain(".csv");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    const expected = await list('?status=inactive&sort=code&pageSize=200');
    expect(rows.length - 1).toBe(expected.total);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[8]])).toEqual(
      expected.items.map((c) => [c.code, c.fullName, c.phone, c.email ?? '', 'Ngừng hoạt động']),
    );
  });

  it('compresses a CSV for a client that takes brotli or gzip, byte for byte the same text', async () => {
    const url = '/api/customers/export?format=csv&sort=code';
    const plain = await ctx.request({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, unzip] of [
      ['gzip', gunzipSync],
      ['gzip, deflate, br', brotliDecompressSync],
    ] as const) {
      const res = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(accept === 'gzip' ? 'gzip' : 'br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(unzip(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('neutralises formula-looking text in CSV', async () => {
    const c = await newCustomer({ fullName: '=HYPERLINK("http://x")', note: '+cmd' });
    const res = await ctx.request({ method: 'GET', url: `/api/customers/export?format=csv&code=${c.code}` });
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[1]![1]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[1]![11]).toBe(`'+cmd`);
  });

  it('validates its parameters like the list', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/customers/export?format=pdf' })).statusCode).toBe(400);
    const paged = await ctx.request({ method: 'GET', url: '/api/customers/export?page=2' });
    expect(paged.statusCode).toBe(400);
    expect(paged.json().message).toContain('page');
  });
});

async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('KH');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename = 'khach-hang.xlsx', contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = `----cargo${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const HEADER = ['Họ tên', 'Điện thoại', 'Email', 'Tỉnh/Thành', 'Địa chỉ', 'Nhóm', 'Mã suite', 'Trạng thái', 'Hạn mức công nợ', 'Ghi chú', 'Cột lạ'];

function importRows(n: number, tag: string): unknown[][] {
  return Array.from({ length: n }, (_, i) => [
    `Khách Nhập ${tag} ${i + 1}`,
    // Numbers typed into Excel lose their leading zero; the import gives it back.
    i % 2 ? 912_000_000 + i : `+84 98 765 ${String(4000 + i).padStart(4, '0')}`,
    i % 3 ? `nhap.${tag}.${i}@example.vn` : null,
    'Đà Nẵng',
    `${i + 1} Bạch Đằng, Hải Châu`,
    i % 5 ? 'Khách lẻ' : 'vip',
    null,
    'Đang hoạt động',
    i % 4 ? 0 : '2.000.000',
    'từ tệp',
    'bỏ qua',
  ]);
}

describe('import', () => {
  const post = (mode: string, file: Buffer, name?: string, type?: string) => {
    const m = multipart(file, name, type);
    return ctx.request({ method: 'POST', url: `/api/customers/import?mode=${mode}`, payload: m.payload, headers: m.headers });
  };
  const customerCount = async () => Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n);

  it('offers a template whose header the import reads', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers/import/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(HEADER.slice(0, -1));
  });

  it('previews every row with its parsed data and per-field errors, writing nothing', async () => {
    const rows = importRows(4, 'pv');
    rows[1]![1] = '12345';
    rows[2]![0] = null;
    rows[2]![2] = 'sai-email';
    rows[3]![2] = rows[0]![2]; // duplicate e-mail within the file (row 2 has one: index 0 % 3 === 0 → null, so use row 1's)
    rows[0]![2] = 'dup.in.file@example.vn';
    rows[3]![2] = 'dup.in.file@example.vn';
    const before = await customerCount();
    const audit = await auditCount();
    const res = await post('preview', await xlsxFile([HEADER, ...rows]));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as ImportPreview;
    expect(p).toMatchObject({ mode: 'preview', total: 4, valid: 1, invalid: 3, ignoredColumns: ['Cột lạ'] });
    expect(p.rows[0]).toMatchObject({ row: 2, errors: [], data: { fullName: 'Khách Nhập pv 1', phone: '0987654000', group: 'vip', addresses: [{ address: '1 Bạch Đằng, Hải Châu', isDefault: true }] } });
    expect(p.rows[1]!.errors).toEqual([{ field: 'phone', message: expect.stringContaining('Số điện thoại không hợp lệ') }]);
    expect(p.rows[2]!.errors.map((e) => e.field).sort()).toEqual(['email', 'fullName']);
    expect(p.rows[3]!.errors).toEqual([{ field: 'email', message: 'Trùng với dòng 2 trong tệp' }]);
    expect(await customerCount()).toBe(before);
    expect(await auditCount()).toBe(audit);
  });

  it('reports e-mails already used by a customer', async () => {
    const existing = await newCustomer({ email: 'already.here@example.vn' });
    const rows = importRows(1, 'ex');
    rows[0]![2] = 'Already.Here@example.vn';
    const p = (await post('preview', await xlsxFile([HEADER, ...rows]))).json() as ImportPreview;
    expect(p.rows[0]!.errors).toEqual([{ field: 'email', message: `Email đã được dùng cho khách hàng ${existing.code}` }]);
  });

  it('commit is all or nothing: 50 rows with 2 bad → 422, nothing written', async () => {
    const rows = importRows(50, 'bad');
    rows[10]![1] = 'không có số';
    rows[37]![0] = '';
    const before = await customerCount();
    const audit = await auditCount();
    const res = await post('commit', await xlsxFile([HEADER, ...rows]));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IMPORT_INVALID');
    const details = res.json().details as ImportPreview;
    expect(details).toMatchObject({ total: 50, valid: 48, invalid: 2 });
    expect(details.rows.filter((r) => r.errors.length).map((r) => r.row)).toEqual([12, 39]);
    expect(await customerCount()).toBe(before);
    expect(await auditCount()).toBe(audit);
  });

  it('commit of 50 good rows creates them all, one audit row each, searchable', async () => {
    const before = await customerCount();
    const audit = await auditCount();
    const res = await post('commit', await xlsxFile([HEADER, ...importRows(50, 'ok')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'commit', created: 50, ids: expect.any(Array) });
    expect(await customerCount()).toBe(before + 50);
    expect(await auditCount()).toBe(audit + 50);
    const found = await list('?q=khach%20nhap%20ok&pageSize=100');
    expect(found.total).toBe(50);
    const fourth = found.items.find((c) => c.fullName === 'Khách Nhập ok 1')!;
    expect(fourth).toMatchObject({ phone: '0987654000', province: 'Đà Nẵng', creditLimit: 2_000_000, note: 'từ tệp', group: 'vip' });
    const second = found.items.find((c) => c.fullName === 'Khách Nhập ok 2')!;
    expect(second.phone).toBe('0912000001');
    const [audited] = await ctx.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'customers' AND entity_id = $1`, [String(second.id)]);
    expect(audited!.action).toBe('import');
  });

  it('checks the file by its content, not its name', async () => {
    const fake = await post('preview', Buffer.from('Họ tên,Điện thoại\nA,0912345678\n'), 'khach-hang.xlsx');
    expect(fake.statusCode).toBe(415);
    const zipButNotXlsx = await post('preview', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]), 'a.xlsx');
    expect(zipButNotXlsx.statusCode).toBe(415);
    // A real workbook sent under another name and type is still read.
    const renamed = await post('preview', await xlsxFile([HEADER, ...importRows(1, 'rn')]), 'data.bin', 'application/octet-stream');
    expect(renamed.statusCode).toBe(200);
  });

  it('rejects a request that is not multipart, a header it does not know, and a bad mode', async () => {
    const json = await ctx.request({ method: 'POST', url: '/api/customers/import', payload: { rows: [] } });
    expect(json.statusCode).toBe(415);
    const noHeader = await post('preview', await xlsxFile([['a', 'b'], ['1', '2']]));
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toContain('Họ tên');
    const mode = await post('apply', await xlsxFile([HEADER]));
    expect(mode.statusCode).toBe(400);
    expect(mode.json().message).toContain('mode');
  });
});

describe('history', () => {
  it('GET /api/audit-logs?entity=customers&entityId= lists who changed what, newest first', async () => {
    const c = await newCustomer();
    await ctx.request({ method: 'PATCH', url: `/api/customers/${c.id}`, headers: { 'if-match': '"1"' }, payload: { province: 'Cần Thơ' } });
    const res = await ctx.request({ method: 'GET', url: `/api/audit-logs?entity=customers&entityId=${c.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    expect(body.items[0]).toMatchObject({
      entity: 'customers',
      entityId: String(c.id),
      actorEmail: 'admin@cargo.test',
      actorName: expect.any(String),
      before: { province: '' },
      after: { province: 'Cần Thơ' },
      at: expect.any(String),
      requestId: expect.any(String),
    });
  });
});
