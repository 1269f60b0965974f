import { Link } from 'react-router';

/** A customer's code and name, linking to the customer page. */
export function CustomerCell({ id, code, name }: { id: number; code: string; name: string }) {
  return (
    <Link to={`/customer/${id}`} className="text-reset text-decoration-none" title={`${code} · ${name}`}>
      <span className="font-tabular text-body-secondary me-1">{code}</span>
      {name}
    </Link>
  );
}
