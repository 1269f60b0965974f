import type { NotifyEvent } from '../../../shared/domain/notifications';

/** The sample figures a test send fills a template with: every field of every event kind. */
export const ZNS_TEST_SAMPLE: Record<NotifyEvent, Record<string, string>> = {
  received_abroad: { customer_name: 'Nguyễn Văn Thử', package_count: '2', package_codes: 'PK00000001, PK00000002', weight_kg: '3.25', estimated_freight: '685.800 ₫' },
  departed: { customer_name: 'Nguyễn Văn Thử', package_count: '2', awb_number: '618-12345675', flight: 'VN301', eta: '08/12/2026 06:30' },
  ready_for_pickup: { customer_name: 'Nguyễn Văn Thử', package_count: '2', amount_due: '450.000 ₫', tracking_url: 'https://example.vn/?q=PK00000001' },
  out_for_delivery: { customer_name: 'Nguyễn Văn Thử', slip_code: 'PG-000001', courier: 'Giao Hàng Nhanh', cod_amount: '450.000 ₫' },
  delivered: { customer_name: 'Nguyễn Văn Thử', slip_code: 'PG-000001', receiver: 'Nguyễn Văn Thử', delivered_at: '08/12/2026 15:20' },
  wallet_credited: { customer_name: 'Nguyễn Văn Thử', amount: '1.000.000 ₫', balance: '550.000 ₫' },
  balance_reminder: { customer_name: 'Nguyễn Văn Thử', balance: '-450.000 ₫', days: '7' },
};
