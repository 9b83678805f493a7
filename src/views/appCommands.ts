import type { IconName } from '@blueprintjs/icons';
import { runCommand } from '../files/commands';
import type { MenuCommand } from '../platform';
import { useServices } from '../services';
import { useUndoState } from '../store/context';
import { exportLabel, useDataExchange, type ExportKind } from './DataExchange';
import { CHORDS, chordLabel, isMac } from './shortcuts';
import { useReportOpen } from './useReportOpen';

/** A command as the menu bar and the toolbar offer it. */
export interface AppCommand {
  /** The accessible name, the same in the menu and on the toolbar. */
  text: string;
  icon: IconName;
  shortcut?: string;
  /** Why it cannot run now, or undefined when it can. */
  blocked?: string;
  run: () => void;
}

export type AppCommandId =
  | 'new'
  | 'open'
  | 'save'
  | 'save-as'
  | 'undo'
  | 'redo'
  | 'import-inventory'
  | 'import-workloads'
  | 'export-workloads'
  | 'export-xlsx'
  | 'export-csv'
  | 'export-pdf';

const DOCUMENT: { id: MenuCommand; text: string; icon: IconName }[] = [
  { id: 'new', text: 'New', icon: 'document' },
  { id: 'open', text: 'Open…', icon: 'folder-open' },
  { id: 'save', text: 'Save', icon: 'floppy-disk' },
  { id: 'save-as', text: 'Save as…', icon: 'duplicate' },
  { id: 'undo', text: 'Undo', icon: 'undo' },
  { id: 'redo', text: 'Redo', icon: 'redo' },
  { id: 'import-inventory', text: 'Import inventory…', icon: 'import' },
];

const EXPORTS: { id: AppCommandId; kind: ExportKind; icon: IconName }[] = [
  { id: 'export-xlsx', kind: 'xlsx', icon: 'th-derived' },
  { id: 'export-csv', kind: 'csv', icon: 'th' },
  { id: 'export-pdf', kind: 'pdf', icon: 'manual' },
];

const MAC = isMac(navigator.platform);

/** Every command of the menu bar and toolbar, with its state now. */
export function useAppCommands(): Record<AppCommandId, AppCommand> {
  const services = useServices();
  const reportOpen = useReportOpen();
  const { canUndo, canRedo } = useUndoState();
  const exchange = useDataExchange();
  const blocked: Partial<Record<MenuCommand, string>> = {
    undo: canUndo ? undefined : 'Nothing to undo',
    redo: canRedo ? undefined : 'Nothing to redo',
  };
  const commands = {} as Record<AppCommandId, AppCommand>;
  for (const { id, text, icon } of DOCUMENT) {
    const chord = CHORDS[id];
    commands[id] = {
      text,
      icon,
      shortcut: chord && chordLabel(chord, MAC),
      blocked: blocked[id],
      run: () => void runCommand(id, services, reportOpen),
    };
  }
  commands['import-workloads'] = {
    text: 'Import workloads CSV…',
    icon: 'add-row-bottom',
    run: exchange.importWorkloadsCsv,
  };
  commands['export-workloads'] = {
    text: 'Export workloads CSV…',
    icon: 'export',
    run: exchange.exportWorkloadsCsv,
  };
  for (const { id, kind, icon } of EXPORTS) {
    commands[id] = {
      text: exportLabel(kind),
      icon,
      blocked: exchange.exportBlocked ?? undefined,
      run: () => exchange.exportReport(kind),
    };
  }
  return commands;
}
