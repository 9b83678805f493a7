import { Classes } from '@blueprintjs/core';

/** Light or dark, as the operating system asks; follows it while the app runs. */
export function followOsTheme(body: HTMLElement, query: MediaQueryList): () => void {
  const apply = (): void => {
    body.classList.toggle(Classes.DARK, query.matches);
  };
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
