import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/** What a caller of a one-value text input gives: the value, its change, the refusal to show under it, focus and a ref. */
export interface TextEntryProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input outside a form library (sign-in and two-factor steps): the label, the input marked invalid
 * and described by its error, and the error under it at `${id}-error`.
 */
export function LabeledInput({
  label,
  value,
  onChange,
  error,
  autoFocus,
  inputRef,
  className,
  ...input
}: TextEntryProps & { label: ReactNode; className: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'onChange' | 'className' | 'id' | 'autoFocus'
  >) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        className={`${className} ${error ? 'is-invalid' : ''}`}
        value={value}
        autoFocus={autoFocus}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
