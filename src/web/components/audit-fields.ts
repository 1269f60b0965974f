/**
 * What each audited resource's fields hold, as its contract (src/shared/contracts) names them (its test checks every
 * name against the contract, nested objects included): the one place the
 * audit log (the global log and every History tab) learns how to write a value. A field not named here is written
 * as what it is (a number as a number, a text as text); its name says nothing about its unit.
 *
 * - `money`: an integer amount in đồng.
 * - `grams`: an integer weight in grams, written as kilograms.
 * - `instant`: an ISO 8601 instant, written in Vietnam time.
 * - `day`: a calendar day (yyyy-mm-dd).
 * - `reference`: another record: its id as it is (not a quantity), its code when the row carries the record.
 * - `{ vocabulary }`: a value of a closed list, written by its label in the resource's namespace (`statuses.<value>`),
 *   or in the namespace the list names (`common:roles`).
 */
export type AuditFieldType = 'money' | 'grams' | 'instant' | 'day' | 'reference' | { vocabulary: string };
type AuditFields = Readonly<Record<string, AuditFieldType>>;

const statuses = { vocabulary: 'statuses' } as const;
/** The instants every record carries. */
const STAMPED: AuditFields = { createdAt: 'instant', updatedAt: 'instant' };

/** Each audited resource (the name the audit log records) → its fields' types. */
export const AUDIT_FIELDS: Readonly<Record<string, AuditFields>> = {
  customers: {
    ...STAMPED,
    status: statuses,
    group: { vocabulary: 'groups' },
    language: { vocabulary: 'languages' },
    creditLimit: 'money',
    balance: 'money',
  },
  employees: { ...STAMPED, status: statuses, role: { vocabulary: 'common:roles' }, lastLoginAt: 'instant', storeId: 'reference', userId: 'reference' },
  orders: {
    ...STAMPED,
    status: statuses,
    statusAt: 'instant',
    kind: { vocabulary: 'kinds' },
    serviceFeeMode: { vocabulary: 'feeModes' },
    customerId: 'reference',
    itemsSubtotal: 'money',
    goods: 'money',
    serviceFeeFixed: 'money',
    serviceFee: 'money',
    domesticFee: 'money',
    deposit: 'money',
    total: 'money',
    remaining: 'money',
    paid: 'money',
    due: 'money',
    rateDate: 'day',
  },
  packages: {
    ...STAMPED,
    status: statuses,
    statusAt: 'instant',
    customerId: 'reference',
    orderId: 'reference',
    storeId: 'reference',
    destinationStoreId: 'reference',
    mawbId: 'reference',
    weightG: 'grams',
    volumetricG: 'grams',
    chargeableG: 'grams',
  },
  mawbs: {
    ...STAMPED,
    status: statuses,
    statusAt: 'instant',
    grossWeightG: 'grams',
    chargeableWeightG: 'grams',
    volumetricWeightG: 'grams',
    airlineChargeableWeightG: 'grams',
    etd: 'instant',
    eta: 'instant',
    atd: 'instant',
    ata: 'instant',
  },
  'delivery-slips': {
    ...STAMPED,
    status: statuses,
    statusAt: 'instant',
    method: { vocabulary: 'methods' },
    failureReason: { vocabulary: 'reasons' },
    deliveryZone: { vocabulary: 'zones' },
    collectMethod: { vocabulary: 'collectMethods' },
    customerId: 'reference',
    storeId: 'reference',
    packagesSubtotal: 'money',
    domesticFee: 'money',
    surchargesTotal: 'money',
    subtotal: 'money',
    discountAmount: 'money',
    total: 'money',
    ordersDue: 'money',
    walletCredit: 'money',
    amountToCollect: 'money',
    paidByTransfer: 'money',
    collectedAmount: 'money',
    chargesFrozenAt: 'instant',
    deliveredAt: 'instant',
    lastPrintedAt: 'instant',
    reconciledAt: 'instant',
  },
  transactions: {
    ...STAMPED,
    status: statuses,
    type: { vocabulary: 'types' },
    method: { vocabulary: 'methods' },
    referenceType: { vocabulary: 'referenceTypes' },
    noteCode: { vocabulary: 'systemNotes' },
    customerId: 'reference',
    actorId: 'reference',
    amount: 'money',
    balanceAfter: 'money',
  },
  settings: { ...STAMPED, status: statuses, effectiveFrom: 'day' },
  stores: { ...STAMPED, status: statuses, kind: { vocabulary: 'kinds' } },
};

/** The declared type of `entity`'s field `name`, if it has one. */
export function auditFieldType(entity: string, name: string): AuditFieldType | undefined {
  return AUDIT_FIELDS[entity]?.[name];
}
