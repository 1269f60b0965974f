import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mawb, MawbEventList } from '../src/shared/contracts/mawbs';
import type { EventList, Package, PackageList } from '../src/shared/contracts/packages';
import { awbCheckDigit, makeAwb } from '../src/shared/domain/awb';
import { screenshot } from './support/browser';
import { describeE2E } from './support/e2e';
import { openSuite, serious, shootAll, SHOOT_ALL_TIMEOUT, type PageOptions, type Suite } from './support/suite';

/**
 * Master air waybills through the real UI on the seeded server: create a MAWB (its number checked digit by digit,
 * two flight legs), scan 10 packages received abroad onto it the way a barcode gun types them, move it through
 * booked and manifested to departed, and find `departed` (DEP) in the packages' own timelines; then the A4
 * manifest, the edit screen, and every screen in light and dark on a desktop and a phone.
 */

let suite: Suite;

/** A serial no seeded MAWB uses (the seed numbers its stock from low serials), different on every run. */
const SERIAL = 9_000_000 + (Date.now() % 999_999);
const AWB = makeAwb('618', SERIAL);
/** The same number with a wrong last digit, as someone might mistype it. */
const WRONG = `618-${String(SERIAL).padStart(7, '0')}${(awbCheckDigit(SERIAL) + 1) % 7}`;

let parcels: Package[] = [];
let mawbId = 0;

const api = <T>(path: string) => suite.api<T>(path);

const signedInPage = (opts?: PageOptions) => suite.signedInPage(opts);

