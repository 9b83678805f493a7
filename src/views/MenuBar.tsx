import {
  Alignment,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Popover,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { examples } from '../examples';
import { confirmDiscard, openFileText } from '../files/commands';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { hasUnsavedChanges } from '../store/projectSlice';
import type { ReportPaper } from '../store/uiSlice';
import type { AppCommand, AppCommandId } from './appCommands';
import { RecentFilesMenu } from './RecentFiles';
import { useReportOpen } from './useReportOpen';

const PAPERS: { paper: ReportPaper; text: string }[] = [
  { paper: 'a4', text: 'A4 paper' },
  { paper: 'letter', text: 'Letter paper' },
];

/** A command as a menu item: its icon, its chord on the right, off while it cannot run. */
function CommandItem({ command }: { command: AppCommand }) {
  return (
    <MenuItem
      text={command.text}
      icon={command.icon}
      label={command.shortcut}
      disabled={command.blocked !== undefined}
      htmlTitle={command.blocked}
      onClick={command.run}
    />
  );
}

function TopMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover content={<Menu aria-label={label}>{children}</Menu>} placement="bottom-start" minimal>
      <Button variant="minimal" text={label} />
    </Popover>
  );
}

/**
 * The desktop menu bar of the window: File, Edit, Export and Examples, each
 * item with its shortcut. The Electron menu has only part of these
 * (no workloads CSV, XLSX, CSV or examples), so the bar is shown there too.
 */
export function MenuBar({ commands }: { commands: Record<AppCommandId, AppCommand> }) {
  const services = useServices();
  const reportOpen = useReportOpen();
  const projectName = useApp((s) => s.project.name);
  const fileName = useApp((s) => s.fileName);
  const unsaved = useApp(hasUnsavedChanges);
  const paper = useApp((s) => s.reportPaper);
  const setPaper = useApp((s) => s.setReportPaper);
  const item = (id: AppCommandId) => <CommandItem command={commands[id]} />;

  return (
    <nav aria-label="Menu bar">
      <Navbar className="menu-bar">
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>
            <h1 className="brand">StackSizer</h1>
          </NavbarHeading>
          <NavbarDivider />
          <TopMenu label="File">
            {item('new')}
            {item('open')}
            <RecentFilesMenu />
            <MenuDivider />
            {item('save')}
            {item('save-as')}
            <MenuDivider />
            {item('import-inventory')}
            {item('import-workloads')}
            {item('export-workloads')}
          </TopMenu>
          <TopMenu label="Edit">
            {item('undo')}
            {item('redo')}
          </TopMenu>
          <TopMenu label="Export">
            {item('export-xlsx')}
            {item('export-csv')}
            {item('export-pdf')}
            <MenuDivider title="Report paper" />
            {PAPERS.map((p) => (
              <MenuItem
                key={p.paper}
                role="menuitemradio"
                aria-checked={paper === p.paper}
                text={p.text}
                icon={paper === p.paper ? 'tick' : 'blank'}
                onClick={() => setPaper(p.paper)}
              />
            ))}
          </TopMenu>
          <TopMenu label="Examples">
            {examples.map((e) => (
              <MenuItem
                key={e.fileName}
                text={e.name}
                icon="book"
                onClick={() =>
                  void confirmDiscard(services, `Opening the example ${e.name}`).then(
                    (discard) =>
                      discard && openFileText(services, e.fileName, async () => e.text, reportOpen),
                  )
                }
              />
            ))}
          </TopMenu>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END} className="document-title">
          <span className="project-name" title={projectName}>
            {projectName}
          </span>
          <span className="document-state" data-testid="document-state">
            {fileName ?? 'Untitled'}
            {unsaved && <span title="Unsaved changes"> • unsaved</span>}
          </span>
        </NavbarGroup>
      </Navbar>
    </nav>
  );
}
