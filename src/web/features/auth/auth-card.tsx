import type { ReactNode } from 'react';
import './auth.css';

/**
 * The card every auth screen shows: title, optional subtitle, content and an optional footer. The brand is the
 * AuthLayout's; `header` puts something above the title (who is signed in, an icon).
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  header,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  header?: ReactNode;
}) {
  return (
    <div className="card auth-card shadow-sm border-0">
      <div className="card-body p-4 p-sm-5">
        {header ? <div className="text-center mb-3">{header}</div> : null}
        <h1 className="h4 text-center mb-1">{title}</h1>
        {subtitle ? <p className="text-body-secondary text-center mb-4">{subtitle}</p> : <div className="mb-4" />}
        {children}
      </div>
      {footer ? <div className="card-footer bg-transparent text-center py-3 small">{footer}</div> : null}
    </div>
  );
}
