import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** One titled part of a record form (general, account, measures…): a card with a small heading over its fields. */
export function FormSection({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Card className={`form-section shadow-sm${className ? ` ${className}` : ''}`}>
      <Card.Body>
        <h2 className="h6 mb-3">{title}</h2>
        {children}
      </Card.Body>
    </Card>
  );
}
