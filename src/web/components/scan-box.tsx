import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';
import { parseScannedNumbers } from '../../shared/domain/scan';
import './scan-box.css';

/**
 * A box for a barcode gun: a code is taken on Enter (or Tab, which some guns send), or — for guns set up without a
 * suffix — after a short pause when it arrived the way a gun types it: all at once (a paste, one input event) or
 * key after key faster than a person types. A person typing slowly is never cut off mid-code: they press Enter.
 * A paste of several codes gives each one. The box empties after each take and keeps the focus for the next scan.
 */

/** Keys further apart than this were typed by a person. */
export const SCAN_KEY_GAP_MS = 60;
/** Quiet time after gun-speed input before the code is taken without Enter. */
export const SCAN_PAUSE_MS = 250;
/** Shorter gun-speed input is not taken without Enter (a stray key press). */
export const SCAN_MIN_AUTO_LENGTH = 4;

export type ScanFeedback = { kind: 'success' | 'warning' | 'danger'; text: string } | null;

export interface ScanBoxProps {
  id: string;
  label: string;
  placeholder?: string;
  /** Called once per distinct code, cleaned and upper-cased. */
  onScan(code: string): void;
  feedback?: ScanFeedback;
  disabled?: boolean;
  busy?: boolean;
  help?: string;
}

export function ScanBox({ id, label, placeholder, onScan, feedback, disabled, busy, help }: ScanBoxProps) {
  const [value, setValue] = useState('');
  const lastKeyAt = useRef(0);
  const slow = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clearTimer, []);

  const take = (raw: string) => {
    clearTimer();
    setValue('');
    slow.current = false;
    lastKeyAt.current = 0;
    const parsed = parseScannedNumbers(raw);
    if (parsed.ok) for (const code of parsed.numbers) onScan(code);
    input.current?.focus();
  };

  const onChange = (next: string) => {
    const now = Date.now();
    const added = next.length - value.length;
    if (!next) slow.current = false;
    else if (added === 1 && value.length > 0 && now - lastKeyAt.current > SCAN_KEY_GAP_MS) slow.current = true;
    lastKeyAt.current = now;
    setValue(next);
    clearTimer();
    if (!slow.current && next.trim().length >= SCAN_MIN_AUTO_LENGTH) timer.current = setTimeout(() => take(next), SCAN_PAUSE_MS);
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
    take(value + text);
  };

  const feedbackId = `${id}-feedback`;
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="position-relative">
        <i className="bi bi-upc-scan position-absolute top-50 start-0 translate-middle-y ms-2 text-body-secondary" aria-hidden="true" />
        <Form.Control
          ref={input}
          value={value}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          className="font-tabular scan-box-input"
          placeholder={placeholder}
          aria-describedby={feedback ? feedbackId : undefined}
          aria-busy={busy || undefined}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          data-testid="scan-box"
        />
      </div>
      {help && <Form.Text>{help}</Form.Text>}
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
