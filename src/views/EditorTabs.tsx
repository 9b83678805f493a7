import { Button } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/context';
import { TabBar, tabId, type TabItem } from './TabBar';
import { duplicateCluster, removeCluster } from '../store/clusterList';
import { AddClusterDialog } from './AddClusterDialog';
import type { EditorTab } from '../store/uiSlice';
import { DesignEditor } from './DesignEditor';
import { DevicesEditor } from './DevicesEditor';
import { PoliciesEditor } from './PoliciesEditor';
import { PricingEditor } from './PricingEditor';
import { ProjectFactsEditor } from './ProjectFactsEditor';
import { SettingsEditor } from './SettingsEditor';

// The workload grid (and its table and virtualiser) loads on first use, out
// of the start-up bundle; it focuses a requested field itself once mounted.
const WorkloadTable = lazy(() =>
  import('./WorkloadTable').then((m) => ({ default: m.WorkloadTable })),
);

const TABS: TabItem<EditorTab>[] = [
  { id: 'design', label: 'Design' },
  { id: 'workloads', label: 'Workloads' },
  { id: 'policies', label: 'Policies' },
  { id: 'devices', label: 'Devices' },
  { id: 'settings', label: 'Settings' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'facts', label: 'Report facts' },
];

export function EditorTabs() {
  const tab = useApp((s) => s.editorTab);
  const setTab = useApp((s) => s.setEditorTab);
  // Names and ids only: a cluster's own edits re-render just its editor.
  const ids = useApp(useShallow((s) => s.project.clusters.map((c) => c.id)));
  const names = useApp(useShallow((s) => s.project.clusters.map((c) => c.name)));
  const editProject = useApp((s) => s.editProject);
  const ask = useApp((s) => s.ask);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <TabBar
        label="Editors"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix="tab"
        panelId="editor-panel"
      />
      <div id="editor-panel" role="tabpanel" aria-labelledby={tabId('tab', tab)} className="column">
        {tab === 'design' && (
          <>
            {ids.map((id, i) => (
              <div key={id} className="column">
                <div className="panel-actions">
                  <strong>{names[i]}</strong>
                  <Button
                    icon="duplicate"
                    size="small"
                    text="Duplicate cluster"
                    onClick={() => editProject((p) => duplicateCluster(p, i))}
                  />
                  {ids.length > 1 && (
                    <Button
                      icon="trash"
                      size="small"
                      text="Remove cluster"
                      onClick={() =>
                        void ask({
                          title: `Remove ${names[i]}?`,
                          text: `${names[i]} and the workloads placed on it are removed. Undo brings them back.`,
                          choices: [
                            { value: 'cancel', label: 'Cancel' },
                            { value: 'remove', label: 'Remove the cluster' },
                          ],
                        }).then(
                          (answer) =>
                            answer === 'remove' && editProject((p) => removeCluster(p, i)),
                        )
                      }
                    />
                  )}
                </div>
                <DesignEditor clusterIndex={i} />
              </div>
            ))}
            <div className="panel-actions">
              <Button icon="add" text="Add cluster" onClick={() => setAdding(true)} />
            </div>
            {adding && <AddClusterDialog onClose={() => setAdding(false)} />}
          </>
        )}
        {tab === 'workloads' && (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <WorkloadTable />
          </Suspense>
        )}
        {tab === 'policies' && <PoliciesEditor />}
        {tab === 'devices' && <DevicesEditor />}
        {tab === 'settings' && <SettingsEditor />}
        {tab === 'pricing' && <PricingEditor />}
        {tab === 'facts' && <ProjectFactsEditor />}
      </div>
    </>
  );
}
