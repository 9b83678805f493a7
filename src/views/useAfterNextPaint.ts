import { startTransition, useEffect, useState } from 'react';

/**
 * `value` as it was when the page last painted: a new value reaches the
 * views that read this copy in a transition started in the frame that
 * paints the edit, so their render runs after that frame and never delays
 * it. React's `useDeferredValue` starts its render at once, in a task that
 * Chromium often runs before the next frame (a 5 ms slice, or the whole
 * deferred commit and its layout): seed 003's key figures then missed
 * their frame (docs/performance.md, "Where the time goes in the app"). A
 * newer value supersedes one still waiting; a newer edit interrupts the
 * transition's render, as it did the deferred one.
 */
export function useAfterNextPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    // An animation frame callback runs before that frame's layout and
    // paint; React renders the transition it starts in a later task.
    const frame = requestAnimationFrame(() => startTransition(() => setPainted(value)));
    return () => cancelAnimationFrame(frame);
  }, [painted, value]);
  return painted;
}
