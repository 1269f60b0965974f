import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/contracts/orders';
import { OPEN_ORDER_STATUSES } from '../../../shared/domain/order-lifecycle';
import { customerApi } from '../../entities/customer/api';
import { orderApi } from '../../entities/order/api';
import { searchPackages } from './api';

/** How long the number and customer code rest before their customer's open orders are looked up. */
const SETTLE_MS = 400;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export interface OrderProposal {
  /** The parcel's customer, when known (from the expected parcel, else from the code typed on it). */
  customerId: number | null;
  /** That customer's open orders, newest first; empty when none, or when the parcel is already on an order. */
  orders: Order[];
}

/**
 * The open orders a parcel being received can go on: its customer's (the expected parcel's customer, or the
 * customer whose code or suite code is written on it), unless the parcel is already on an order.
 */
export function useOrderProposal(trackingNumber: string | undefined, customerCode: string | undefined): OrderProposal {
  const number = useSettled((trackingNumber ?? '').trim());
  const code = useSettled((customerCode ?? '').trim().toUpperCase());
  const parcel = useQuery({
    queryKey: ['receive-order', 'parcel', number],
    queryFn: ({ signal }) => searchPackages([number], signal).then((r) => r.found[0] ?? null),
    enabled: number.length >= 4,
    staleTime: 30_000,
  });
  const byCode = useQuery({
    queryKey: ['receive-order', 'customer', code],
    queryFn: ({ signal }) =>
      customerApi.fetchPage({ q: code, pageSize: 10 }, signal).then((r) => r.items.find((c) => c.code.toUpperCase() === code || c.suiteCode?.toUpperCase() === code) ?? null),
    enabled: code.length >= 2 && !parcel.data?.customerId,
    staleTime: 30_000,
  });
  const onOrder = parcel.data?.orderId != null;
  const customerId = parcel.data?.customerId ?? byCode.data?.id ?? null;
  const orders = useQuery({
    queryKey: ['receive-order', 'orders', customerId],
    queryFn: ({ signal }) => orderApi.fetchPage({ customerId: String(customerId), status: OPEN_ORDER_STATUSES.join(','), sort: '-createdAt', pageSize: 20 }, signal).then((r) => r.items),
    enabled: customerId != null && !onOrder,
    staleTime: 30_000,
  });
  return { customerId, orders: customerId != null && !onOrder ? (orders.data ?? []) : [] };
}

/**
 * The order the received parcel goes on: shown only when its customer has open orders; the only one is chosen for
 * the clerk, several are offered to choose from; "no order" stays possible.
 */
export function ReceiveOrderField({ proposal, value, onChange }: { proposal: OrderProposal; value: number | null | undefined; onChange(id: number | null): void }) {
  const { t } = useTranslation(['tracking', 'order']);
  const { orders, customerId } = proposal;
  // Proposed once per customer: the clerk's own choice (even "no order") is not overridden while typing.
  const proposedFor = useRef<number | null>(null);
  useEffect(() => {
    if (customerId === null || proposedFor.current === customerId || !orders.length) return;
    proposedFor.current = customerId;
    onChange(orders.length === 1 ? orders[0]!.id : null);
  }, [customerId, orders, onChange]);
  useEffect(() => {
    // A value that is not among this customer's open orders (another parcel, another customer) is dropped.
    if (value != null && !orders.some((o) => o.id === value)) onChange(null);
    if (!orders.length) proposedFor.current = null;
  }, [orders, value, onChange]);
  if (!orders.length) return null;
  return (
    <Form.Group controlId="receive-order" className="mb-3">
      <Form.Label>{t('receive.order')}</Form.Label>
      <Form.Select value={value == null ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} aria-describedby="receive-order-help">
        <option value="">{orders.length > 1 ? t('receive.orderChoose', { count: orders.length }) : t('receive.orderNone')}</option>
        {orders.map((o) => (
          <option key={o.id} value={o.id}>
            {`${o.code} · ${t(`order:kinds.${o.kind}`)} · ${t(`order:statuses.${o.status}`)}`}
          </option>
        ))}
      </Form.Select>
      <Form.Text id="receive-order-help">{orders.length > 1 ? t('receive.orderHelpSeveral') : t('receive.orderHelpOne')}</Form.Text>
    </Form.Group>
  );
}
