import { useId, useState, type ReactNode } from 'react';
import './Term.css';

/**
 * A word a person may not know (max fee per gas, blob base fee), underlined with dots: its meaning shows on hover
 * and on keyboard focus, and is the word's accessible description. Escape hides it until the word is left.
 */
export function Term({ children, explain }: { children: ReactNode; explain: string }) {
  const id = useId();
  const [hidden, setHidden] = useState(false);
  return (
    <span className="term" data-hidden={hidden || undefined} onMouseLeave={() => setHidden(false)}>
      <span
        className="term-word"
        tabIndex={0}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setHidden(true);
        }}
        onBlur={() => setHidden(false)}
      >
        {children}
      </span>
      <span id={id} role="tooltip" className="term-tip">
        {explain}
      </span>
    </span>
  );
}
