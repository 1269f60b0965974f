import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import type { FreightResponse, Package } from '../../../shared/contracts/packages';
import type { QuoteResponse, Setting, SettingList } from '../../../shared/contracts/settings';
import { useTestContext } from '../../test/harness';
import { slipHelpers, type ParcelMeasures } from './test-support';

/**
 * The cross-check of issue 27 over GENERATED price lists: random lines (kg or lb, steps of 0.1 / 0.5 / 1 of the
 * unit, weight brackets, minimum charges, surcharges per package and per unit, insurance, every currency at a
 * generated exchange rate) are written through the settings API, random parcels (1 g – 70 kg, measured or not)
 * are received, moved to a hub and put on a slip (slip surcharges, a discount, pickup or courier, a wallet top-up), and every figure
 * the API gives — the stored chargeable weight, the package estimate, the price calculator, the slip line and its
 * basis, the slip totals, the slip as read back for printing, the confirmation's ledger rows and the dashboard's
 * revenue — must equal the expectation computed HERE from the generated list, in BigInt, without the code under
 * test (no quoteFreight, billableWeight or parcelFigures): to the đồng, with the weight rounded once, in the unit
 * it is billed in.
 *
 * Isolation: each run creates its own origin warehouse (in Korea, which no seeded list serves) and a price list
 * whose only line is for that warehouse, so the list in force for the parcels is the generated one whatever the
 * customer's group. Exchange rates are one version per currency per day (the settings API refuses a second one),
 * so the four rates are generated once per execution and written as today's rates; each run picks its currency.
 */

const ctx = useTestContext();
const h = slipHelpers(() => ctx);
const today = () => businessDate(Date.now());

// ---- the expectation, independently -------------------------------------------------------------------------

type Unit = 'kg' | 'lb';
type Cur = 'VND' | 'USD' | 'EUR' | 'JPY' | 'KRW';
const MINOR_DIGITS: Record<Cur, bigint> = { VND: 0n, USD: 2n, EUR: 2n, JPY: 0n, KRW: 0n };
/** Grams per unit × 10⁵: the international pound is exactly 453.59237 g. */
const G_E5: Record<Unit, bigint> = { kg: 100_000_000n, lb: 45_359_237n };
const ceilDiv = (n: bigint, d: bigint) => (n + d - 1n) / d;
/** n / d to the nearest integer, a half up (n ≥ 0). */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

interface GenLine {
  unit: Unit;
  currency: Cur;
  stepMilli: number;
  minimum: number;
  brackets: Array<{ fromMilli: number; rate: number }>;
  surcharges: Array<{ label: string; mode: 'per_package' | 'per_unit'; amount: number }>;
  insuranceBps: number;
}

/** Grams as the receiving scale and tape give them → the grams billed from: the larger of gross and volumetric. */
function expectedChargeableG(m: ParcelMeasures, divisor: number): number {
  if (m.lengthMm === undefined || m.widthMm === undefined || m.heightMm === undefined) return m.weightG;
  const volumetric = ceilDiv(BigInt(m.lengthMm) * BigInt(m.widthMm) * BigInt(m.heightMm), BigInt(divisor));
  return Number(volumetric > BigInt(m.weightG) ? volumetric : BigInt(m.weightG));
}

interface Expected {
  exactMilli: number;
  billedMilli: number;
  bracketRate: number;
  weightBreakMilli: number | null;
  minimumApplied: boolean;
  freight: number;
  surcharges: number[];
  /** freight + surcharges: what the slip line and the estimate charge. */
  amount: number;
  /** The insurance line when the line offers insurance and a value is declared (it may round to 0 đ), else null. */
  insurance: number | null;
}

