import type { ReactNode } from 'react';
import { useApp } from '../store/context';
import { tabForPath } from '../store/uiSlice';
import { jumpToField } from '../views/jumpToField';

/** Text that opens the editor tab holding `path` and focuses its field. */
export function FieldLink({ path, children }: { path: string; children: ReactNode }) {
  const setEditorTab = useApp((s) => s.setEditorTab);
  const requestWorkloadField = useApp((s) => s.requestWorkloadField);
  return (
    <button
      type="button"
      className="field-link"
      title={`Go to ${path}`}
      onClick={() => {
        setEditorTab(tabForPath(path));
        // The workload grid may not have the row on screen: it scrolls to it.
        if (path.startsWith('workloads[')) requestWorkloadField(path);
        // The tab renders its fields on the next frame.
        else requestAnimationFrame(() => jumpToField(path));
      }}
    >
      {children}
    </button>
  );
}
