import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Topbar search for a tracking number, MAWB number, customer phone or code. Until a search API exists it
 * opens the tracking search with the text; the tracking screen decides what the text is.
 */
export function GlobalSearch({ className = '', autoFocus = false, onDone }: { className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(`/tracking/search?q=${encodeURIComponent(q)}`);
    setText('');
    onDone?.();
  }
  return (
    <form role="search" className={`global-search ${className}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('topbar.searchLabel')}
      </label>
      <i className="bi bi-search global-search-icon" aria-hidden="true" />
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={t('topbar.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        enterKeyHint="search"
      />
      <button type="submit" className="visually-hidden-focusable btn btn-sm btn-primary global-search-submit">
        {t('topbar.searchSubmit')}
      </button>
    </form>
  );
}
