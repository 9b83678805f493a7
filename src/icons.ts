// The icons the app names, bundled with it. Blueprint's default loader
// fetches a chunk of every 16 px icon's paths (400 KB) on the first render
// and draws each icon again when it arrives, after the first figures, on
// every start (docs/performance.md, cold start). Any other icon (one that
// Blueprint's own components draw) still loads that way, on first use.
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
// One module per icon: not the index, which holds them all.
import addIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/add';
import addRowBottomIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/add-row-bottom';
import arrowDownIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-down';
import blankIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/blank';
import bookIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/book';
import crossIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import documentIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import doubleCaretVerticalIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical';
import duplicateIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import editIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import errorIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import exportIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import floppyDiskIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import folderOpenIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open';
import helpIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import historyIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import importIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/import';
import infoSignIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import layersIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/layers';
import manualIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import percentageIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/percentage';
import plusIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus';
import redoIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/redo';
import searchIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import smallCrossIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import sortAscIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/sort-asc';
import sortDescIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/sort-desc';
import stopIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/stop';
import thIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import thDerivedIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-derived';
import thListIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import tickIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import tickCircleIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import trashIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import undoIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import warningSignIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';

/** The 16 px paths of every icon the app's views name, and of the select's caret and the close cross. */
const BUNDLED: Partial<Record<IconName, IconPaths>> = {
  add: addIcon,
  'add-row-bottom': addRowBottomIcon,
  'arrow-down': arrowDownIcon,
  blank: blankIcon,
  book: bookIcon,
  cross: crossIcon,
  document: documentIcon,
  'double-caret-vertical': doubleCaretVerticalIcon,
  duplicate: duplicateIcon,
  edit: editIcon,
  error: errorIcon,
  export: exportIcon,
  'floppy-disk': floppyDiskIcon,
  'folder-open': folderOpenIcon,
  help: helpIcon,
  history: historyIcon,
  import: importIcon,
  'info-sign': infoSignIcon,
  layers: layersIcon,
  manual: manualIcon,
  percentage: percentageIcon,
  plus: plusIcon,
  redo: redoIcon,
  search: searchIcon,
  'small-cross': smallCrossIcon,
  'sort-asc': sortAscIcon,
  'sort-desc': sortDescIcon,
  stop: stopIcon,
  th: thIcon,
  'th-derived': thDerivedIcon,
  'th-list': thListIcon,
  tick: tickIcon,
  'tick-circle': tickCircleIcon,
  trash: trashIcon,
  undo: undoIcon,
  'warning-sign': warningSignIcon,
};

export const BUNDLED_ICONS = Object.keys(BUNDLED) as IconName[];

/** A bundled icon at once; any other from Blueprint's chunk of its size. */
export async function loadIcon(name: IconName, size: IconSize): Promise<IconPaths> {
  const bundled = size === IconSize.STANDARD ? BUNDLED[name] : undefined;
  if (bundled) return bundled;
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
  return splitPathsBySizeLoader(name, size);
}

/**
 * Makes `loadIcon` Blueprint's loader and loads the bundled icons: resolved
 * within microtasks, so that the first render draws them.
 */
export function loadBundledIcons(): Promise<void> {
  Icons.setLoaderOptions({ loader: loadIcon });
  return Icons.load(BUNDLED_ICONS, IconSize.STANDARD);
}
