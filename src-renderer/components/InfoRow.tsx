import { memo, type ReactNode } from 'react';

/** One label/value row of an `InfoList`. */
export const InfoRow = memo(function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
});
