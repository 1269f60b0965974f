import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Employee, EmployeeList } from '../../../shared/contracts/employees';
import { resourceRoutes, useTestContext } from '../../test/harness';

const ctx = useTestContext();

const list = (query: string) => ctx.getOk<EmployeeList>(`/api/employees${query}`);
const get = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/employees/${id}` })).json() as Employee;
const auditCount = async (entityId?: number) =>
  Number(
    (
      await ctx.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'employees'${entityId ? ' AND entity_id = $1' : ''}`,
        entityId ? [String(entityId)] : [],
      )
    )[0]!.n,
  );
const outboxFor = (email: string) => ctx.database.query<{ subject: string; text: string }>('SELECT subject, text FROM mail_outbox WHERE "to" = $1 ORDER BY id', [email]);
const employeeCount = async () => Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM employees'))[0]!.n);

let seq = 0;
const create = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  return ctx.postCreated<Employee>('/api/employees', { fullName: `Nhân Viên Thử ${seq}`, phone: '0905 123 456', ...over });
};
/** A token for an account as if it had signed in (no password exists for accounts made by an admin). */
const tokenOf = async (e: Employee) => (await ctx.app.deps.signer.sign({ id: e.account!.userId, role: e.account!.role, email: e.account!.email })).token;
const me = (token: string) => ctx.request({ method: 'GET', url: '/api/auth/me', token });

