import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { classes } from './FieldFrame';

/** One panel of the editor column: a Blueprint card named by its heading. */
export function EditorPanel({
  headingId,
  title,
  className,
  children,
}: {
  headingId: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={classes(Classes.CARD, Classes.COMPACT, 'editor-panel', className)}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={Classes.HEADING}>
        {title}
      </h2>
      {children}
    </section>
  );
}
