/**
 * Notes the system writes on wallet rows, stored as a code and its parameters (transactions.note_code,
 * note_params) so each reader sees them in their own language; `note` keeps only what staff typed (and is what
 * PATCH edits). The web renders a code with i18n (transaction `systemNotes.*`); `transactionNoteText` is the
 * Vietnamese sentence (exports, search text).
 *
 *   slip_collected    { slip }   money collected when a delivery slip was handed over
 *   slip_payment      { slip }   the wallet pays a delivery slip
 *   order_refund      { order }  an order's payments go back to the wallet when it is cancelled
 *   order_deposit_in  { order }  money handed over as an order's deposit
 *   order_deposit     { order }  the wallet pays an order's deposit
 *   order_cod         { order }  cash collected by the courier for an order
 *   order_balance     { order }  the wallet pays the rest of an order
 *   order_collected   { order }  money handed over to settle an order when it is completed
 *   slip_order        { slip, order }  the wallet pays what an order owed, collected with a delivery slip
 */
export const TRANSACTION_NOTE_CODES = ['slip_collected', 'slip_payment', 'order_refund', 'order_deposit_in', 'order_deposit', 'order_cod', 'order_balance', 'order_collected', 'slip_order'] as const;
export type TransactionNoteCode = (typeof TRANSACTION_NOTE_CODES)[number];
export type TransactionNoteParams = Record<string, string>;

/** A wallet row's note: a system note (code + parameters) and/or text typed by staff. */
export interface TransactionNote {
  note?: string;
  noteCode?: TransactionNoteCode | null;
  noteParams?: TransactionNoteParams;
}

export const slipNote = (code: 'slip_collected' | 'slip_payment', slip: string): TransactionNote => ({ noteCode: code, noteParams: { slip } });
export const slipOrderNote = (slip: string, order: string): TransactionNote => ({ noteCode: 'slip_order', noteParams: { slip, order } });
export const orderNote = (code: Exclude<TransactionNoteCode, 'slip_collected' | 'slip_payment' | 'slip_order'>, order: string): TransactionNote => ({
  noteCode: code,
  noteParams: { order },
});

/** The Vietnamese sentence of a system note (as the system used to store it). */
export function transactionNoteText(code: TransactionNoteCode, params: TransactionNoteParams): string {
  const slip = params.slip ?? '';
  const order = params.order ?? '';
  switch (code) {
    case 'slip_collected':
      return `Thu khi giao phiếu ${slip}`;
    case 'slip_payment':
      return `Thanh toán phiếu giao ${slip}`;
    case 'order_refund':
      return `Hoàn tiền do hủy đơn ${order}`;
    case 'order_deposit_in':
      return `Đặt cọc đơn ${order}`;
    case 'order_deposit':
      return `Thanh toán tiền cọc đơn ${order}`;
    case 'order_cod':
      return `Thu hộ khi giao đơn ${order}`;
    case 'order_balance':
      return `Thanh toán phần còn lại đơn ${order}`;
    case 'order_collected':
      return `Thu tiền đơn ${order}`;
    case 'slip_order':
      return `Thanh toán đơn ${order} khi giao phiếu ${slip}`;
  }
}