describe('access', () => {
  it.each([
    ...resourceRoutes('/api/employees'),
    ['POST', '/api/employees/1/send-reset-link'],
    ['GET', '/api/stores'],
    ['GET', '/api/stores/1'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});

describe('list', () => {
  it('lists the 20 seeded employees by code, with their store and account', async () => {
    const page = await list('?pageSize=50&sort=code');
    expect(page.total).toBeGreaterThanOrEqual(20);
    expect(page.items.slice(0, 20).map((e) => e.code)).toEqual(Array.from({ length: 20 }, (_, i) => `NV${String(i + 1).padStart(4, '0')}`));
    const staff = page.items.find((e) => e.account?.email === 'staff@cargo.test')!;
    expect(staff).toMatchObject({ account: { role: 'Staff', enabled: true }, store: { code: expect.any(String), name: expect.any(String) } });
    expect(page.items.filter((e) => e.account === null).length).toBeGreaterThan(10);
  });

  it('filters by status, store, role and having an account; searches without accents', async () => {
    const inactive = await list('?status=inactive');
    expect(inactive.items.length).toBeGreaterThan(0);
    expect(inactive.items.every((e) => e.status === 'inactive')).toBe(true);
    const stores = (await ctx.request({ method: 'GET', url: '/api/stores?kind=hub' })).json().items as Array<{ id: number }>;
    const inHub = await list(`?storeId=${stores.map((s) => s.id).join(',')}&pageSize=200`);
    expect(inHub.items.every((e) => stores.some((s) => s.id === e.storeId))).toBe(true);
    expect(inHub.total).toBeGreaterThan(0);
    const admins = await list('?role=Admin');
    expect(admins.items.map((e) => e.account!.role)).toEqual(admins.items.map(() => 'Admin'));
    expect(admins.total).toBeGreaterThan(0);
    const withAccount = await list('?hasAccount=true&pageSize=200');
    expect(withAccount.items.every((e) => e.account)).toBe(true);
    const without = await list('?hasAccount=false&pageSize=200');
    expect(without.total + withAccount.total).toBe((await list('')).total);
    const someone = (await list('?sort=code')).items[3]!;
    const word = someone.fullName.split(' ').at(-1)!;
    const folded = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/gi, 'd').toLowerCase();
    expect((await list(`?q=${encodeURIComponent(folded)}&pageSize=200`)).items.map((e) => e.id)).toContain(someone.id);
  });

  it('rejects unknown sorts and parameters, naming them', async () => {
    const sort = await ctx.request({ method: 'GET', url: '/api/employees?sort=salary' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toContain('salary');
    const param = await ctx.request({ method: 'GET', url: '/api/employees?passwordHash=x' });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toContain('passwordHash');
    expect((await ctx.request({ method: 'GET', url: '/api/employees?role=Root' })).statusCode).toBe(400);
  });
});

describe('create', () => {
  it('creates an employee with the next code and no account, one audit row', async () => {
    const before = await auditCount();
    const [{ max }] = await ctx.database.query<{ max: string }>("SELECT max(code) AS max FROM employees");
    const e = await create({ email: 'Thu.Kho@Cargo.test', position: 'Nhân viên kho' });
    expect(e).toMatchObject({ code: `NV${String(Number(max.slice(2)) + 1).padStart(4, '0')}`, email: 'thu.kho@cargo.test', phone: '0905123456', account: null, status: 'active', version: 1 });
    expect(await auditCount()).toBe(before + 1);
  });

  it('creates the sign-in account without a usable password and e-mails a reset link', async () => {
    const stores = (await ctx.request({ method: 'GET', url: '/api/stores?sort=code' })).json().items as Array<{ id: number; code: string; name: string }>;
    const e = await create({ email: 'new.admin@cargo.test', storeId: stores[0]!.id, account: { role: 'Admin' } });
    expect(e.account).toMatchObject({ userId: expect.any(Number), email: 'new.admin@cargo.test', role: 'Admin', enabled: true, lastLoginAt: null });
    expect(e.store).toEqual({ id: stores[0]!.id, code: stores[0]!.code, name: stores[0]!.name });
    const mail = await outboxFor('new.admin@cargo.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/\/auth\/confirm\?token=/);
    // Nobody knows the password: signing in fails until the link is used.
    const login = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, payload: { email: 'new.admin@cargo.test', password: 'Admin@12345' } });
    expect(login.statusCode).toBe(401);
    const [u] = await ctx.database.query<{ password_hash: string; full_name: string; employee_id: number }>('SELECT password_hash, full_name, employee_id FROM users WHERE id = $1', [e.account!.userId]);
    expect(u!.password_hash).toMatch(/^\$argon2id\$/);
    expect(u).toMatchObject({ full_name: e.fullName, employee_id: e.id });
  });

  it('takes the account e-mail from the form, else from the employee; needs one', async () => {
    const e = await create({ email: 'person@cargo.test', account: { email: 'login.person@cargo.test', enabled: false } });
    expect(e.account).toMatchObject({ email: 'login.person@cargo.test', role: 'Staff', enabled: false });
    expect(await outboxFor('login.person@cargo.test')).toHaveLength(0);
    const count = await employeeCount();
    const none = await ctx.request({ method: 'POST', url: '/api/employees', payload: { fullName: 'Không Email', phone: '0905123456', account: { role: 'Staff' } } });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'account.email', message: expect.any(String) }]);
    const taken = await ctx.request({ method: 'POST', url: '/api/employees', payload: { fullName: 'Trùng', phone: '0905123456', account: { email: 'STAFF@cargo.test' } } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].path).toBe('account.email');
    const store = await ctx.request({ method: 'POST', url: '/api/employees', payload: { fullName: 'Kho Lạ', phone: '0905123456', storeId: 99999 } });
    expect(store.statusCode).toBe(400);
    expect(store.json().details[0].path).toBe('storeId');
    expect(await employeeCount()).toBe(count);
  });

  it('validates the body', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/employees', payload: { fullName: '', phone: 'abc', status: 'retired', account: { role: 'Root' } } });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.fullName', 'body.phone', 'body.status', 'body.account.role']));
  });
});

