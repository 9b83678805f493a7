import type { ReactNode } from 'react';

/** A wide table that scrolls sideways; focusable so keyboard users can scroll it too. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
