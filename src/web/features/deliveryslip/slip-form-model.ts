import type { Customer } from '../../../shared/contracts/customers';
import {
  DELIVERY_SLIP_ERROR_CODES,
  SLIP_LATE_EDITABLE_FIELDS,
  type DeliverySlip,
  type DeliverySlipCreateInput,
  type DeliverySlipPatchInput,
  type SlipPackageConflicts,
} from '../../../shared/contracts/delivery-slips';
import type { DeliveryMethod } from '../../../shared/domain/slip-charges';
import { isApiRequestError } from '../../lib/api-client';

/**
 * The values of the slip form (create and edit share it) and the request bodies they make. Money is typed in the
 * one money input (AmountInput), which holds integer đồng (or basis points), null while empty and NaN while its
 * text is refused: a refused amount keeps the body from being made, never rounded or guessed.
 */

type DiscountKind = 'none' | 'amount' | 'percent';

export interface SlipFormValues {
  customerId: number | null;
  /** Tracking numbers (or package codes) on the slip, upper-cased, in scan order. */
  numbers: string[];
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  receiverProvince: string;
  method: DeliveryMethod;
  carrierName: string;
  carrierTrackingNumber: string;
  /** đồng; null = the fee of the receiver province's zone from settings; NaN = a text the input refused. */
  domesticFee: number | null;
  /** One surcharge line (label + đồng); both empty = none. */
  surchargeLabel: string;
  surchargeAmount: number | null;
  discountKind: DiscountKind;
  /** đồng (amount) or basis points (percent: 2,5 % = 250); null = none typed; NaN = refused. */
  discountValue: number | null;
  discountReason: string;
  /** Orders of the customer whose debt the slip collects (order lines). */
  orderIds: number[];
  note: string;
}

export const EMPTY_SLIP_FORM: SlipFormValues = {
  customerId: null,
  numbers: [],
  receiverName: '',
  receiverPhone: '',
  receiverAddress: '',
  receiverProvince: '',
  method: 'pickup',
  carrierName: '',
  carrierTrackingNumber: '',
  domesticFee: null,
  surchargeLabel: '',
  surchargeAmount: null,
  discountKind: 'none',
  discountValue: null,
  discountReason: '',
  orderIds: [],
  note: '',
};

/** The receiver a new slip starts with (the server's rule: the default address, else the first, else the customer). */
export function receiverOf(c: Customer): Pick<SlipFormValues, 'receiverName' | 'receiverPhone' | 'receiverAddress' | 'receiverProvince'> {
  const a = c.addresses.find((x) => x.isDefault) ?? c.addresses[0];
  return { receiverName: a?.receiver || c.fullName, receiverPhone: a?.phone || c.phone, receiverAddress: a?.address ?? '', receiverProvince: a?.province || c.province || '' };
}

export function valuesOfSlip(s: DeliverySlip): SlipFormValues {
  const surcharge = s.surcharges[0];
  return {
    customerId: s.customerId,
    numbers: s.packages.map((p) => p.trackingNumber.toUpperCase()),
    receiverName: s.receiverName,
    receiverPhone: s.receiverPhone,
    receiverAddress: s.receiverAddress,
    receiverProvince: s.receiverProvince,
    method: s.method,
    carrierName: s.carrierName,
    carrierTrackingNumber: s.carrierTrackingNumber,
    domesticFee: s.method === 'courier' ? s.domesticFee : null,
    surchargeLabel: surcharge?.label ?? '',
    surchargeAmount: surcharge ? surcharge.amount : null,
    discountKind: s.discountBps != null ? 'percent' : s.discountAmount > 0 ? 'amount' : 'none',
    discountValue: s.discountBps != null ? s.discountBps : s.discountAmount > 0 ? s.discountAmount : null,
    discountReason: s.discountReason ?? '',
    orderIds: s.orders.map((o) => o.orderId),
    note: s.note,
  };
}

