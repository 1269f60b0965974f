import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './ui.css';

interface EmptyStateProps {
  icon?: string;
  title: string;
  text?: ReactNode;
  /** Buttons or links that lead on (create the first record, clear the filters…). */
  action?: ReactNode;
  className?: string;
  /** 'alert' for failures, so screen readers announce them. */
  role?: 'status' | 'alert';
}

/** What a screen shows instead of nothing: why it is empty and what to do next. */
export function EmptyState({ icon = 'bi-inbox', title, text, action, className, role = 'status' }: EmptyStateProps) {
  return (
    <div className={`empty-state text-center py-5 px-3${className ? ` ${className}` : ''}`} role={role}>
      <div className="empty-state-icon mb-2 text-body-tertiary" aria-hidden="true">
        <i className={`bi ${icon}`} />
      </div>
      <p className="h6 mb-1">{title}</p>
      {text && <div className="text-body-secondary small mb-3 mx-auto empty-state-text">{text}</div>}
      {action && <div className="d-flex flex-wrap gap-2 justify-content-center">{action}</div>}
    </div>
  );
}

/** A print screen given nothing to print: why, and the list to pick from. */
export function NothingToPrint({ title, text, backTo, backLabel }: { title: string; text: string; backTo: string; backLabel: string }) {
  return (
    <EmptyState
      icon="bi-printer"
      title={title}
      text={text}
      action={
        <Link to={backTo} className="btn btn-sm btn-primary">
          {backLabel}
        </Link>
      }
    />
  );
}
