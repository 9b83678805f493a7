import { useCallback } from 'react';
import type { OpenResult } from '../files/documents';
import { useApp } from '../store/context';

/** Shows the issues of a refused file; a successful open clears them. */
export function useReportOpen(): (result: OpenResult) => void {
  const showFileProblem = useApp((s) => s.showFileProblem);
  return useCallback(
    (result) => {
      if (result.status === 'invalid') {
        showFileProblem({ fileName: result.fileName, issues: result.issues });
      } else if (result.status === 'opened') {
        showFileProblem(null);
      }
    },
    [showFileProblem],
  );
}
