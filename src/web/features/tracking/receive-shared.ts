import type { Store } from '../../../shared/contracts/stores';

/** The warehouse a receiving desk works at, remembered on this browser between parcels and sessions. */
const RECEIVE_STORE_KEY = 'cargo.tracking.receiveStore';

function rememberedStore(origins: Store[]): number | null {
  let saved: number | null = null;
  try {
    const raw = localStorage.getItem(RECEIVE_STORE_KEY);
    saved = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  } catch {}
  if (saved !== null && origins.some((s) => s.id === saved)) return saved;
  return origins[0]?.id ?? null;
}

/**
 * The warehouse a receive dialog starts at. Rule: the signed-in employee's own warehouse (a parcel is received
 * where the person weighing it works), then the warehouse the parcels were expected at (when they all name the
 * same one), then the one this desk last used, then the first listed; only active foreign warehouses count.
 */
export function defaultReceiveStore(origins: Store[], opts: { ownStoreId?: number | null; expectedStoreIds?: readonly (number | null)[] } = {}): number | null {
  const usable = (id: number | null | undefined): id is number => id != null && origins.some((s) => s.id === id);
  if (usable(opts.ownStoreId)) return opts.ownStoreId;
  const expected = [...new Set(opts.expectedStoreIds ?? [])];
  if (expected.length === 1 && usable(expected[0])) return expected[0];
  return rememberedStore(origins);
}

/** What a receive form holds between parcels of one series. */
export interface SeriesValues {
  storeId: number;
  trackingNumber: string;
  weightG: number;
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
  customerCode?: string;
  destinationStoreId?: number | null;
  note?: string;
}

/**
 * The next parcel of a series. Rule: every field the user chose stays chosen (warehouse, destination hub,
 * customer code), and what belongs to one parcel only (its number, weight, sizes and note) starts empty.
 */
export function nextInSeries<V extends SeriesValues>(done: V): V {
  return {
    ...done,
    trackingNumber: '',
    weightG: undefined as unknown as number,
    lengthMm: undefined,
    widthMm: undefined,
    heightMm: undefined,
    note: '',
  };
}

export function rememberStore(id: number | null | undefined): void {
  try {
    if (typeof id === 'number') localStorage.setItem(RECEIVE_STORE_KEY, String(id));
  } catch {}
}

export function originStores(stores: Store[] | undefined): Store[] {
  return (stores ?? []).filter((s) => s.kind === 'origin' && s.status === 'active');
}

export function hubStores(stores: Store[] | undefined): Store[] {
  return (stores ?? []).filter((s) => s.kind === 'hub' && s.status === 'active');
}

/**
 * Enter moves to the next step of a scan-and-weigh row instead of submitting: a barcode gun or a scale that
 * "types" ends its value with Enter. Steps are the elements marked `data-scan-step`, in document order.
 */
export function focusNextStep(e: { key: string; target: EventTarget; preventDefault(): void; shiftKey?: boolean }, root: HTMLElement | null): boolean {
  if (e.key !== 'Enter' || e.shiftKey || !root) return false;
  const target = e.target as HTMLElement;
  if (!target.matches?.('[data-scan-step]')) return false;
  const steps = [...root.querySelectorAll<HTMLElement>('[data-scan-step]')].filter((el) => !(el as HTMLInputElement).disabled);
  const i = steps.indexOf(target);
  if (i < 0 || i === steps.length - 1) return false;
  e.preventDefault();
  steps[i + 1]!.focus();
  (steps[i + 1] as HTMLInputElement).select?.();
  return true;
}
