import { PathNumber } from '../components/PathFields';

/** Project-wide defaults; each has a source in the core and can be overridden here. */
export function SettingsEditor() {
  return (
    <section className="panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <div className="fields">
        <PathNumber path="settings.slack_pct" label="Slack space" unit="%" />
        <PathNumber path="settings.reserve_hosts" label="Host-failure reserve (N+x)" />
        <PathNumber
          path="settings.on_disk_format_overhead_pct"
          label="On-disk format overhead"
          unit="%"
        />
        <PathNumber
          path="settings.dedup_metadata_overhead_pct"
          label="Dedup metadata overhead"
          unit="%"
        />
        <PathNumber
          path="settings.virtualization_cpu_overhead_pct"
          label="Virtualization CPU overhead"
          unit="%"
        />
        <PathNumber path="settings.planning_horizon_years" label="Planning horizon" unit="years" />
        <PathNumber
          path="settings.device_utilisation_ceiling_pct"
          label="Device utilisation ceiling"
          unit="%"
        />
        <PathNumber path="settings.capacity_alert_pct" label="Capacity alert" unit="%" />
        <PathNumber
          path="settings.cache_pct_of_consumed"
          label="Cache share of consumed"
          unit="%"
        />
        <PathNumber
          path="settings.dedup_ratios.sql_server"
          label="Dedup ratio: SQL Server"
          unit=":1"
        />
        <PathNumber path="settings.dedup_ratios.exchange" label="Dedup ratio: Exchange" unit=":1" />
        <PathNumber
          path="settings.dedup_ratios.file_server"
          label="Dedup ratio: file server"
          unit=":1"
        />
        <PathNumber
          path="settings.dedup_ratios.vm_group"
          label="Dedup ratio: VM groups"
          unit=":1"
        />
      </div>
    </section>
  );
}
