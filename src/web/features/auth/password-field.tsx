import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from './inline-error';

/** A password input with a show/hide toggle, its label and its inline error. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  autoComplete,
  autoFocus,
  inputRef,
  name = 'password',
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  hint?: string;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className={`input-group ${error ? 'has-validation' : ''}`}>
        <input
          id={id}
          ref={inputRef}
          name={name}
          type={visible ? 'text' : 'password'}
          className={`form-control ${error ? 'is-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
          aria-controls={id}
          title={visible ? t('password.hide') : t('password.show')}
        >
          <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
        </button>
        <InlineError id={id} error={error} />
      </div>
      {hint && !error ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
