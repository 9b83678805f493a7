import { useEffect, useState } from 'react';
import { confirmDiscard, openFileText } from '../files/commands';
import { attempt } from '../files/failures';
import type { RecentFile } from '../platform';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { useReportOpen } from './useReportOpen';

/** Reopens a file opened or saved before (desktop app only). */
export function RecentFiles() {
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
    <label className="examples">
      <span>Recent</span>
      <select
        value=""
        onChange={(event) => {
          const picked = recent[Number(event.target.value)];
          if (event.target.value === '' || !picked) return;
          const index = Number(event.target.value);
          void confirmDiscard(services, `Opening ${picked.fileName}`).then(
            (discard) =>
              discard &&
              openFileText(
                services,
                picked.fileName,
                async () => (await services.platform.openRecent(index)).text,
                reportOpen,
              ),
          );
        }}
      >
        <option value="">Open a recent file…</option>
        {recent.map((r, i) => (
          <option key={`${r.folder}/${r.fileName}`} value={i} title={r.folder}>
            {r.fileName} — {r.folder}
          </option>
        ))}
      </select>
    </label>
  );
}
