import { Checkbox, Classes } from '@blueprintjs/core';
import type { RecommendOptions } from '../core/types';
import { CheckboxGroup, CountInput } from './constraintInputs';
import { useCatalogListing } from './useCatalogListing';

/** The parts a search may use and the disk groups and slack it sizes with, as typed. */
export interface HostFilter {
  vendors: string[];
  generations: string[];
  hostModels: string;
  minDiskGroups: string;
  maxDiskGroups: string;
  slackPct: string;
  includeLegacy: boolean;
}

export const NO_HOST_FILTER: HostFilter = {
  vendors: [],
  generations: [],
  hostModels: '',
  minDiskGroups: '',
  maxDiskGroups: '',
  slackPct: '',
  includeLegacy: false,
};

const optional = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The search options the filter states, or what cannot be read as a number.
 * The ranges are the core's to check: its refusal names the option and the range.
 */
export function hostFilterOptions(
  f: HostFilter,
): { options: Partial<RecommendOptions> } | { error: string } {
  const minDiskGroups = optional(f.minDiskGroups);
  const maxDiskGroups = optional(f.maxDiskGroups);
  const slackPct = optional(f.slackPct);
  // What the core's whole-number option can hold; it names its 1-5 range itself.
  const counted = (v: number) => Number.isInteger(v) && v >= 0 && v <= 0xffff_ffff;
  if ([minDiskGroups, maxDiskGroups].some((v) => v !== undefined && !counted(v))) {
    return { error: 'Disk groups per host must be whole numbers (1 to 5).' };
  }
  if (slackPct !== undefined && !Number.isFinite(slackPct)) {
    return { error: 'Slack must be a percentage.' };
  }
  return {
    options: {
      vendors: f.vendors,
      generations: f.generations,
      host_models: f.hostModels
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
      min_disk_groups: minDiskGroups,
      max_disk_groups: maxDiskGroups,
      slack_pct: slackPct,
      include_legacy: f.includeLegacy,
    },
  };
}

/**
 * Vendors and host generations from the catalog the search uses (the
 * user's own merged in), host models, disk groups per host, slack and
 * whether seed-era parts count. None chosen means any.
 */
export function HostConstraints(props: {
  value: HostFilter;
  onChange: (update: (f: HostFilter) => HostFilter) => void;
}) {
  const listing = useCatalogListing();

  const f = props.value;
  const rows = (listing?.rows ?? []).filter((r) => f.includeLegacy || !r.legacy);
  const choices = (values: (string | undefined)[]) =>
    [...new Set(values.filter((v): v is string => !!v))]
      .sort()
      .map((v) => ({ value: v, label: v }));
  const vendors = choices(rows.map((r) => r.vendor));
  // "Dell PowerEdge 16G", not its CPU detail: the core matches a part of the name.
  const generations = choices(
    rows.map((r) => (r.spec.category === 'host' ? r.spec.generation?.split(' (')[0] : undefined)),
  );
  const set =
    <K extends keyof HostFilter>(key: K) =>
    (value: HostFilter[K]) =>
      props.onChange((now) => ({ ...now, [key]: value }));
  const setList = (key: 'vendors' | 'generations') => (update: (chosen: string[]) => string[]) =>
    props.onChange((now) => ({ ...now, [key]: update(now[key]) }));

  return (
    <div className="panel-actions" data-testid="host-constraints">
      <CheckboxGroup
        legend="Vendors of every part: hosts, drives, arrays (any when none is ticked)"
        options={vendors}
        chosen={f.vendors}
        onChange={setList('vendors')}
      />
      <CheckboxGroup
        legend="Host generations (any when none is ticked)"
        options={generations}
        chosen={f.generations}
        onChange={setList('generations')}
      />
      <label>
        Host models{' '}
        <input
          type="text"
          className={Classes.INPUT}
          size={24}
          placeholder="any, comma-separated"
          value={f.hostModels}
          onChange={(e) => set('hostModels')(e.target.value)}
        />
      </label>
      <span className="constraint-pair">
        <CountInput
          label="Disk groups per host from"
          size={2}
          value={f.minDiskGroups}
          onChange={set('minDiskGroups')}
        />{' '}
        <CountInput label="to" size={2} value={f.maxDiskGroups} onChange={set('maxDiskGroups')} />
      </span>
      <CountInput
        label="Slack (%)"
        size={6}
        placeholder="project's"
        value={f.slackPct}
        onChange={set('slackPct')}
      />
      <Checkbox
        inline
        label="Include seed-era (legacy) parts"
        checked={f.includeLegacy}
        onChange={(e) => set('includeLegacy')(e.currentTarget.checked)}
      />
    </div>
  );
}
