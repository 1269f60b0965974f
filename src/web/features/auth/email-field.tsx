import { useTranslation } from 'react-i18next';
import { LabeledInput, type TextEntryProps } from '../../components/labeled-input';

export function EmailField(props: TextEntryProps) {
  const { t } = useTranslation('auth');
  return (
    <LabeledInput
      {...props}
      label={t('fields.email')}
      name="email"
      type="email"
      inputMode="email"
      className="form-control"
      autoComplete="username"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      placeholder={t('fields.emailPlaceholder')}
    />
  );
}

/** Deliberately loose (the server decides): something@something.tld, no spaces. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
