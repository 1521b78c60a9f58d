import type { MethodLabel } from '../../../src-shared/api/explorer';
import { SOURCE_LABEL } from '../../../src-shared/decoding/types';

/** A transaction's method as a small badge: its name, its selector, a transfer or a creation. */
export function MethodBadge({ method }: { method: MethodLabel }) {
  if (method.kind === 'transfer') return <span className="badge method-badge">Value transfer</span>;
  if (method.kind === 'create') return <span className="badge method-badge">Create contract</span>;
  return (
    <span className="badge badge-accent method-badge mono" title={method.name ? `${method.name} · ${method.selector} · from the ${SOURCE_LABEL[method.source ?? 'signatures']}` : `Unknown selector ${method.selector}`}>
      {method.name ?? method.selector}
    </span>
  );
}

/** The words of a method, for filtering and copying. */
export function methodText(method: MethodLabel): string {
  if (method.kind === 'transfer') return 'Value transfer';
  if (method.kind === 'create') return 'Create contract';
  return method.name ?? method.selector ?? '';
}
