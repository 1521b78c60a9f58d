import type { ClipboardEvent } from 'react';
import { showGwei } from '../../lib/formatGwei';

/**
 * A gwei figure as read at a glance (four significant digits, gasFormat.ts), with the exact figure on hover (its
 * title) and on copy: copying the figure, or a selection inside it, copies the exact one.
 */
export function Gwei({ gwei, unit = false, className, testId }: { gwei: string; unit?: boolean; className?: string; testId?: string }) {
  const exact = unit ? `${gwei} gwei` : gwei;
  const onCopy = (event: ClipboardEvent<HTMLSpanElement>) => {
    const selection = document.getSelection();
    const inside = (node: Node | null | undefined) => node !== null && node !== undefined && event.currentTarget.contains(node);
    if (!selection || selection.isCollapsed || !inside(selection.anchorNode) || !inside(selection.focusNode)) return;
    event.clipboardData.setData('text/plain', exact);
    event.preventDefault();
  };
  return (
    <span className={className} title={`${gwei} gwei exactly`} data-exact={gwei} data-testid={testId} onCopy={onCopy}>
      {showGwei(gwei)}
      {unit ? ' gwei' : null}
    </span>
  );
}
