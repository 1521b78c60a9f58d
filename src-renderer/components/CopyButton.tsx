import { useEffect, useState } from 'react';
import { Icon } from './Icon';

/** Copies `value` to the clipboard; its accessible name says what it copies. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1200);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <button
      type="button"
      className="btn btn-ghost btn-small copy-button"
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      title={copied ? 'Copied' : `Copy ${label}`}
      onClick={() => {
        // A refused clipboard (permissions) leaves the value selectable on screen; nothing else to do.
        navigator.clipboard.writeText(value).then(() => setCopied(true), () => undefined);
      }}
    >
      <Icon name={copied ? 'check' : 'copy'} size={14} />
    </button>
  );
}