function expectedQuote(line: GenLine, rateX100: bigint, grams: number, declared: number): Expected {
  const per = G_E5[line.unit];
  const step = BigInt(line.stepMilli);
  // Thousandths of the unit: grams × 1000 / (grams per unit) = grams × 10⁸ / (grams per unit × 10⁵).
  const milliNum = BigInt(grams) * 100_000_000n;
  const exactMilli = ceilDiv(milliNum, per);
  // ONE rounding, straight from the grams to the step in the billed unit.
  const billedMilli = ceilDiv(milliNum, per * step) * step;
  const toDong = (minorTimesMilli: bigint) => halfUp(minorTimesMilli * rateX100, 100n * 10n ** MINOR_DIGITS[line.currency] * 1000n);
  let idx = 0;
  line.brackets.forEach((b, i) => {
    if (BigInt(b.fromMilli) <= billedMilli) idx = i;
  });
  let charge = billedMilli * BigInt(line.brackets[idx]!.rate);
  let weightBreakMilli: number | null = null;
  for (const b of line.brackets.slice(idx + 1)) {
    const alt = BigInt(b.fromMilli) * BigInt(b.rate);
    if (alt < charge) {
      charge = alt;
      weightBreakMilli = b.fromMilli;
    }
  }
  const before = toDong(charge);
  const minimum = toDong(BigInt(line.minimum) * 1000n);
  const freight = before < minimum ? minimum : before;
  const surcharges = line.surcharges.map((s) => Number(toDong(BigInt(s.amount) * (s.mode === 'per_package' ? 1000n : billedMilli))));
  const insurance = line.insuranceBps > 0 && declared > 0 ? Number(halfUp(BigInt(declared) * BigInt(line.insuranceBps), 10_000n)) : null;
  return {
    exactMilli: Number(exactMilli),
    billedMilli: Number(billedMilli),
    bracketRate: line.brackets[idx]!.rate,
    weightBreakMilli,
    minimumApplied: before < minimum,
    freight: Number(freight),
    surcharges,
    amount: Number(freight) + surcharges.reduce((a, b) => a + b, 0),
    insurance,
  };
}

