import type { ReactNode } from 'react';
import './ui.css';

export type Tone = 'success' | 'secondary' | 'warning' | 'danger' | 'info' | 'primary';

interface StatusBadgeProps {
  tone: Tone;
  children: ReactNode;
  /** A bootstrap-icons class shown before the text, so the state does not rest on colour alone. */
  icon?: string;
  className?: string;
}

/** A status as a soft pill whose colours keep AA contrast in the light and dark themes. */
export function StatusBadge({ tone, children, icon, className }: StatusBadgeProps) {
  return (
    <span
      className={`badge rounded-pill fw-medium status-badge bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle${className ? ` ${className}` : ''}`}
    >
      {icon && <i className={`bi ${icon} me-1`} aria-hidden="true" />}
      {children}
    </span>
  );
}

/** The badge of a value from a closed set: `tones` maps each value to its colour. */
export function ValueBadge<V extends string>({ value, tones, label }: { value: V; tones: Record<V, Tone>; label: string }) {
  return <StatusBadge tone={tones[value] ?? 'secondary'}>{label}</StatusBadge>;
}
