import { useApp } from '../store/context';
import type { EditorTab } from '../store/uiSlice';
import { DesignEditor } from './DesignEditor';
import { DevicesEditor } from './DevicesEditor';
import { PoliciesEditor } from './PoliciesEditor';
import { SettingsEditor } from './SettingsEditor';
import { WorkloadTable } from './WorkloadTable';

const TABS: { id: EditorTab; label: string }[] = [
  { id: 'design', label: 'Design' },
  { id: 'workloads', label: 'Workloads' },
  { id: 'policies', label: 'Policies' },
  { id: 'devices', label: 'Devices' },
  { id: 'settings', label: 'Settings' },
];

export function EditorTabs() {
  const tab = useApp((s) => s.editorTab);
  const setTab = useApp((s) => s.setEditorTab);
  const clusterCount = useApp((s) => s.project.clusters.length);
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Editors">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="editor-panel"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="editor-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="column">
        {tab === 'design' &&
          Array.from({ length: clusterCount }, (_, i) => <DesignEditor key={i} clusterIndex={i} />)}
        {tab === 'workloads' && <WorkloadTable />}
        {tab === 'policies' && <PoliciesEditor />}
        {tab === 'devices' && <DevicesEditor />}
        {tab === 'settings' && <SettingsEditor />}
      </div>
    </>
  );
}
