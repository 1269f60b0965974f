import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';

/** A line of a picker's dropdown that is not an option: searching (with a spinner), a failure, or nothing found. */
export function PickerNote({ busy = false, danger = false, children }: { busy?: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <li className={`list-group-item small ${danger ? 'text-danger-emphasis' : 'text-body-secondary'}`} role="presentation">
      {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </li>
  );
}

/**
 * One option of a picker's listbox: highlighted under the pointer and chosen by a click; pressing it does not
 * take the focus from the input (so the list is still there when the click lands).
 */
export function PickerOption({ id, selected, onPick, onHover, className = '', children }: { id: string; selected: boolean; onPick: () => void; onHover: () => void; className?: string; children: ReactNode }) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={`list-group-item list-group-item-action${className}${selected ? ' active' : ''}`}
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={onHover}
      onClick={onPick}
    >
      {children}
    </li>
  );
}
