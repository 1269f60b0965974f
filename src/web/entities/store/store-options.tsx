import type { Store } from '../../../shared/contracts/stores';

type StoreName = Pick<Store, 'id' | 'code' | 'name'>;

/** How a store reads in a picker: its code, then its name. */
export function storeLabel(s: StoreName): string {
  return `${s.code} · ${s.name}`;
}

/** The options of a store select, one per store, valued by its id. */
export function StoreOptions({ stores }: { stores: StoreName[] }) {
  return stores.map((s) => (
    <option key={s.id} value={s.id}>
      {storeLabel(s)}
    </option>
  ));
}
