import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BankTransaction, BankTransactionList } from '../src/shared/contracts/bank-transactions';
import type { Customer } from '../src/shared/contracts/customers';
import type { DeliverySlip } from '../src/shared/contracts/delivery-slips';
import type { TransactionList } from '../src/shared/contracts/transactions';
import { makeAwb } from '../src/shared/domain/awb';
import { ROOT } from '../src/server/paths';
import { axeViolations, describeViolations } from './support/axe';
import { describeE2E } from './support/e2e';
import { openSuite, SCHEMES, serious, SIZES, type Suite } from './support/suite';

/**
 * Money arriving by itself, through the real UI on the built server: a slip is printed, its VietQR memo is sent by
 * the real `npm run bank:simulate` (a SePay webhook signed with the key saved in Settings), and the open slip
 * screen turns paid by itself, without a reload, within 5 s. Then a transfer whose memo names nothing is matched by
 * hand on /transaction/bank to a customer and shows in that customer's ledger. Each run makes its own records.
 */

let suite: Suite;
const TAG = Date.now().toString(36).slice(-6).toUpperCase();
let serial = Number.parseInt(TAG, 36) % 9_000_000;
/** The SePay key of this run, saved through the Settings API (the server is started without one in its env). */
const SEPAY_KEY = `e2e-${randomBytes(12).toString('hex')}`;

