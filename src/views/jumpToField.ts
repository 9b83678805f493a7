/**
 * Focuses the input that edits `path` (a JSON path from the core), or the
 * closest one above it: `clusters[0].topology` finds the host count field.
 */
export function jumpToField(path: string, root: ParentNode = document): boolean {
  const inputs = Array.from(root.querySelectorAll<HTMLElement>('[data-path]'));
  let target = inputs.find((el) => el.dataset.path === path);
  for (let prefix = path; !target && prefix.length > 0; prefix = parentPath(prefix)) {
    target = inputs.find((el) => el.dataset.path?.startsWith(prefix));
  }
  if (!target) return false;
  target.scrollIntoView({ block: 'center' });
  target.focus();
  return true;
}

function parentPath(path: string): string {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut > 0 ? path.slice(0, cut) : '';
}
