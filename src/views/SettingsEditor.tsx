import { useEffect, useState } from 'react';
import { Classes } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { PathNumber } from '../components/PathFields';
import type { Settings } from '../core/types';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { getAtPath } from '../store/paths';

interface SettingField {
  /** Path below `settings`, as the core names it. */
  key: string;
  label: string;
  unit?: string;
}

const SIZING: SettingField[] = [
  { key: 'slack_pct', label: 'Slack space', unit: '%' },
  { key: 'reserve_hosts', label: 'Host-failure reserve (N+x)' },
  { key: 'on_disk_format_overhead_pct', label: 'On-disk format overhead', unit: '%' },
  { key: 'dedup_metadata_overhead_pct', label: 'Dedup metadata overhead', unit: '%' },
  { key: 'virtualization_cpu_overhead_pct', label: 'Virtualization CPU overhead', unit: '%' },
  { key: 'cpu_ceiling_pct', label: 'CPU ceiling after a failure', unit: '%' },
  { key: 'ram_ceiling_pct', label: 'RAM ceiling after a failure', unit: '%' },
  { key: 'planning_horizon_years', label: 'Planning horizon', unit: 'years' },
  { key: 'device_utilisation_ceiling_pct', label: 'Device utilisation ceiling', unit: '%' },
  { key: 'capacity_alert_pct', label: 'Capacity alert', unit: '%' },
  { key: 'cache_pct_of_consumed', label: 'Cache share of consumed', unit: '%' },
  { key: 'dedup_ratios.sql_server', label: 'Dedup ratio: SQL Server', unit: ':1' },
  { key: 'dedup_ratios.exchange', label: 'Dedup ratio: Exchange', unit: ':1' },
  { key: 'dedup_ratios.file_server', label: 'Dedup ratio: file server', unit: ':1' },
  { key: 'dedup_ratios.vm_group', label: 'Dedup ratio: VM groups', unit: ':1' },
];

const RESILIENCE: SettingField[] = [
  {
    key: 'resilience.repair_delay_minutes',
    label: 'Repair delay (absent components)',
    unit: 'min',
  },
  {
    key: 'resilience.hybrid_resync_gb_per_min',
    label: 'Hybrid resync, under load',
    unit: 'GB/min',
  },
  { key: 'resilience.hybrid_idle_resync_gb_per_min', label: 'Hybrid resync, idle', unit: 'GB/min' },
  {
    key: 'resilience.all_flash_resync_gb_per_min',
    label: 'All-flash resync (SAS/SATA cache), under load',
    unit: 'GB/min',
  },
  {
    key: 'resilience.all_flash_idle_resync_gb_per_min',
    label: 'All-flash resync (SAS/SATA cache), idle',
    unit: 'GB/min',
  },
  {
    key: 'resilience.nvme_resync_gb_per_min',
    label: 'All-flash resync (NVMe cache), under load',
    unit: 'GB/min',
  },
  {
    key: 'resilience.nvme_idle_resync_gb_per_min',
    label: 'All-flash resync (NVMe cache), idle',
    unit: 'GB/min',
  },
  { key: 'resilience.dedup_resync_gb_per_min', label: 'Dedup resync, under load', unit: 'GB/min' },
  { key: 'resilience.dedup_idle_resync_gb_per_min', label: 'Dedup resync, idle', unit: 'GB/min' },
  { key: 'resilience.long_resync_hours', label: 'Long-resync warning after', unit: 'h' },
  { key: 'resilience.ssd_afr_pct', label: 'Flash device failure rate', unit: '%/year' },
  { key: 'resilience.hdd_afr_pct', label: 'Spinning disk failure rate', unit: '%/year' },
  { key: 'resilience.host_afr_pct', label: 'Host failure rate', unit: '%/year' },
  {
    key: 'resilience.x_brick_controller_loss_iops_pct',
    label: 'X-Brick IOPS lost per failed controller',
    unit: '%',
  },
  {
    key: 'resilience.xdp_rebuild_iops_loss_pct',
    label: 'X-Brick IOPS lost during an XDP rebuild',
    unit: '%',
  },
  {
    key: 'resilience.vplex_director_loss_iops_pct',
    label: 'VPLEX engine IOPS lost per failed director',
    unit: '%',
  },
];

/** The core's value for every setting a project leaves out (null until the core answers). */
function useDefaultSettings(): Settings | null {
  const { core, store } = useServices();
  const [defaults, setDefaults] = useState<Settings | null>(null);
  useEffect(() => {
    let current = true;
    attempt(store, "Reading the core's default settings", async () => {
      const settings = await core.call('project/default-settings', {});
      if (current) setDefaults(settings);
    });
    return () => {
      current = false;
    };
  }, [core, store]);
  return defaults;
}

function SettingFields({
  fields,
  defaults,
}: {
  fields: SettingField[];
  defaults: Settings | null;
}) {
  return (
    <div className="editor-fields">
      {fields.map(({ key, label, unit }) => {
        const fallback = getAtPath(defaults, key);
        return (
          <PathNumber
            key={key}
            path={`settings.${key}`}
            label={label}
            unit={unit}
            optional
            placeholder={typeof fallback === 'number' ? `${fallback} (default)` : undefined}
          />
        );
      })}
    </div>
  );
}

/**
 * Project-wide settings. An empty field means the core's default (shown in
 * it, with its source in the core); typing a value overrides it for this
 * project, clearing the field goes back to the default.
 */
export function SettingsEditor() {
  const defaults = useDefaultSettings();
  return (
    <EditorPanel headingId="settings-heading" title="Settings">
      <p className={Classes.TEXT_MUTED}>Empty fields use the default shown in them.</p>
      <SettingFields fields={SIZING} defaults={defaults} />
      <h3 className={Classes.HEADING}>Failures and durability</h3>
      <SettingFields fields={RESILIENCE} defaults={defaults} />
    </EditorPanel>
  );
}