/** Thousandths written plainly, as the calculator's unitsBilled: 2650 → "2.65", 3000 → "3". */
const plainMilli = (milli: number) => {
  const frac = String(milli % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${Math.floor(milli / 1000)}${frac ? `.${frac}` : ''}`;
};

// ---- generators ---------------------------------------------------------------------------------------------

/** Minor units per unit of each currency, in a plausible range (đồng, cents, yen, won). */
const RATE_RANGE: Record<Cur, [number, number]> = { VND: [20_000, 400_000], USD: [100, 2_500], EUR: [100, 2_500], JPY: [100, 4_000], KRW: [1_000, 30_000] };
/** đồng per unit × 100 of each foreign currency. */
const FX_RANGE: Record<Exclude<Cur, 'VND'>, [number, number]> = { USD: [2_000_000, 3_000_000], EUR: [2_500_000, 3_300_000], JPY: [14_000, 20_000], KRW: [1_500, 2_300] };

const lineArb: fc.Arbitrary<GenLine> = fc
  .record({
    unit: fc.constantFrom<Unit>('kg', 'lb'),
    currency: fc.constantFrom<Cur>('VND', 'USD', 'EUR', 'JPY', 'KRW'),
    stepMilli: fc.constantFrom(100, 500, 1000),
    starts: fc.uniqueArray(fc.integer({ min: 1, max: 160_000 }), { maxLength: 3 }),
    rates: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
    minimumShare: fc.option(fc.integer({ min: 1, max: 40 })),
    surcharges: fc.array(fc.record({ mode: fc.constantFrom<'per_package' | 'per_unit'>('per_package', 'per_unit'), share: fc.integer({ min: 0, max: 30 }) }), { maxLength: 2 }),
    insuranceBps: fc.constantFrom(0, 150, 300, 777),
  })
  .map(({ unit, currency, stepMilli, starts, rates, minimumShare, surcharges, insuranceBps }) => {
    const [lo, hi] = RATE_RANGE[currency];
    const rateOf = (x: number) => lo + Math.floor(x * (hi - lo));
    const froms = [0, ...[...starts].sort((a, b) => a - b)];
    const brackets = froms.map((fromMilli, i) => ({ fromMilli, rate: rateOf(rates[i]!) }));
    const base = brackets[0]!.rate;
    return {
      unit,
      currency,
      stepMilli,
      // A minimum of up to 40 units' worth at the first bracket's rate (none when null).
      minimum: minimumShare === null ? 0 : Math.floor((base * minimumShare) / 10),
      brackets,
      surcharges: surcharges.map((s, i) => ({ label: `Phụ phí ${i + 1}`, mode: s.mode, amount: Math.floor((base * s.share) / 100) })),
      insuranceBps,
    };
  });

/** 1 g – 70 kg, with all three sizes or none (receiving refuses a partial set). */
const parcelArb: fc.Arbitrary<ParcelMeasures> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 70_000 }), fc.constantFrom(1, 453, 454, 500, 1200, 69_999, 70_000)),
    fc.option(fc.record({ lengthMm: fc.integer({ min: 10, max: 1200 }), widthMm: fc.integer({ min: 10, max: 800 }), heightMm: fc.integer({ min: 10, max: 800 }) })),
  )
  .map(([weightG, dims]) => ({ weightG, ...dims }));

const slipExtrasArb = fc.record({
  group: fc.constantFrom('retail', 'wholesale', 'vip'),
  /** The list is the customer group's own or the default one. */
  ownGroup: fc.boolean(),
  method: fc.constantFrom('pickup', 'courier'),
  domesticFee: fc.integer({ min: 0, max: 80_000 }),
  slipSurcharges: fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 2 }),
  discount: fc.oneof(
    fc.constant(null),
    fc.record({ kind: fc.constant('percent' as const), bps: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({ kind: fc.constant('amount' as const), permille: fc.integer({ min: 0, max: 1000 }) }),
  ),
  declaredValue: fc.integer({ min: 0, max: 50_000_000 }),
  /** A wallet top-up before the slip, as thousandths of the slip's total (above 1000: more than the slip costs). */
  walletPermille: fc.option(fc.integer({ min: 1, max: 1500 })),
});

// ---- the API ------------------------------------------------------------------------------------------------

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}


/** Today's rate of each foreign currency, đồng per unit × 100, as the settings API keeps it. */
const fx = new Map<Cur, bigint>([['VND', 100n]]);

async function setTodaysRates(): Promise<void> {
  const generated = fc.sample(fc.noBias(fc.record(Object.fromEntries(Object.entries(FX_RANGE).map(([c, [lo, hi]]) => [c, fc.integer({ min: lo, max: hi })])) as Record<string, fc.Arbitrary<number>>)), 1)[0]!;
  for (const [currency, x100] of Object.entries(generated)) {
    // The wire form written by hand ("25400.50": two decimals, which the API shortens).
    const text = `${Math.floor(x100 / 100)}.${String(x100 % 100).padStart(2, '0')}`;
    const res = await ctx.request({ method: 'POST', url: '/api/settings', payload: { kind: 'exchange_rate', key: currency, value: { rate: text }, effectiveFrom: today() } });
    if (res.statusCode === 201) {
      fx.set(currency as Cur, BigInt(x100));
      continue;
    }
    // The seed writes a rate on the first day of each month: on that day today's rate is the seed's.
    expect(res.statusCode, res.body).toBe(409);
    const current = await ok<SettingList>(await ctx.request({ method: 'GET', url: `/api/settings?kind=exchange_rate&key=${currency}&status=current` }));
    const rate = (current.items[0]!.value as { rate: string }).rate;
    const [whole, frac = ''] = rate.split('.');
    fx.set(currency as Cur, BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0')));
  }
  console.info(`generated exchange rates (đồng × 100): ${[...fx].map(([c, r]) => `${c} ${r}`).join(', ')}`);
}

let run = 0;

describe('the cross-check over generated price lists', () => {
  it('calculator, estimate, slip line, slip totals, the slip as printed, ledger and dashboard agree to the đồng; the weight is rounded once, in its unit', async () => {
    await setTodaysRates();
    const divisor = Number((await h.q<{ v: unknown }>(`SELECT value AS v FROM settings WHERE kind = 'shipping' AND key = 'volumetric_divisor' AND deleted_at IS NULL ORDER BY effective_from DESC, id DESC LIMIT 1`))[0]!.v);
    expect(Number.isSafeInteger(divisor) && divisor > 0).toBe(true);
    const hub = await h.storeId('VN-SGN');

    await fc.assert(
      fc.asyncProperty(lineArb, fc.array(parcelArb, { minLength: 1, maxLength: 3 }), slipExtrasArb, async (line, measures, extras) => {
        run += 1;
        // A warehouse of its own, and a list whose only line is for it.
        const storeCode = `PL-${randomUUID().slice(0, 8).toUpperCase()}`;
        const store = await ok<{ id: number }>(await ctx.request({ method: 'POST', url: '/api/stores', payload: { code: storeCode, name: `Kho thử ${run}`, country: 'KR', kind: 'origin' } }), 201);
        const listGroup = extras.ownGroup ? extras.group : null;
        const listName = `Bảng giá sinh ${run}`;
        const list = await ok<Setting>(
          await ctx.request({
            method: 'POST',
            url: '/api/settings',
            payload: {
              kind: 'price_list',
              key: `gen-${randomUUID().slice(0, 8)}`,
              effectiveFrom: today(),
              value: { name: listName, group: listGroup, lines: [{ originStoreId: store.id, destinationStoreId: hub, ...line }] },
            },
          }),
          201,
        );
        const rateX100 = fx.get(line.currency)!;

        const c = await h.newCustomer({ group: extras.group });
        const ids = await h.readyParcels(c.code, measures.length, 'VN-SGN', { origin: storeCode, measures, airport: 'ICN' });
        const estimates = new Map((await ok<FreightResponse>(await ctx.request({ method: 'GET', url: `/api/packages/freight?ids=${ids.join(',')}` }))).items.map((e) => [e.id, e]));

        const expectedLines: Expected[] = [];
        for (const [i, id] of ids.entries()) {
          const m = measures[i]!;
          const grams = expectedChargeableG(m, divisor);
          const p = await ok<Package>(await ctx.request({ method: 'GET', url: `/api/packages/${id}` }));
          expect(p.chargeableG).toBe(grams);
          const want = expectedQuote(line, rateX100, grams, extras.declaredValue);
          expectedLines.push(want);
          const basis = {
            priceListId: list.id,
            priceListName: listName,
            chargeableG: grams,
            unit: line.unit,
            stepMilli: line.stepMilli,
            exactMilli: want.exactMilli,
            billedMilli: want.billedMilli,
            weightBreakMilli: want.weightBreakMilli,
            currency: line.currency,
            rate: want.bracketRate,
            rateX100: Number(rateX100),
            minimumApplied: want.minimumApplied,
            amount: want.amount,
          };
          // Rounded once: a whole number of steps in the billed unit, less than one step above the weight.
          expect(want.billedMilli % line.stepMilli).toBe(0);
          expect(BigInt(want.billedMilli) * G_E5[line.unit] >= BigInt(grams) * 100_000_000n).toBe(true);
          expect(BigInt(want.billedMilli - line.stepMilli) * G_E5[line.unit] < BigInt(grams) * 100_000_000n).toBe(true);

          // The package estimate.
          const e = estimates.get(id)!;
          expect({ total: e.total, missing: e.missing, priceListId: e.priceListId, basis: e.basis }).toEqual({ total: want.amount, missing: null, priceListId: list.id, basis });

          // The price calculator, with insurance on the declared value.
          const calc = await ok<QuoteResponse>(
            await ctx.request({
              method: 'POST',
              url: '/api/pricing/quote',
              payload: { originStoreId: store.id, destinationStoreId: hub, chargeableWeightG: grams, customerId: c.id, declaredValue: extras.declaredValue, insured: true },
            }),
          );
          expect(calc.basis).toEqual(basis);
          expect(calc.unit).toBe(line.unit);
          expect(calc.unitsBilled).toBe(plainMilli(want.billedMilli));
          expect(calc.bracketRate).toBe(want.bracketRate);
          expect(calc.lines.map((l) => l.amount)).toEqual([want.freight, ...want.surcharges, ...(want.insurance === null ? [] : [want.insurance])]);
          expect(calc.total).toBe(want.amount + (want.insurance ?? 0));
        }

        // The slip: its lines, its money, and the same slip read back (what the print shows).
        const packagesSubtotal = expectedLines.reduce((n, l) => n + l.amount, 0);
        const domesticFee = extras.method === 'courier' ? extras.domesticFee : 0;
        const slipSurcharges = extras.slipSurcharges.reduce((n, a) => n + a, 0);
        const subtotal = packagesSubtotal + domesticFee + slipSurcharges;
        const d = extras.discount;
        const discountAmount = d === null ? 0 : d.kind === 'percent' ? Number(halfUp(BigInt(subtotal) * BigInt(d.bps), 10_000n)) : Math.floor((subtotal * d.permille) / 1000);
        const total = subtotal - discountAmount;
        const deposit = extras.walletPermille === null ? 0 : Math.floor((total * extras.walletPermille) / 1000);
        if (deposit > 0) {
          await ok(
            await ctx.request({ method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': randomUUID() }, payload: { customerId: c.id, type: 'deposit', amount: deposit, method: 'cash' } }),
            201,
          );
        }
        const walletCredit = Math.min(total, deposit);
        const amountToCollect = total - walletCredit;
        const created = await h.createOk({
          customerId: c.id,
          packageIds: ids,
          method: extras.method,
          ...(extras.method === 'courier' ? { carrierName: 'GHN', domesticFee } : {}),
          surcharges: extras.slipSurcharges.map((amount, i) => ({ label: `Phụ phí phiếu ${i + 1}`, amount })),
          discount: d === null ? null : d.kind === 'percent' ? { kind: 'percent', bps: d.bps, reason: 'Khách quen' } : { kind: 'amount', amount: discountAmount, reason: 'Khách quen' },
        });
        const printed = await h.get(created.id);
        for (const slip of [created, printed]) {
          for (const [i, id] of ids.entries()) {
            const l = slip.packages.find((x) => x.packageId === id)!;
            const want = expectedLines[i]!;
            expect(l.amount).toBe(want.amount);
            expect(l.freight + l.surcharges.reduce((n, s) => n + s.amount, 0)).toBe(want.amount);
            expect(l.pricing).toMatchObject({ unit: line.unit, exactMilli: want.exactMilli, billedMilli: want.billedMilli, rate: want.bracketRate, rateX100: Number(rateX100), amount: want.amount });
          }
          expect({
            packagesSubtotal: slip.packagesSubtotal,
            domesticFee: slip.domesticFee,
            surchargesTotal: slip.surchargesTotal,
            subtotal: slip.subtotal,
            discountAmount: slip.discountAmount,
            total: slip.total,
            walletCredit: slip.walletCredit,
            amountToCollect: slip.amountToCollect,
          }).toEqual({ packagesSubtotal, domesticFee, surchargesTotal: slipSurcharges, subtotal, discountAmount, total, walletCredit, amountToCollect });
        }

        // Confirmation: the ledger holds exactly the slip's money; the dashboard's revenue grows by its total.
        const revenueBefore = await h.slipRevenueToday();
        const frozen = await ok<DeliverySlip>(await ctx.request({ method: 'POST', url: `/api/delivery-slips/${created.id}/status`, payload: { status: 'ready' } }));
        expect(frozen.total).toBe(total);
        if (extras.method === 'courier') await ok(await ctx.request({ method: 'POST', url: `/api/delivery-slips/${created.id}/status`, payload: { status: 'out_for_delivery' } }));
        const done = await ok<DeliverySlip>(
          await ctx.request({
            method: 'POST',
            url: `/api/delivery-slips/${created.id}/confirm`,
            payload: { collectedAmount: amountToCollect, method: 'cash', receiverName: 'Khách' },
            headers: { 'idempotency-key': randomUUID() },
          }),
        );
        expect(done.total).toBe(total);
        const rows = await h.q<{ type: string; amount: string }>(`SELECT type, amount FROM transactions WHERE reference_type = 'delivery_slip' AND reference_id = $1 ORDER BY id`, [created.id]);
        const collected = extras.method === 'courier' ? 'cod' : 'collection';
        expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([...(amountToCollect > 0 ? [[collected, amountToCollect]] : []), ...(total > 0 ? [['payment', -total]] : [])]);
        // The wallet paid what it held of the slip, and no more.
        expect(await h.balance(c.id)).toBe(deposit - walletCredit);
        expect(await h.slipRevenueToday()).toBe(revenueBefore + total);
      }),
      { numRuns: 20 },
    );
  }, 600_000);
});
