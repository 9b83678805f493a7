import { useEffect, useState } from 'react';
import { confirmDiscard } from '../files/commands';
import { openProjectText } from '../files/documents';
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
    void services.platform.recentFiles().then((list) => current && setRecent(list));
    return () => {
      current = false;
    };
  }, [services.platform, fileName]);
  if (recent.length === 0) return null;
  return (
    <label className="examples">
      <span>Recent</span>
      <select
        value=""
        onChange={(event) => {
          const index = Number(event.target.value);
          if (event.target.value === '' || !confirmDiscard(services)) return;
          void services.platform
            .openRecent(index)
            .then((file) =>
              openProjectText(services.store, services.core, file.fileName, file.text),
            )
            .then(reportOpen);
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
