import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from './inline-error';

export function EmailField({
  value,
  onChange,
  error,
  autoFocus,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('fields.email')}
      </label>
      <input
        id={id}
        ref={inputRef}
        name="email"
        type="email"
        inputMode="email"
        className={`form-control ${error ? 'is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="username"
        autoFocus={autoFocus}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t('fields.emailPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <InlineError id={id} error={error} />
    </div>
  );
}

/** Deliberately loose (the server decides): something@something.tld, no spaces. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
