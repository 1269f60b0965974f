import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { parseScannedNumbers } from '../../shared/domain/scan';
import './scan-box.css';

/**
 * The one box for a barcode gun, and its one timing rule, used by every screen that takes numbers one scan at a
 * time (receiving, MAWB, slip, order parcels, printing, hand-over):
 * - a code is taken on Enter (or Tab, which some guns send), whoever typed it;
 * - without Enter, it is taken after SCAN_PAUSE_MS of quiet only when it arrived the way a gun types it: all at
 *   once (a paste, one input event) or key after key faster than a person types;
 * - a person typing slowly is never cut off mid-code: they press Enter (or the box's button);
 * - nothing is remembered from one code to the next: an Enter typed by hand does not make the next gun burst
 *   wait, so two scans are never glued together.
 * A paste of several codes gives each one. The box empties after each take and keeps the focus for the next scan.
 */

/** Keys further apart than this were typed by a person. */
const SCAN_KEY_GAP_MS = 60;
/** Quiet time after gun-speed input before the code is taken without Enter. */
export const SCAN_PAUSE_MS = 250;
/** Shorter gun-speed input is not taken without Enter (a stray key press). */
const SCAN_MIN_AUTO_LENGTH = 4;

/**
 * The timing rule itself, for any field a gun types into: `changed(before, after)` on each change; `onBurstEnd`
 * runs SCAN_PAUSE_MS after gun-speed input stops (never for a person typing slowly, who presses Enter); `reset()`
 * after Enter or a take, so nothing carries over to the next scan.
 */
export function useScanTiming(onBurstEnd: (value: string) => void) {
  const lastKeyAt = useRef(0);
  const slow = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return {
    changed(before: string, after: string) {
      const now = Date.now();
      if (!after) slow.current = false;
      else if (after.length - before.length === 1 && before.length > 0 && now - lastKeyAt.current > SCAN_KEY_GAP_MS) slow.current = true;
      lastKeyAt.current = now;
      cancel();
      if (!slow.current && after.trim().length >= SCAN_MIN_AUTO_LENGTH) timer.current = setTimeout(() => onBurstEnd(after), SCAN_PAUSE_MS);
    },
    reset() {
      cancel();
      slow.current = false;
      lastKeyAt.current = 0;
    },
  };
}

export type ScanFeedback = { kind: 'success' | 'warning' | 'danger'; text: string } | null;

export interface ScanBoxProps {
  id: string;
  label: string;
  placeholder?: string;
  /** Called once per distinct code, cleaned and upper-cased. */
  onScan?(code: string): void;
  /** Instead of onScan: called once per take with all its distinct codes (a pasted list goes in one request). */
  onScanList?(codes: string[]): void;
  /** At most this many codes in one take; more is refused whole and said through onTooMany. */
  max?: number;
  /** A take had more than `max` codes (their count), or null when the next take was within it. */
  onTooMany?(count: number | null): void;
  feedback?: ScanFeedback;
  disabled?: boolean;
  busy?: boolean;
  help?: string;
  /** A button next to the box that takes what is in it (for a mouse, or a phone without Enter). */
  action?: { label: string; icon: string };
  size?: 'lg';
  /** Take the focus once the screen has settled (the shell moves the focus to the page after a navigation). */
  autoFocus?: boolean;
}

export function ScanBox({ id, label, placeholder, onScan, onScanList, max, onTooMany, feedback, disabled, busy, help, action, size, autoFocus }: ScanBoxProps) {
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const timing = useScanTiming((raw) => take(raw));
  useEffect(() => {
    if (!autoFocus) return;
    const t = setTimeout(() => input.current?.focus({ preventScroll: true }), 0);
    return () => clearTimeout(t);
  }, [autoFocus]);

  const take = (raw: string) => {
    timing.reset();
    setValue('');
    const parsed = parseScannedNumbers(raw, max);
    if (!parsed.ok) onTooMany?.(parsed.count);
    else {
      onTooMany?.(null);
      if (onScanList) {
        if (parsed.numbers.length) onScanList(parsed.numbers);
      } else for (const code of parsed.numbers) onScan?.(code);
    }
    input.current?.focus();
  };

  const onChange = (next: string) => {
    timing.changed(value, next);
    setValue(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || (e.key === 'Tab' && value.trim())) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (value.trim()) take(value);
    }
  };

  // A one-line input drops the line breaks of a pasted list ("A\nB" would arrive as "AB"): a list is taken whole.
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[\r\n]/.test(text.trim())) return;
    e.preventDefault();
    take(`${value} ${text}`);
  };

  const feedbackId = `${id}-feedback`;
  const helpId = `${id}-help`;
  const describedBy = [help ? helpId : '', feedback ? feedbackId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="d-flex gap-2">
        <div className="position-relative flex-grow-1">
          <i className="bi bi-upc-scan position-absolute top-50 start-0 translate-middle-y ms-2 text-body-secondary" aria-hidden="true" />
          <Form.Control
            ref={input}
            value={value}
            size={size}
            disabled={disabled}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`font-tabular scan-box-input${size ? ` scan-box-input-${size}` : ''}`}
            placeholder={placeholder}
            aria-describedby={describedBy}
            aria-busy={busy || undefined}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            data-testid="scan-box"
          />
        </div>
        {action && (
          <Button variant="primary" size={size} className="text-nowrap" onClick={() => take(value)} disabled={disabled || busy || !value.trim()} aria-label={action.label}>
            <i className={`bi ${action.icon}`} aria-hidden="true" />
            <span className="ms-1 d-none d-sm-inline">{action.label}</span>
          </Button>
        )}
      </div>
      {help && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
      <div id={feedbackId} role="status" aria-live="polite" className="mt-1 small" data-testid="scan-feedback">
        {feedback && (
          <span className={`text-${feedback.kind === 'success' ? 'success' : feedback.kind === 'warning' ? 'warning-emphasis' : 'danger'}`}>
            <i className={`bi ${feedback.kind === 'success' ? 'bi-check-circle' : 'bi-exclamation-triangle'} me-1`} aria-hidden="true" />
            {feedback.text}
          </span>
        )}
      </div>
    </Form.Group>
  );
}
