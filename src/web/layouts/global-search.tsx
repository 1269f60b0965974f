import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolveSearchTarget } from './search-target';

/**
 * Topbar search for a tracking number, package code, slip code, MAWB number, customer phone or code, or order
 * code: an exact match opens that record, anything else the tracking search with the text (see search-target.ts).
 */
export function GlobalSearch({ className = '', autoFocus = false, onDone }: { className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    try {
      const target = await resolveSearchTarget(q);
      void navigate(target);
      setText('');
      onDone?.();
    } finally {
      setBusy(false);
    }
  }
  return (
    <form role="search" className={`global-search ${className}`} onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label htmlFor={id} className="visually-hidden">
        {t('topbar.searchLabel')}
      </label>
      <i className={`bi ${busy ? 'bi-hourglass-split' : 'bi-search'} global-search-icon`} aria-hidden="true" />
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
