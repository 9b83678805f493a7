import { Classes, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * Blueprint's minimal tag, the same elements and classes, for tags that
 * re-render on edits (the findings' rows and their count): Blueprint's `Tag` measures its text in a layout
 * effect (a forced layout) each time it mounts or its text changes, which
 * on a 2,000-workload project's findings cost tens of ms per edit
 * (docs/performance.md). The measuring only adds a title when the text is
 * cut, which short labels never are.
 */
export function StaticTag({
  intent,
  className,
  testId,
  children,
}: {
  intent: Intent;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const classes = [Classes.TAG, Classes.MINIMAL, Classes.intentClass(intent), className];
  return (
    <span className={classes.filter(Boolean).join(' ')} data-testid={testId}>
      <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{children}</span>
    </span>
  );
}
