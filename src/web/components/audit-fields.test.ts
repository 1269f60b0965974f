import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Customer } from '../../shared/contracts/customers';
import { DeliverySlip } from '../../shared/contracts/delivery-slips';
import { Employee } from '../../shared/contracts/employees';
import { Mawb } from '../../shared/contracts/mawbs';
import { Order } from '../../shared/contracts/orders';
import { Package } from '../../shared/contracts/packages';
import { Setting } from '../../shared/contracts/settings';
import { Store } from '../../shared/contracts/stores';
import { Transaction } from '../../shared/contracts/transactions';
import { AUDIT_FIELDS } from './audit-fields';

/** Each audited resource's record as the API sends it (the audit log keeps the same fields). */
const CONTRACTS: Record<string, z.ZodObject> = {
  customers: Customer,
  employees: Employee,
  orders: Order,
  packages: Package,
  mawbs: Mawb,
  'delivery-slips': DeliverySlip,
  transactions: Transaction,
  settings: Setting,
  stores: Store,
};

interface Def {
  def: { type: string; innerType?: Def; element?: Def; shape?: Record<string, Def> };
}

/** The type under optional/nullable/default wrappers. */
function unwrapped(t: Def): Def {
  let cur = t;
  while (cur.def.innerType) cur = cur.def.innerType;
  return cur;
}

/** Every field of a record, nested objects and lists of objects included (an employee's account.role). */
function fieldsOf(shape: Record<string, Def>, into = new Map<string, string>()): Map<string, string> {
  for (const [name, t] of Object.entries(shape)) {
    let inner = unwrapped(t);
    if (!into.has(name)) into.set(name, inner.def.type);
    if (inner.def.type === 'array' && inner.def.element) inner = unwrapped(inner.def.element);
    if (inner.def.type === 'object' && inner.def.shape) fieldsOf(inner.def.shape, into);
  }
  return into;
}

describe('audit field declarations', () => {
  it('declare every audited resource', () => {
    expect(Object.keys(AUDIT_FIELDS).sort()).toEqual(Object.keys(CONTRACTS).sort());
  });

  it.each(Object.keys(CONTRACTS))('%s: declare only fields its contract has, money and grams on its integers', (resource) => {
    const fields = fieldsOf(CONTRACTS[resource]!.shape as unknown as Record<string, Def>);
    const wrong = Object.entries(AUDIT_FIELDS[resource]!).flatMap(([name, type]) => {
      const found = fields.get(name);
      if (!found) return [`${name}: not in the contract`];
      if ((type === 'money' || type === 'grams') && found !== 'number') return [`${name}: ${type} but ${found}`];
      return [];
    });
    expect(wrong.join('; ')).toBe('');
  });
});
