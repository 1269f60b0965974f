import { useEffect, useId, useRef, useState } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

const DEBOUNCE_MS = 350;

interface SearchBoxProps {
  value: string;
  onSearch(q: string): void;
  label?: string;
  placeholder?: string;
  className?: string;
}

/**
 * The list's `q`: searches while typing (after a short pause, so the server sees words, not keystrokes),
 * at once on Enter; Escape clears it. Follows the URL when it changes from elsewhere (clear filters, back).
 */
export function SearchBox({ value, onSearch, label, placeholder, className }: SearchBoxProps) {
  const { t } = useTranslation('resource');
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() === sent.current.trim()) return;
    sent.current = q;
    onSearch(q);
  };

  return (
    <Form
      role="search"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        send(text);
      }}
    >
      <Form.Label htmlFor={id} visuallyHidden>
        {label ?? t('table.search')}
      </Form.Label>
      <InputGroup size="sm">
        <InputGroup.Text aria-hidden="true">
          <i className="bi bi-search" />
        </InputGroup.Text>
        <Form.Control
          id={id}
          type="search"
          value={text}
          placeholder={placeholder ?? t('table.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => {
            const q = e.target.value;
            setText(q);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => send(q), DEBOUNCE_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) {
              e.preventDefault();
              setText('');
              send('');
            }
          }}
        />
      </InputGroup>
    </Form>
  );
}
