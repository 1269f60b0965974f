import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/use-format';
import { auditFieldType } from './audit-fields';

/**
 * How an audit row's fields and values read, on the global log and in every History tab alike: a field by its label
 * in the reader's language, a value as the screens write it — money in đồng, grams as kilograms, instants in Vietnam
 * time, statuses, methods and kinds by their labels, referenced records by their codes — never a raw name or JSON.
 * Which field is which is declared once per resource (audit-fields.ts), never guessed from its name.
 *
 * The words come from each resource's own field definitions and vocabularies (its i18n namespace: `fields.<name>`,
 * `statuses.<value>`, `methods.<value>` …); a screen that defines a field itself (HistoryField) still wins.
 */

/** The i18n namespace of each audited resource (the name the audit log records). */
export const AUDIT_NAMESPACES: Readonly<Record<string, string>> = {
  customers: 'customer',
  employees: 'employee',
  orders: 'order',
  packages: 'tracking',
  mawbs: 'mawb',
  'delivery-slips': 'deliveryslip',
  transactions: 'transaction',
  settings: 'setting',
  stores: 'setting',
};
/** Every audited resource's namespace: the global log loads them all at once, not row by row. */
export const AUDIT_NAMESPACE_LIST = ['resource', 'setting', ...new Set(Object.values(AUDIT_NAMESPACES))];

/** `customerId` → `customer`, `weightG` → `weight`, `collectedAmount` → `collected`, `lengthMm` → `length`: the label a field shares with its screen. */
const stem = (name: string) => name.replace(/(Id|Ids|G|Mm|Amount)$/, '');
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 80;

export interface AuditFormat {
  /** The field's label in the reader's language. */
  label(name: string): string;
  /** The value as the screens write it; '' for nothing. */
  value(name: string, value: unknown): string;
  /** The record an entry is about, by its code when the row carries one: "Phiếu giao PG2612-00305". */
  record(entity: string, entityId: string | null, before: unknown, after: unknown): string;
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const CODE_KEYS = ['code', 'awbNumber', 'trackingNumber', 'key', 'email'];
const NAME_KEYS = [...CODE_KEYS, 'name', 'fullName'];

/** The code a record is known by (a package, an order, a MAWB …); with `names`, a name will do (a referenced store). */
function codeOf(v: Record<string, unknown>, keys = NAME_KEYS): string | null {
  for (const k of keys) {
    if (typeof v[k] === 'string' && v[k]) return v[k] as string;
  }
  return null;
}

/** The formatter for records of `entity` (the resource name as the audit log records it). */
export function useAuditFormat(entity: string): AuditFormat {
  const { t, i18n } = useTranslation(['resource', 'setting', ...(AUDIT_NAMESPACES[entity] ? [AUDIT_NAMESPACES[entity]] : [])]);
  const fmt = useFormat();
  const ns = AUDIT_NAMESPACES[entity];
  const has = useCallback((key: string) => i18n.exists(key), [i18n]);

  const label = useCallback(
    (name: string) => {
      for (const key of [ns && `${ns}:fields.${name}`, ns && `${ns}:fields.${stem(name)}`, `resource:history.fieldNames.${name}`]) {
        if (key && has(key)) return t(key);
      }
      // A name no screen labels: its words, not its identifier ("reconciledAt" → "reconciled at").
      return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    },
    [ns, has, t],
  );

  const value = useCallback(
    (name: string, v: unknown): string => {
      if (v === null || v === undefined || v === '') return '';
      if (typeof v === 'boolean') return v ? t('common:yes') : t('common:no');
      const type = auditFieldType(entity, name);
      if (typeof v === 'number') {
        if (type === 'money') return fmt.vnd(v);
        if (type === 'grams') return fmt.kg(v);
        if (type === 'reference') return String(v);
        return fmt.integer(v);
      }
      if (typeof v === 'string') {
        // The declared type says how; the value's shape guards it (an old row may hold something else).
        if (type === 'instant' && INSTANT.test(v)) return fmt.dateTime(v);
        if (type === 'day' && DAY.test(v)) return fmt.date(v);
        if (type && typeof type === 'object') {
          const word = type.vocabulary.includes(':') ? `${type.vocabulary}.${v}` : ns && `${ns}:${type.vocabulary}.${v}`;
          if (word && has(word)) return t(word);
        }
        return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT - 1)}…` : v;
      }
      if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' ? (codeOf(asRecord(x)) ?? '…') : value(name, x))).join(', ');
      const code = codeOf(asRecord(v));
      if (code) return code;
      // A nested value (a setting's value, an address): its fields by label, not JSON.
      return Object.entries(asRecord(v))
        .filter(([, x]) => x !== null && x !== undefined && x !== '')
        .map(([k, x]) => `${label(k)}: ${value(k, x)}`)
        .join('; ');
    },
    [entity, ns, has, t, fmt, label],
  );

  const record = useCallback(
    (e: string, entityId: string | null, before: unknown, after: unknown) => {
      // One record, so its noun in the singular ("Transaction GD00003036"); the filter lists the plural.
      const name = t(`setting:audit.record.${e}`, { defaultValue: t(`setting:audit.entities.${e}`, { defaultValue: e }) });
      const code = codeOf(asRecord(after), CODE_KEYS) ?? codeOf(asRecord(before), CODE_KEYS);
      return code ? `${name} ${code}` : entityId ? `${name} #${entityId}` : name;
    },
    [t],
  );

  return useMemo(() => ({ label, value, record }), [label, value, record]);
}
