import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import '../../components/data-table/column-meta';

/** A customer's code and name, linking to the customer page. */
function CustomerCell({ id, code, name }: { id: number; code: string; name: string }) {
  return (
    <Link to={`/customer/${id}`} className="text-reset text-decoration-none" title={`${code} · ${name}`}>
      <span className="font-tabular text-body-secondary me-1">{code}</span>
      {name}
    </Link>
  );
}

/** The customer column of a list of a customer's records (orders, wallet rows, slips): code and name, the phone card's title. */
export function customerColumn<T extends { customerId: number; customerCode: string; customerName: string }>(header: string): ColumnDef<T, string> {
  return {
    id: 'customer',
    accessorFn: (row) => row.customerName,
    header,
    size: 220,
    meta: { card: 'title' },
    cell: (c) => <CustomerCell id={c.row.original.customerId} code={c.row.original.customerCode} name={c.getValue()} />,
  };
}