export type MoneyField = 'domesticFee' | 'surchargeAmount' | 'discountValue' | 'surchargeLabel';

/** The money part of a body, or the fields the money input refused (and a surcharge without its label). */
export function moneyOf(v: SlipFormValues): { ok: true; body: Pick<DeliverySlipCreateInput, 'domesticFee' | 'surcharges' | 'discount'> } | { ok: false; invalid: MoneyField[] } {
  const invalid: MoneyField[] = [];
  const read = (value: number | null, field: MoneyField): number | null => {
    if (value === null) return null;
    if (!Number.isSafeInteger(value) || value < 0) {
      invalid.push(field);
      return null;
    }
    return value;
  };
  const domesticFee = v.method === 'courier' ? read(v.domesticFee, 'domesticFee') : null;
  const surchargeAmount = read(v.surchargeAmount, 'surchargeAmount');
  if (surchargeAmount !== null && !v.surchargeLabel.trim()) invalid.push('surchargeLabel');
  let discount: DeliverySlipCreateInput['discount'] = null;
  const discountValue = v.discountKind === 'none' ? null : read(v.discountValue, 'discountValue');
  if (discountValue !== null) {
    const reason = v.discountReason.trim() || null;
    if (v.discountKind === 'amount') discount = { kind: 'amount', amount: discountValue, reason };
    else if (discountValue > 10_000) invalid.push('discountValue');
    else discount = { kind: 'percent', bps: discountValue, reason };
  }
  if (invalid.length) return { ok: false, invalid };
  return {
    ok: true,
    body: { domesticFee, surcharges: surchargeAmount !== null ? [{ label: v.surchargeLabel.trim(), amount: surchargeAmount }] : [], discount },
  };
}

function receiverBody(v: SlipFormValues) {
  return {
    receiverName: v.receiverName,
    receiverPhone: v.receiverPhone,
    receiverAddress: v.receiverAddress,
    receiverProvince: v.receiverProvince,
    carrierName: v.method === 'courier' ? v.carrierName : '',
    carrierTrackingNumber: v.method === 'courier' ? v.carrierTrackingNumber : '',
    note: v.note,
  };
}

/** The quote body: what the charges depend on (the receiver's province picks the courier zone). */
export function quoteBodyOf(v: SlipFormValues, numbers = v.numbers): DeliverySlipCreateInput | null {
  const m = moneyOf(v);
  if (!m.ok || v.customerId === null || numbers.length === 0) return null;
  return { customerId: v.customerId, trackingNumbers: numbers, method: v.method, receiverProvince: v.receiverProvince, orderIds: v.orderIds, ...m.body };
}

export function createBodyOf(v: SlipFormValues): DeliverySlipCreateInput | null {
  const q = quoteBodyOf(v);
  return q && { ...q, ...receiverBody(v) };
}

/** PATCH body: a draft sends everything (its packages and money are recomputed); a frozen slip only what it may change. */
export function patchBodyOf(v: SlipFormValues, status: DeliverySlip['status']): DeliverySlipPatchInput | null {
  const receiver = receiverBody(v);
  if (status !== 'draft') {
    const late: Record<string, string> = {};
    for (const k of SLIP_LATE_EDITABLE_FIELDS) late[k] = receiver[k];
    return late;
  }
  const m = moneyOf(v);
  if (!m.ok || v.numbers.length === 0) return null;
  return { trackingNumbers: v.numbers, method: v.method, orderIds: v.orderIds, ...receiver, ...m.body };
}

/** The package conflicts of a 409 from create/quote/patch, else null. */
export function conflictsOf(e: unknown): SlipPackageConflicts['conflicts'] | null {
  if (!isApiRequestError(e) || e.status !== 409 || e.data.code !== DELIVERY_SLIP_ERROR_CODES.PACKAGE_CONFLICT) return null;
  const d = e.data.details as SlipPackageConflicts | undefined;
  return d?.conflicts ?? null;
}