/** Clicks a next-step button, confirms in the dialog, and waits for the MAWB to show its new status. */
async function move(page: Page, to: Mawb['status'], action: string, statusLabel: string) {
  await page.getByTestId(`move-${to}`).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${action} cho MAWB ${AWB}`) });
  await dialog.waitFor();
  // The legs are dated years ahead: departing now is far from the ETD, and the dialog asks for a tick.
  if (to === 'departed') await dialog.getByTestId('step-far').getByRole('checkbox').check();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
  await page.locator('h1').getByText(statusLabel, { exact: true }).waitFor({ timeout: 20_000 });
  expect((await api<Mawb>(`/api/mawbs/${mawbId}`)).status).toBe(to);
}

describeE2E('MAWB: create, scan packages on, move to departed, manifest', () => {
  beforeAll(async () => {
    suite = await openSuite();
    // 10 parcels received at the US warehouse and on no MAWB yet: what a new MAWB out of LAX takes (a parcel
    // received in another country may not go on it).
    const us = (await api<{ items: Array<{ id: number; country: string }> }>('/api/stores?kind=origin')).items.find((s) => s.country === 'US')!;
    parcels = (await api<PackageList>(`/api/packages?status=received_abroad&onMawb=false&storeId=${us.id}&pageSize=10&sort=code`)).items;
    expect(parcels).toHaveLength(10);
  });

  afterAll(() => suite?.close());

  it('creates a MAWB, scans 10 packages onto it, moves it to departed; the packages read departed (DEP)', async () => {
    const { ctx, page, errors } = await signedInPage();
    await page.goto(`${suite.baseUrl}/mawb`);
    await page.getByRole('grid', { name: 'Danh sách vận đơn chủ' }).waitFor();
    await page.getByTestId('dt-range').waitFor();
    await page.getByRole('link', { name: 'Tạo MAWB' }).click();
    await page.waitForURL(/\/mawb\/create$/);

    // The number is checked as it is typed, and the airline named from its prefix.
    const awb = page.getByTestId('awb-input');
    await awb.click();
    await page.keyboard.type(WRONG);
    expect(await page.getByTestId('awb-airline').innerText()).toContain('Singapore Airlines');
    expect(await page.getByTestId('awb-live').innerText()).toBe(`Số kiểm tra không đúng: chữ số cuối phải là ${awbCheckDigit(SERIAL)}`);
    await screenshot(page, 'mawb-create-check-digit-desktop-light');
    await awb.fill(AWB.replace('-', ' '));
    expect(await page.getByTestId('awb-live').innerText()).toBe(`${AWB} hợp lệ`);

    await page.getByLabel(/^Điểm đi/).selectOption('LAX');
    await page.getByLabel(/^Điểm đến/).selectOption('SGN');
    await page.getByTestId('add-leg').click();
    const leg1 = page.getByTestId('leg-0');
    expect(await leg1.getByLabel(/^Số hiệu chuyến/).inputValue()).toBe('SQ');
    await leg1.getByLabel(/^Số hiệu chuyến/).fill('SQ 37');
    await leg1.getByLabel(/^Đến/).selectOption('SIN');
    await leg1.getByLabel(/^ETD/).fill('02/05/2030 23:30');
    await leg1.getByLabel(/^ETA/).fill('04/05/2030 06:15');
    await page.getByTestId('add-leg').click();
    const leg2 = page.getByTestId('leg-1');
    expect(await leg2.getByLabel(/^Từ/).inputValue()).toBe('SIN');
    await leg2.getByLabel(/^Số hiệu chuyến/).fill('SQ176');
    await leg2.getByLabel(/^ETD/).fill('04/05/2030 09:40');
    await leg2.getByLabel(/^ETA/).fill('04/05/2030 11:05');
    await page.getByLabel(/^Ghi chú/).fill('MAWB e2e');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'mawb-create-desktop-light');
    await page.getByRole('button', { name: 'Tạo MAWB' }).click();
    await page.waitForURL(/\/mawb\/\d+$/);
    mawbId = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await api<Mawb>(`/api/mawbs/${mawbId}`);
    expect(created).toMatchObject({ awbNumber: AWB, airlinePrefix: '618', airlineName: 'Singapore Airlines', origin: 'LAX', destination: 'SGN', flights: 'SQ37 / SQ176', status: 'draft', pieces: 0 });
    // Typed in Vietnamese time (GMT+7).
    expect(created.etd).toBe('2030-05-02T16:30:00.000Z');
    expect(created.eta).toBe('2030-05-04T04:05:00.000Z');

    // Scan, with the focus already in the box: first a gun that sends each number in one burst and no Enter (taken
    // after the short pause), then one that ends each burst with Enter. (Key-by-key typing is covered by the scan
    // panel's component tests; here a loaded CI machine could stall the keyboard mid-number.)
    const scan = page.getByTestId('scan-box');
    await scan.waitFor();
    expect(await scan.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < parcels.length; i++) {
      const number = parcels[i]!.trackingNumber.toLowerCase();
      if (i < 5) await page.keyboard.insertText(number);
      else {
        await page.keyboard.insertText(number);
        await page.keyboard.press('Enter');
      }
      // The box empties as soon as the scan is taken: the gun may fire again.
      await expect.poll(() => scan.inputValue(), { timeout: 5_000 }).toBe('');
    }
    const lines = page.getByTestId('scan-line');
    await expect.poll(() => page.locator('[data-testid="scan-line"][data-outcome="added"]').count(), { timeout: 30_000 }).toBe(10);
    // One number twice, and one nobody knows: each says so on its own line.
    await page.keyboard.type(parcels[0]!.trackingNumber, { delay: 4 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('E2ENOPE0001', { delay: 4 });
    await page.keyboard.press('Enter');
    await expect.poll(() => lines.first().getAttribute('data-outcome'), { timeout: 15_000 }).toBe('not_found');
    expect(await lines.nth(1).getAttribute('data-outcome')).toBe('already');
    await expect.poll(() => page.getByTestId('mawb-pieces').innerText()).toBe('10');
    const grid = page.getByRole('grid', { name: `Kiện hàng trên MAWB ${AWB}` });
    await expect.poll(() => grid.getByRole('row').count(), { timeout: 15_000 }).toBe(11);
    const onIt = await api<Mawb>(`/api/mawbs/${mawbId}`);
    expect(onIt.pieces).toBe(10);
    expect(onIt.grossWeightG).toBe(parcels.reduce((s, p) => s + (p.weightG ?? 0), 0));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'mawb-scan-desktop-light');

    // Manifesting takes the MAWB through its allowed steps only: departed is not offered from draft.
    expect(await page.getByTestId('move-departed').count()).toBe(0);
    await move(page, 'booked', 'Đặt chỗ', 'Đã đặt chỗ');
    await move(page, 'manifested', 'Lập manifest', 'Đã lập manifest');
    // From manifested on, the package list is closed.
    expect(await page.getByTestId('scan-box').count()).toBe(0);
    await move(page, 'departed', 'Cất cánh', 'Đã cất cánh');
    const departed = await api<Mawb>(`/api/mawbs/${mawbId}`);
    expect(departed.atd).not.toBeNull();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'mawb-detail-desktop-light');

    // The MAWB's own timeline: created, packages added, then each move with its FSU code.
    await page.getByRole('tab', { name: 'Hành trình' }).click();
    const timeline = page.getByTestId('mawb-timeline');
    await timeline.waitFor();
    const top = await page.getByTestId('mawb-timeline-item').first().innerText();
    expect(top).toContain('Đã lập manifest → Đã cất cánh');
    expect(top).toContain('DEP');
    expect(top).toContain('Đã ghi sự kiện cho 10 kiện');
    const events = (await api<MawbEventList>(`/api/mawbs/${mawbId}/events`)).items;
    expect(events.map((e) => e.toStatus).filter(Boolean).slice(0, 3)).toEqual(['departed', 'manifested', 'booked']);
    await screenshot(page, 'mawb-timeline-desktop-light');

    // Every package on it is departed, with a DEP event.
    for (const p of parcels) {
      const after = await api<Package>(`/api/packages/${p.id}`);
      expect(after.status).toBe('departed');
      expect(after.mawbId).toBe(mawbId);
      const newest = (await api<EventList>(`/api/packages/${p.id}/events`)).items[0]!;
      expect([newest.code, newest.iataCode]).toEqual(['departed', 'DEP']);
    }
    // And the package's own screen reads it: open one from the MAWB's list.
    await page.getByRole('tab', { name: /Kiện hàng/ }).click();
    await grid.getByRole('link', { name: parcels[3]!.code }).click();
    await page.waitForURL(new RegExp(`/tracking/${parcels[3]!.id}$`));
    const journey = page.getByTestId('timeline-item');
    await journey.first().waitFor({ timeout: 15_000 });
    const newest = await journey.first().innerText();
    expect(newest).toContain('Đã cất cánh');
    expect(newest).toContain('DEP');
    expect(await page.getByTestId('timeline').innerText()).toContain('Đã đóng MAWB');
    await screenshot(page, 'mawb-package-journey-desktop-light');

    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('prints the A4 manifest: every package with its codes and weights, the totals, one A4 page', async () => {
    const { ctx, page, errors } = await signedInPage();
    await page.goto(`${suite.baseUrl}/mawb/${mawbId}`);
    await page.getByRole('link', { name: 'In manifest' }).click();
    await page.waitForURL(new RegExp(`/mawb/${mawbId}/manifest$`));
    const sheet = page.getByTestId('manifest-sheet');
    await sheet.waitFor();
    expect(await page.getByTestId('manifest-awb').innerText()).toBe(AWB);
    const rows = page.getByTestId('manifest-row');
    await expect.poll(() => rows.count()).toBe(10);
    // The second cell holds the tracking number, with the package code under it.
    const listed = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]!.querySelector('div')!.textContent));
    expect([...listed].sort()).toEqual(parcels.map((p) => p.trackingNumber).sort());
    expect(await page.getByTestId('manifest-totals').innerText()).toContain('Tổng cộng: 10 kiện');
    // Phone numbers and customer codes are printed whole: one line box each (it printed "KH0002" over "00").
    const pieces = page.locator('[data-testid="manifest-phone"], [data-testid="manifest-customer-code"]');
    expect(await pieces.count()).toBeGreaterThan(0);
    expect(await pieces.evaluateAll((els) => els.filter((el) => el.getClientRects().length > 1).map((el) => el.textContent))).toEqual([]);
    const box = (await sheet.boundingBox())!;
    // 210 mm at 96 dpi.
    expect(Math.round(box.width)).toBe(794);
    await screenshot(page, 'mawb-manifest-desktop-light');

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.page-header').first().isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await screenshot(page, 'mawb-manifest-print');
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    expect((pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
    const size = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!;
    // A4 in PDF points.
    expect([Math.round(Number(size[1])), Math.round(Number(size[2]))]).toEqual([595, 842]);
    await page.emulateMedia({ media: 'screen' });
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('edits what may still change once departed: the note, not the number or the route', async () => {
    const { ctx, page, errors } = await signedInPage();
    await page.goto(`${suite.baseUrl}/mawb/edit/${mawbId}`);
    await page.getByTestId('awb-input').waitFor();
    expect(await page.getByTestId('awb-input').isDisabled()).toBe(true);
    expect(await page.getByLabel(/^Điểm đi/).isDisabled()).toBe(true);
    await page.getByLabel(/^Ghi chú/).fill('Hàng dễ vỡ, xếp trên cùng');
    await screenshot(page, 'mawb-edit-desktop-light');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.waitForURL(new RegExp(`/mawb/${mawbId}$`));
    await page.getByText('Hàng dễ vỡ, xếp trên cùng').waitFor();
    expect((await api<Mawb>(`/api/mawbs/${mawbId}`)).note).toBe('Hàng dễ vỡ, xếp trên cùng');
    await page.getByRole('tab', { name: /Lịch sử/ }).click();
    await page.getByText('Hàng dễ vỡ, xếp trên cùng').nth(1).waitFor();
    await screenshot(page, 'mawb-history-desktop-light');
    expect(serious(errors)).toEqual([]);
    await ctx.close();
  });

  it('screens in light and dark, on a desktop and a phone', async () => {
    const draft = (await api<{ items: Mawb[] }>('/api/mawbs?status=draft&pageSize=1')).items[0];
    const screens: [string, string][] = [
      ['list', '/mawb'],
      ['create', '/mawb/create'],
      ['detail', `/mawb/${mawbId}`],
      ['legs', `/mawb/${mawbId}?tab=legs`],
      ['timeline', `/mawb/${mawbId}?tab=timeline`],
      ['edit', `/mawb/edit/${mawbId}`],
      ['manifest', `/mawb/${mawbId}/manifest`],
      ...(draft ? ([['draft', `/mawb/${draft.id}`]] as [string, string][]) : []),
    ];
    await shootAll(suite, 'mawb', screens);
  }, SHOOT_ALL_TIMEOUT);
});
