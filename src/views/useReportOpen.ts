import { useCallback } from 'react';
import type { OpenResult } from '../files/documents';
import { useApp } from '../store/context';

/**
 * Shows the issues of a refused file; a successful open clears them and
 * says when the opened file has fields to fix (listed with the input problems).
 */
export function useReportOpen(): (result: OpenResult) => void {
  const showFileProblem = useApp((s) => s.showFileProblem);
  const setNotice = useApp((s) => s.setNotice);
  return useCallback(
    (result) => {
      if (result.status === 'invalid') {
        showFileProblem({ fileName: result.fileName, issues: result.issues });
      } else if (result.status === 'opened') {
        showFileProblem(null);
        setNotice(
          result.fixes.length > 0
            ? `Opened ${result.fileName} with ${result.fixes.length} field${result.fixes.length === 1 ? '' : 's'} to fix; nothing is sized until then.`
            : null,
        );
      }
    },
    [showFileProblem, setNotice],
  );
}
