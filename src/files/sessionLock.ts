// Which windows are alive: each page load holds a Web Lock named after its
// recovery slot for as long as it lives, so another window (or the next
// start after a crash) can tell a live window's copy from an orphan's.
const PREFIX = 'stacksizer-session-';

/** Holds this window's lock until the page goes away. */
export function holdSessionLock(sessionId: string, locks = navigator.locks): void {
  // The callback's promise never settles: the lock is released with the page.
  locks
    .request(`${PREFIX}${sessionId}`, () => new Promise<never>(() => undefined))
    .catch(() => {
      // A page that cannot take locks treats every other copy as an orphan's.
    });
}

/** The recovery slots of windows that are open now. */
export async function liveSessions(locks = navigator.locks): Promise<Set<string>> {
  const { held = [] } = await locks.query();
  return new Set(
    held.flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name.slice(PREFIX.length)] : [])),
  );
}
