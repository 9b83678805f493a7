import { getIconPaths, Icons, IconSize, type IconName } from '@blueprintjs/icons';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_ICONS, loadBundledIcons, loadIcon } from './icons';

/** Every icon name the app's own source gives an `icon` prop or field, in quotes. */
function iconNamesInSource(dir = import.meta.dirname): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'pkg') for (const n of iconNamesInSource(path)) names.add(n);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
      const text = readFileSync(path, 'utf8');
      // `icon="x"`, `icon={a ? 'x' : 'y'}`, `icon: 'x'` (IconName-typed tables).
      for (const m of text.matchAll(/\bicon(?:=\{([^}]*)\}|=("[^"]*")|:\s*('[^']*'))/g)) {
        for (const [, name = ''] of (m[1] ?? m[2] ?? m[3] ?? '').matchAll(
          /['"]([a-z0-9-]+)['"]/g,
        )) {
          // Other quoted words in the expression (`sorted === 'asc'`) are not icons.
          if (Icons.isValidIconName(name)) names.add(name);
        }
      }
    }
  }
  return names;
}

describe('bundled icons', () => {
  it("are Blueprint's own 16 px paths", async () => {
    for (const name of BUNDLED_ICONS) {
      expect(await loadIcon(name, IconSize.STANDARD), name).toEqual(
        getIconPaths(name, IconSize.STANDARD),
      );
    }
  });

  it('include every icon the views name, so none waits for the loader chunk', () => {
    const named = [...iconNamesInSource()];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((n) => !BUNDLED_ICONS.includes(n as IconName))).toEqual([]);
  });

  it("load any other icon from Blueprint's chunk, at either size", async () => {
    expect(await loadIcon('airplane', IconSize.STANDARD)).toEqual(
      getIconPaths('airplane', IconSize.STANDARD),
    );
    expect(await loadIcon('add', IconSize.LARGE)).toEqual(getIconPaths('add', IconSize.LARGE));
  }, 60_000); // transforms Blueprint's two chunks of every icon's paths

  it("are in Blueprint's cache once loaded, for the first render", async () => {
    await loadBundledIcons();
    expect(Icons.getPaths('floppy-disk', IconSize.STANDARD)).toEqual(
      getIconPaths('floppy-disk', IconSize.STANDARD),
    );
  });
});