describe('account lifecycle', () => {
  it('setting the employee inactive disables the account and ends their sessions at once', async () => {
    const e = await create({ email: 'leaver@cargo.test', account: { role: 'Admin' } });
    const token = await tokenOf(e);
    expect((await me(token)).statusCode).toBe(200);
    const before = await auditCount(e.id);
    const res = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' }, payload: { status: 'inactive' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'inactive', version: 2, account: { enabled: false } });
    expect(await auditCount(e.id)).toBe(before + 1);
    expect((await me(token)).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/customers', token })).statusCode).toBe(401);
    // Turning the account back on while the employee is inactive makes no sense.
    const on = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"2"' }, payload: { account: { enabled: true } } });
    expect(on.statusCode).toBe(409);
  });

  it('disabling only the account ends the sessions too; enabling it again lets new tokens in', async () => {
    const e = await create({ email: 'paused@cargo.test', account: {} });
    const token = await tokenOf(e);
    expect((await me(token)).statusCode).toBe(200);
    const off = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' }, payload: { account: { enabled: false } } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'active', version: 2, account: { enabled: false } });
    expect((await me(token)).statusCode).toBe(401);
    const on = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"2"' }, payload: { account: { enabled: true } } });
    expect(on.json().account.enabled).toBe(true);
    await new Promise((r) => setTimeout(r, 1100)); // a token from a later second than the revocation
    expect((await me(await tokenOf(on.json()))).statusCode).toBe(200);
  });

  it('a role change signs the person out so the next token carries the new role', async () => {
    const e = await create({ email: 'promoted@cargo.test', account: { role: 'Admin' } });
    const token = await tokenOf(e);
    expect((await ctx.request({ method: 'GET', url: '/api/customers?pageSize=1', token })).statusCode).toBe(200);
    const res = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' }, payload: { account: { role: 'Staff' } } });
    expect(res.json().account.role).toBe('Staff');
    expect((await ctx.request({ method: 'GET', url: '/api/customers?pageSize=1', token })).statusCode).toBe(401);
  });

  it('adds an account to an employee who had none, and keeps the account name in step', async () => {
    const e = await create({ email: 'later@cargo.test' });
    const res = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' }, payload: { account: { role: 'Staff' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, account: { email: 'later@cargo.test', role: 'Staff', enabled: true } });
    expect(await outboxFor('later@cargo.test')).toHaveLength(1);
    await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"2"' }, payload: { fullName: 'Tên Đã Đổi' } });
    const [u] = await ctx.database.query<{ full_name: string }>('SELECT full_name FROM users WHERE id = $1', [res.json().account.userId]);
    expect(u!.full_name).toBe('Tên Đã Đổi');
  });

  it('nobody can disable, demote, retire or delete their own account', async () => {
    const self = (await list('?role=Admin&sort=code')).items.find((e) => e.account!.email === 'admin@cargo.test')!;
    const etag = { 'if-match': `"${self.version}"` };
    for (const payload of [{ account: { enabled: false } }, { account: { role: 'Staff' } }, { status: 'inactive' }]) {
      const res = await ctx.request({ method: 'PATCH', url: `/api/employees/${self.id}`, headers: etag, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
    }
    expect((await ctx.request({ method: 'DELETE', url: `/api/employees/${self.id}`, headers: etag })).statusCode).toBe(409);
    expect((await get(self.id)).version).toBe(self.version);
  });

  it('a change made by another admin is recorded under their name', async () => {
    const second = await create({ email: 'second.admin@cargo.test', account: { role: 'Admin' } });
    const secondToken = await tokenOf(second);
    const staff = (await list('?role=Staff&sort=code')).items.find((e) => e.account!.email === 'staff@cargo.test')!;
    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/employees/${staff.id}`,
      token: secondToken,
      headers: { 'if-match': `"${staff.version}"` },
      payload: { position: 'Trưởng kho' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.query<{ actor_email: string }>(`SELECT actor_email FROM audit_log WHERE entity = 'employees' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, [String(staff.id)]);
    expect(row!.actor_email).toBe('second.admin@cargo.test');
  });
});

describe('send-reset-link', () => {
  it('e-mails a new link to an enabled account', async () => {
    const e = await create({ email: 'forgetful@cargo.test', account: {} });
    const res = await ctx.request({ method: 'POST', url: `/api/employees/${e.id}/send-reset-link` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('forgetful@cargo.test');
    expect(await outboxFor('forgetful@cargo.test')).toHaveLength(2);
  });

  it('409 without an account or with a disabled one, 404 for nobody', async () => {
    const none = await create();
    expect((await ctx.request({ method: 'POST', url: `/api/employees/${none.id}/send-reset-link` })).statusCode).toBe(409);
    const off = await create({ email: 'off@cargo.test', account: { enabled: false } });
    expect((await ctx.request({ method: 'POST', url: `/api/employees/${off.id}/send-reset-link` })).statusCode).toBe(409);
    expect((await ctx.request({ method: 'POST', url: '/api/employees/999999/send-reset-link' })).statusCode).toBe(404);
  });
});

describe('locking and delete', () => {
  it('428 without If-Match, 412 when stale with the current record, one audit row per change', async () => {
    const e = await create();
    expect((await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, payload: { position: 'Kế toán' } })).statusCode).toBe(428);
    const ok = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' }, payload: { position: 'Kế toán' } });
    expect(ok.headers.etag).toBe('"2"');
    const stale = await ctx.request({ method: 'PATCH', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' }, payload: { position: 'Giao nhận' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current).toMatchObject({ id: e.id, position: 'Kế toán', version: 2 });
    expect(await auditCount(e.id)).toBe(2);
  });

  it('soft-deletes: hidden, kept, account disabled and signed out', async () => {
    const e = await create({ email: 'gone@cargo.test', account: {} });
    const token = await tokenOf(e);
    const res = await ctx.request({ method: 'DELETE', url: `/api/employees/${e.id}`, headers: { 'if-match': '"1"' } });
    expect(res.statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/employees/${e.id}` })).statusCode).toBe(404);
    expect((await list(`?code=${e.code}`)).total).toBe(0);
    expect((await me(token)).statusCode).toBe(401);
    const [u] = await ctx.database.query<{ enabled: boolean }>('SELECT enabled FROM users WHERE id = $1', [e.account!.userId]);
    expect(u!.enabled).toBe(false);
    expect(await auditCount(e.id)).toBe(2);
  });
});

describe('export', () => {
  it('exports the filtered list as XLSX', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/employees/export?status=active&sort=code' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''Nh%C3%A2n%20vi%C3%AAn-");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const codes: unknown[] = [];
    wb.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(1).value);
    });
    const expected = await list('?status=active&sort=code&pageSize=200');
    expect(codes).toEqual(expected.items.map((e) => e.code));
  });
});

describe('stores', () => {
  it('lists stores for pickers, searches without accents, filters by kind, returns one with its ETag', async () => {
    const all = (await ctx.request({ method: 'GET', url: '/api/stores' })).json();
    expect(all.total).toBe(4);
    const hanoi = (await ctx.request({ method: 'GET', url: '/api/stores?q=ha%20noi' })).json();
    expect(hanoi.items.map((s: { code: string }) => s.code)).toEqual(['VN-HAN']);
    const origin = (await ctx.request({ method: 'GET', url: '/api/stores?kind=origin&sort=-code' })).json();
    expect(origin.items.map((s: { code: string }) => s.code)).toEqual(['US-OR', 'JP-TYO']);
    const one = await ctx.request({ method: 'GET', url: `/api/stores/${hanoi.items[0].id}` });
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).toBe('"1"');
    expect(one.json()).toMatchObject({ code: 'VN-HAN', kind: 'hub', name: 'Kho Hà Nội' });
    expect((await ctx.request({ method: 'GET', url: '/api/stores/9999' })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/stores?kind=moon' })).statusCode).toBe(400);
    // Stores are created from the settings section now (stores.test.ts): an empty body is refused by validation.
    expect((await ctx.request({ method: 'POST', url: '/api/stores', payload: {} })).statusCode).toBe(400);
  });
});
