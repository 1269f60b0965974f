import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { PageHeader } from './page-header';
import { LoadFailed } from './load-failed';

/**
 * The frame of every detail and edit screen: while the record loads, the page header and a skeleton; if it
 * cannot be loaded, "not found" or the error with a retry and a way back to the list; then the screen itself.
 */
export function RecordPage<T>({
  query,
  backTo,
  skeleton = 'detail',
  children,
}: {
  query: UseQueryResult<T>;
  backTo: string;
  skeleton?: 'detail' | 'form';
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <>
        <PageHeader />
        {skeleton === 'form' ? <FormSkeleton /> : <DetailSkeleton />}
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader />
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} backTo={backTo} />
      </>
    );
  }
  return <>{children(query.data)}</>;
}

function DetailSkeleton() {
  return (
    <div className="placeholder-glow" aria-hidden="true">
      <span className="placeholder col-12 rounded mb-3" style={{ height: '2.5rem' }} />
      <span className="placeholder col-12 rounded" style={{ height: '12rem' }} />
    </div>
  );
}

/** The placeholder of a form while what it needs loads. */
export function FormSkeleton() {
  return (
    <Card className="shadow-sm placeholder-glow" aria-hidden="true">
      <Card.Body>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="mb-3">
            <span className="placeholder col-3 d-block mb-2 rounded" />
            <span className="placeholder col-12 d-block rounded" style={{ height: '2.25rem' }} />
          </div>
        ))}
      </Card.Body>
    </Card>
  );
}
