import { MenuItem } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { confirmDiscard, openFileText } from '../files/commands';
import { attempt } from '../files/failures';
import type { RecentFile } from '../platform';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { useReportOpen } from './useReportOpen';

/** Reopens a file opened or saved before (desktop app only): a File submenu. */
export function RecentFilesMenu() {
  const services = useServices();
  const fileName = useApp((s) => s.fileName);
  const reportOpen = useReportOpen();
  const [recent, setRecent] = useState<RecentFile[]>([]);
  useEffect(() => {
    let current = true;
    attempt(services.store, 'Reading the recent files', async () => {
      const list = await services.platform.recentFiles();
      if (current) setRecent(list);
    });
    return () => {
      current = false;
    };
  }, [services.store, services.platform, fileName]);
  if (recent.length === 0) return null;
  return (
    <MenuItem text="Open recent" icon="history">
      {recent.map((r, index) => (
        <MenuItem
          key={`${r.folder}/${r.fileName}`}
          text={r.fileName}
          label={r.folder}
          htmlTitle={`${r.folder}/${r.fileName}`}
          onClick={() =>
            void confirmDiscard(services, `Opening ${r.fileName}`).then(
              (discard) =>
                discard &&
                openFileText(
                  services,
                  r.fileName,
                  async () => (await services.platform.openRecent(index)).text,
                  reportOpen,
                ),
            )
          }
        />
      ))}
    </MenuItem>
  );
}
