import { Button, ButtonGroup } from '@blueprintjs/core';
import type { AppCommand, AppCommandId } from './appCommands';

/** The most used commands, a click away; the menu bar has them all. */
const GROUPS: AppCommandId[][] = [
  ['new', 'open', 'save', 'save-as'],
  ['undo', 'redo'],
  ['import-inventory', 'import-workloads'],
  ['export-xlsx', 'export-pdf'],
];

export function Toolbar({ commands }: { commands: Record<AppCommandId, AppCommand> }) {
  return (
    <nav className="toolbar" aria-label="Project">
      {GROUPS.map((group) => (
        <ButtonGroup key={group[0]} variant="minimal">
          {group.map((id) => {
            const c = commands[id];
            return (
              <Button
                key={id}
                icon={c.icon}
                text={c.text}
                size="small"
                disabled={c.blocked !== undefined}
                title={c.blocked ?? c.shortcut}
                onClick={c.run}
              />
            );
          })}
        </ButtonGroup>
      ))}
    </nav>
  );
}