const call = <T>(method: string, path: string, body?: unknown) => suite.api<T>(path, { method, body: body ? JSON.stringify(body) : undefined });
const vnd = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}\u00a0₫`;

/** EMVCo tag-length-value fields of a VietQR payload: the memo is field 08 inside field 62. */
function tlv(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 4 <= payload.length; ) {
    const tag = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out.set(tag, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/** `npm run bank:simulate -- …` as a user would type it, against this run's console; its exit code and output. */
function simulate(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'bank:simulate', '--', '--provider', 'sepay', '--url', suite.baseUrl, ...args], {
      cwd: ROOT,
      env: { ...process.env, SEPAY_WEBHOOK_KEY: SEPAY_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function storeId(code: string): Promise<number> {
  const stores = await call<{ items: Array<{ id: number; code: string }> }>('GET', '/api/stores?pageSize=100');
  return stores.items.find((s) => s.code === code)!.id;
}

/** One parcel of the customer brought to ready at the SGN hub (receive → MAWB → hub). */
async function readyParcel(customerCode: string): Promise<string> {
  const trackingNumber = `E2B${TAG}${serial % 10}`;
  await call('POST', '/api/packages/receive', { storeId: await storeId('US-OR'), trackingNumber, weightG: 1800, lengthMm: 300, widthMm: 200, heightMm: 100, customerCode, destinationStoreId: await storeId('VN-SGN'), contents: 'shoes' });
  const mawb = await call<{ id: number }>('POST', '/api/mawbs', { awbNumber: makeAwb('695', 7_000_000 + (serial++ % 999_999)), origin: 'LAX', destination: 'SGN' });
  await call('POST', `/api/mawbs/${mawb.id}/packages`, { trackingNumbers: [trackingNumber] });
  for (const status of ['booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub']) await call('POST', `/api/mawbs/${mawb.id}/status`, { status, ...(status === 'departed' ? { flightNo: 'BR25' } : {}) });
  return trackingNumber;
}

async function newCustomer(name: string): Promise<Customer> {
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return call<Customer>('POST', '/api/customers', { fullName: name, phone, province: 'TP. Hồ Chí Minh' });
}

describeE2E('bank transfers', () => {
  beforeAll(async () => {
    suite = await openSuite();
    await call('PUT', '/api/bank-transactions/settings', { sepayKey: SEPAY_KEY });
  });
  afterAll(() => suite?.close());

  it('a printed slip paid by bank:simulate with its VietQR memo shows paid on its open screen within 5 s, without a reload', async () => {
    const customer = await newCustomer(`Chuyển Khoản ${TAG}`);
    const draft = await call<DeliverySlip>('POST', '/api/delivery-slips', { customerId: customer.id, trackingNumbers: [await readyParcel(customer.code)] });
    const slip = await call<DeliverySlip>('POST', `/api/delivery-slips/${draft.id}/status`, { status: 'ready' });
    expect(slip.amountToCollect).toBeGreaterThan(0);

    const { ctx, page, errors } = await suite.signedInPage();
    // Printed: the VietQR asks for the amount to collect with the slip's payment code as its memo, also written out.
    await page.goto(`${suite.baseUrl}/deliveryslip/print-coupons?ids=${slip.id}`);
    await page.getByTestId('printed-slip').waitFor();
    const qr = tlv((await page.getByTestId('slip-vietqr').getAttribute('data-value'))!);
    const memo = tlv(qr.get('62')!).get('08')!;
    expect(memo).toBe(slip.code.replace('-', ''));
    expect(Number(qr.get('54'))).toBe(slip.amountToCollect);
    expect(await page.getByTestId('slip-transfer-memo').innerText()).toContain(memo);

    // The slip's screen, open at the counter.
    await page.goto(`${suite.baseUrl}/deliveryslip/${slip.id}`);
    await page.getByTestId('slip-to-collect').waitFor();
    expect(await page.getByTestId('slip-paid-badge').count()).toBe(0);
    let loads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) loads++;
    });

    // The customer pays by scanning it: SePay tells the console (the real script, the key from its environment).
    const sent = await simulate(['--amount', String(slip.amountToCollect), '--memo', memo]);
    expect(sent.output).toContain('200 {"success":true}');
    expect(sent.code).toBe(0);
    const answered = Date.now();
    await page.getByTestId('slip-paid-badge').waitFor({ timeout: 5_000 });
    expect(Date.now() - answered).toBeLessThanOrEqual(5_000);
    expect(loads).toBe(0);
    expect(await page.getByTestId('slip-paid-by-transfer').innerText()).toContain(vnd(slip.amountToCollect));
    expect(await page.getByTestId('slip-left-to-collect').innerText()).toContain(vnd(0));

    // Once: the ledger has the slip's collection, and the same delivery again changes nothing.
    const rows = await call<TransactionList>('GET', `/api/transactions?customerId=${customer.id}`);
    expect(rows.items.map((r) => [r.type, r.amount, r.method])).toEqual([['collection', slip.amountToCollect, 'bank_transfer']]);
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('an unmatched transfer matched by hand on /transaction/bank to a customer appears in their ledger', async () => {
    const customer = await newCustomer(`Ghép Tay ${TAG}`);
    const amount = 275_000;
    const memo = `chuyen tien ${TAG} cam on`;
    const sent = await simulate(['--amount', String(amount), '--memo', memo]);
    expect(sent.code).toBe(0);
    const listed = await call<BankTransactionList>('GET', `/api/bank-transactions?q=${encodeURIComponent(TAG)}`);
    expect(listed.items.map((r: BankTransaction) => [r.state, r.reason, r.amount])).toEqual([['unmatched', 'no_code', amount]]);

    const { ctx, page, errors } = await suite.signedInPage();
    await page.goto(`${suite.baseUrl}/transaction/bank?state=unmatched`);
    await page.getByRole('grid').waitFor();
    await page.getByText(memo).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('bank-memo').getByText(memo).waitFor();
    await dialog.getByLabel('Ghép với').selectOption('customer');
    // Found by the customer's phone, as a clerk would when the memo names a person.
    await dialog.getByRole('combobox', { name: /Khách hàng/ }).fill(customer.phone);
    await page.getByRole('option', { name: new RegExp(customer.code) }).click();
    await dialog.getByRole('button', { name: 'Ghép', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(async () => (await call<BankTransactionList>('GET', `/api/bank-transactions?q=${encodeURIComponent(TAG)}`)).items[0]!.state).toBe('matched');
    const rows = await call<TransactionList>('GET', `/api/transactions?customerId=${customer.id}`);
    expect(rows.items.map((r) => [r.type, r.amount, r.method])).toEqual([['deposit', amount, 'bank_transfer']]);
    // The customer's ledger on screen shows the top-up with the transfer's memo.
    await page.goto(`${suite.baseUrl}/transaction?customerId=${customer.id}`);
    // The totals above the list show the amount first; the row itself (its type) comes with the page of rows.
    await expect.poll(() => page.locator('main').innerText()).toContain(vnd(amount));
    await expect.poll(() => page.locator('main').innerText()).toContain('Nạp tiền');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('the bank transfers screen and Settings › Ngân hàng pass axe (WCAG 2.1 AA), desktop and phone, light and dark', async () => {
    const problems: string[] = [];
    for (const [size, viewport] of SIZES) {
      for (const colorScheme of SCHEMES) {
        const { ctx, page, errors } = await suite.signedInPage({ viewport, colorScheme });
        for (const path of ['/transaction/bank?amountMin=100000', '/setting/bank']) {
          await page.goto(suite.baseUrl + path);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          const found = await axeViolations(page);
          if (found.length) problems.push(`${path} — ${size} ${colorScheme}\n${describeViolations(found)}`);
        }
        expect(serious(errors)).toEqual([]);
        await ctx.close();
      }
    }
    expect(problems.join('\n\n')).toBe('');
  });
});
