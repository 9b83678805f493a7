import { Button, Checkbox, Classes, HTMLSelect, HTMLTable, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { IssueItems } from '../components/IssueItems';
import { CoreError } from '../core/client';
import { SearchCancelled, startSearch, warmSearch, type RunningSearch } from '../core/search';
import type { Design, InputIssue, MustSurvive, Progress, RecommendOutcome } from '../core/types';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { useApp } from '../store/context';
import { sameDesign } from '../store/scenarios';
import { formatMoney } from '../units';
import { CheckboxGroup, CountInput } from './constraintInputs';
import { CustomiseDesign } from './CustomiseDesign';
import {
  HostConstraints,
  NO_HOST_FILTER,
  hostFilterOptions,
  type HostFilter,
} from './HostConstraints';
import { useReplaceDesign } from './useReplaceDesign';
import { VerdictTag } from './VerdictTag';

const FAMILY_LABEL: Record<Design['family'], string> = {
  hybrid_vsan: 'Hybrid vSAN',
  all_flash_vsan: 'All-flash vSAN',
  stretched_hybrid_vsan: 'Stretched hybrid vSAN',
  stretched_all_flash_vsan: 'Stretched all-flash vSAN',
  esa_vsan: 'vSAN ESA',
  xtremio_vplex: 'XtremIO + VPLEX',
};

/** The architectures a user picks; each names its single-site and stretched families. */
const ARCHITECTURES: { label: string; families: Design['family'][] }[] = [
  { label: 'Hybrid', families: ['hybrid_vsan', 'stretched_hybrid_vsan'] },
  { label: 'All-flash OSA', families: ['all_flash_vsan', 'stretched_all_flash_vsan'] },
  { label: 'ESA', families: ['esa_vsan'] },
  { label: 'XtremIO + VPLEX', families: ['xtremio_vplex'] },
];

/** The failures a user may require every design to ride out. */
const FAILURES: { value: MustSurvive; label: string }[] = [
  { value: 'capacity_device', label: 'Capacity device' },
  { value: 'disk_group', label: 'Disk group' },
  { value: 'host', label: 'Hosts up to N+x' },
  { value: 'site', label: 'Site' },
  { value: 'rebuild_in_time', label: 'Rebuild in time' },
];

type SortKey = 'cost' | 'per_tb' | 'per_iops' | 'cpu' | 'latency';
const SORTS: Record<SortKey, { label: string; value: (d: Design) => number }> = {
  cost: { label: 'Cost', value: (d) => d.cost },
  per_tb: { label: 'Cost per usable TB', value: (d) => d.figures.cost_per_usable_tb ?? Infinity },
  per_iops: { label: 'Cost per IOPS', value: (d) => d.figures.cost_per_iops ?? Infinity },
  cpu: {
    label: 'CPU after N+x (lowest first)',
    value: (d) => d.figures.cpu_after_failure_pct ?? Infinity,
  },
  latency: {
    label: 'Latency (where modelled)',
    value: (d) => d.figures.latency_ms ?? Infinity,
  },
};

/** "Pass", "Pass, 2 warnings": the verdict and how many warnings the design carries. */
const verdictText = (d: Design) => {
  const n = d.warnings.length;
  const status = d.verdict.status === 'fail' ? 'Fail' : 'Pass';
  return n === 0 ? status : `${status}, ${n} warning${n === 1 ? '' : 's'}`;
};

const pctText = (value: number | undefined) =>
  value === undefined ? '—' : `${value.toFixed(0)} %`;

/** "4 x Dell PowerEdge R760": the host line of a design's BOM, without the CPU detail. */
const hostsText = (d: Design) => {
  const host = d.bom[0];
  if (!host) return '';
  const model = host.description.replace(/^Host: /, '').replace(/ \(.*$/, '');
  return `${host.quantity} x ${model}`;
};

const PROTECTION_LABEL: Record<Design['protections'][number]['protection'], string> = {
  raid1_ftt0: 'RAID-1 FTT=0',
  raid1_ftt1: 'RAID-1 FTT=1',
  raid1_ftt2: 'RAID-1 FTT=2',
  raid5: 'RAID-5',
  raid6: 'RAID-6',
};

/**
 * Every BOM line after the hosts (devices, arrays, engines), each short
 * ("16 x Samsung PM893 3.84 TB SATA SSD") with its full BOM text.
 */
const deviceLines = (d: Design) =>
  d.bom.slice(1).map((l) => ({
    part: l.part,
    short: `${l.quantity} x ${l.description.replace(/^[^:]*: /, '').replace(/ \(.*$/, '')}`,
    full: `${l.quantity} x ${l.description}`,
  }));

const policies = (d: Design) =>
  d.protections.length === 0
    ? ['array protection (XDP)']
    : [...new Set(d.protections.map((p) => PROTECTION_LABEL[p.protection]))];

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The cheapest designs that meet every requirement, searched in a Worker of their own. */
export function RecommendationsView() {
  const { store } = useServices();
  const addVariant = useApp((s) => s.addVariant);
  const setResultsTab = useApp((s) => s.setResultsTab);
  const [budget, setBudget] = useState('');
  const [maxHosts, setMaxHosts] = useState('');
  const [minHosts, setMinHosts] = useState('');
  const [reserveHosts, setReserveHosts] = useState('');
  const [maxRackUnits, setMaxRackUnits] = useState('');
  const [maxPowerW, setMaxPowerW] = useState('');
  const [mustSurvive, setMustSurvive] = useState<MustSurvive[]>([]);
  const [architectures, setArchitectures] = useState<string[]>(ARCHITECTURES.map((a) => a.label));
  const [cleanOnly, setCleanOnly] = useState(false);
  const [hostFilter, setHostFilter] = useState<HostFilter>(NO_HOST_FILTER);
  const [sortKey, setSortKey] = useState<SortKey>('cost');
  const [familyFilter, setFamilyFilter] = useState<Design['family'] | 'all'>('all');
  const [frontOnly, setFrontOnly] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  // The search outlives this tab, until the design it searched for changes.
  const outcome = useApp((s) =>
    s.search && sameDesign(s.search.project, s.project) ? s.search.outcome : null,
  );
  const keepSearch = useApp((s) => s.keepSearch);
  const replaceDesign = useReplaceDesign();
  const [error, setError] = useState<string | null>(null);
  // What the core refused (a stored user catalog it no longer accepts), by field.
  const [errorIssues, setErrorIssues] = useState<InputIssue[]>([]);
  const running = useRef<RunningSearch | null>(null);
  const [busy, setBusy] = useState(false);
  // The search Worker compiles its core while the user sets the constraints.
  useEffect(warmSearch, []);

  const start = () => {
    const budgetValue = optionalNumber(budget);
    const hostsValue = optionalNumber(maxHosts);
    const minValue = optionalNumber(minHosts);
    const reserveValue = optionalNumber(reserveHosts);
    const unitsValue = optionalNumber(maxRackUnits);
    const powerValue = optionalNumber(maxPowerW);
    if (
      (budgetValue !== undefined && !(budgetValue > 0)) ||
      (hostsValue !== undefined && !(hostsValue >= 3))
    ) {
      setError('Budget must be a positive amount and maximum hosts at least 3.');
      return;
    }
    if (
      (minValue !== undefined &&
        !(Number.isInteger(minValue) && minValue >= 1 && minValue <= 64)) ||
      (reserveValue !== undefined &&
        !(Number.isInteger(reserveValue) && reserveValue >= 0 && reserveValue <= 3))
    ) {
      setError('Minimum hosts must be a whole number from 1 to 64 and N+x from 0 to 3.');
      return;
    }
    // The range is the core's to check; it names the field and the range.
    if (unitsValue !== undefined && !(Number.isInteger(unitsValue) && unitsValue >= 0)) {
      setError('Maximum rack units must be a whole number.');
      return;
    }
    if (powerValue !== undefined && !Number.isFinite(powerValue)) {
      setError('Maximum power must be a number of watts.');
      return;
    }
    if (architectures.length === 0) {
      setError('Choose at least one architecture to search.');
      return;
    }
    const filter = hostFilterOptions(hostFilter);
    if ('error' in filter) {
      setError(filter.error);
      return;
    }
    setExpanded(null);
    setError(null);
    setErrorIssues([]);
    keepSearch(null);
    setProgress(null);
    setBusy(true);
    const project = store.getState().project;
    const search = startSearch(
      {
        projectJson: JSON.stringify(project),
        options: {
          budget: budgetValue,
          max_hosts: hostsValue,
          min_hosts: minValue,
          reserve_hosts: reserveValue,
          max_rack_units: unitsValue,
          max_power_w: powerValue,
          must_survive: mustSurvive,
          families: ARCHITECTURES.filter((a) => architectures.includes(a.label)).flatMap(
            (a) => a.families,
          ),
          warnings: cleanOnly ? 'no_warnings' : 'errors_only',
          ...filter.options,
        },
        userCatalogJson: userCatalogJson(store.getState()),
      },
      setProgress,
    );
    running.current = search;
    search.result
      .then((result: RecommendOutcome) => keepSearch({ project, outcome: result }))
      .catch((e: unknown) => {
        setError(e instanceof SearchCancelled ? 'Search cancelled.' : String(e));
        if (e instanceof CoreError) setErrorIssues(e.issues);
      })
      .finally(() => {
        running.current = null;
        setBusy(false);
      });
  };

  const recommendation = outcome?.status === 'searched' ? outcome.recommendation : null;
  // Clean passes stay before designs with warnings whatever the sort.
  const shown = (recommendation?.designs ?? [])
    .map((design, index) => ({ design, index }))
    .filter(({ design }) => familyFilter === 'all' || design.family === familyFilter)
    .filter(({ design }) => !frontOnly || design.on_pareto_front)
    .sort(
      (a, b) =>
        Number(a.design.verdict.status !== 'pass') - Number(b.design.verdict.status !== 'pass') ||
        SORTS[sortKey].value(a.design) - SORTS[sortKey].value(b.design),
    );
  const families = [...new Set((recommendation?.designs ?? []).map((d) => d.family))];
  const pct =
    progress && progress.lines > 0 ? Math.round((progress.lines_done / progress.lines) * 100) : 0;

  return (
    <section className="panel" aria-labelledby="recommend-heading">
      <h2 id="recommend-heading">Recommended designs</h2>
      <p className="muted">
        Searches the catalog (hosts, devices, disk groups, protection, dedup, arrays) for the
        cheapest designs that meet every requirement of these workloads, priced from the catalog
        (your own prices where you imported a catalog).
      </p>
      <div className="panel-actions">
        <label>
          Budget{' '}
          <input
            type="text"
            className={Classes.INPUT}
            inputMode="decimal"
            size={10}
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </label>
        <CountInput label="Minimum hosts" size={3} value={minHosts} onChange={setMinHosts} />
        <CountInput label="Maximum hosts" size={3} value={maxHosts} onChange={setMaxHosts} />
        <CountInput
          label="N+x"
          size={6}
          placeholder="project's"
          value={reserveHosts}
          onChange={setReserveHosts}
        />
        <CountInput
          label="Maximum rack units"
          size={4}
          value={maxRackUnits}
          onChange={setMaxRackUnits}
        />
        <CountInput label="Maximum power (W)" size={6} value={maxPowerW} onChange={setMaxPowerW} />
        <CheckboxGroup
          legend="Must survive"
          options={FAILURES}
          chosen={mustSurvive}
          onChange={setMustSurvive}
        />
        <CheckboxGroup
          legend="Architectures"
          options={ARCHITECTURES.map((a) => ({ value: a.label, label: a.label }))}
          chosen={architectures}
          onChange={setArchitectures}
        />
        <Checkbox
          inline
          label="No warnings"
          checked={cleanOnly}
          onChange={(e) => setCleanOnly(e.currentTarget.checked)}
        />
      </div>
      <HostConstraints value={hostFilter} onChange={setHostFilter} />
      <div className="panel-actions">
        <Button intent="primary" icon="search" disabled={busy} onClick={start}>
          Search
        </Button>
        <Button icon="stop" disabled={!busy} onClick={() => running.current?.cancel()}>
          Cancel
        </Button>
      </div>
      {busy && (
        <div role="status" aria-live="polite">
          {/* Still: the moving stripes are repainted every frame on the
              main thread, CPU the search's Worker needs on a loaded machine. */}
          <ProgressBar
            className="search-progress"
            intent="primary"
            animate={false}
            stripes={false}
            value={pct / 100}
            aria-label="Search progress"
          />{' '}
          {pct} % —{' '}
          {progress
            ? `${progress.evaluated.toLocaleString('en-US')} evaluated, ${progress.pruned.toLocaleString('en-US')} pruned`
            : 'starting'}
        </div>
      )}
      {errorIssues.length > 0 ? (
        <ul className="issue">
          <IssueItems issues={errorIssues} />
        </ul>
      ) : (
        error && <p className="issue">{error}</p>
      )}
      {outcome?.status === 'invalid' && (
        <ul className="issue">
          {outcome.issues.map((i) => (
            <li key={i.path + i.message}>{i.message}</li>
          ))}
        </ul>
      )}
      {recommendation && (
        <>
          <p data-testid="search-counts">
            {recommendation.evaluated.toLocaleString('en-US')} designs evaluated,{' '}
            {recommendation.pruned.toLocaleString('en-US')} pruned of{' '}
            {recommendation.search_space.toLocaleString('en-US')}.
          </p>
          {recommendation.designs.length === 0 ? (
            <p className="issue" data-testid="infeasible">
              No design meets the requirements: {recommendation.infeasible_reason}
            </p>
          ) : (
            <>
              <div className="panel-actions" data-testid="front-controls">
                <label>
                  Sort by{' '}
                  <HTMLSelect
                    value={sortKey}
                    onChange={(e) => setSortKey(e.target.value as SortKey)}
                    options={Object.entries(SORTS).map(([key, sort]) => ({
                      value: key,
                      label: sort.label,
                    }))}
                  />
                </label>
                <label>
                  Family{' '}
                  <HTMLSelect
                    value={familyFilter}
                    onChange={(e) => setFamilyFilter(e.target.value as Design['family'] | 'all')}
                    options={[
                      { value: 'all', label: 'All families' },
                      ...families.map((f) => ({ value: f, label: FAMILY_LABEL[f] })),
                    ]}
                  />
                </label>
                <Checkbox
                  inline
                  checked={frontOnly}
                  onChange={(e) => setFrontOnly(e.currentTarget.checked)}
                  label={`Pareto front only (${recommendation.pareto_front_size} front designs up to the dearest shown)`}
                />
              </div>
              <div className="table-scroll">
                <HTMLTable compact striped className="grid compact-designs" data-testid="designs">
                  <thead>
                    <tr>
                      <th scope="col">Family</th>
                      <th scope="col">Cost</th>
                      <th scope="col">Hosts and devices</th>
                      <th scope="col">Policy</th>
                      <th scope="col">Verdict</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map(({ design: d, index }) => (
                      <DesignRows
                        key={index}
                        design={d}
                        clusterIndex={Math.max(
                          0,
                          d.project.clusters.findIndex((c) => c.id === recommendation.cluster_id),
                        )}
                        open={expanded === index}
                        onToggle={() => setExpanded(expanded === index ? null : index)}
                        onOpen={() => {
                          store.getState().restoreProject(d.project, null);
                          store.temporal.getState().clear();
                        }}
                        onKeep={() => {
                          if (
                            addVariant({
                              name: `${FAMILY_LABEL[d.family]} ${formatMoney(d.cost, d.currency)}`,
                              project: d.project,
                            })
                          ) {
                            setResultsTab('compare');
                          }
                        }}
                        onUse={() =>
                          void replaceDesign(
                            `${FAMILY_LABEL[d.family]} ${formatMoney(d.cost, d.currency)}`,
                            d.project,
                          ).then((replaced) => replaced && setResultsTab('results'))
                        }
                      />
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

interface DesignRowsProps {
  design: Design;
  clusterIndex: number;
  open: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onKeep: () => void;
  onUse: () => void;
}

/** One compact row per design, and its BOM and key figures when expanded. */
function DesignRows({
  design: d,
  clusterIndex,
  open,
  onToggle,
  onOpen,
  onKeep,
  onUse,
}: DesignRowsProps) {
  const f = d.figures;
  return (
    <>
      <tr className={d.verdict.status === 'pass' ? undefined : 'warned'}>
        <td>
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            onClick={onToggle}
            title="Show the BOM and key figures"
          >
            {open ? '▾' : '▸'} {FAMILY_LABEL[d.family]}
          </button>
          {d.best_in_family && <span className="best-mark"> ★ best in family</span>}
        </td>
        <td className="cost">{formatMoney(d.cost, d.currency)}</td>
        {/* Each part on a line of its own, its full BOM text on hover. */}
        <td className="hardware">
          <span className="hardware-line" title={d.bom[0]?.description}>
            {hostsText(d)}
          </span>
          {deviceLines(d).map((l, i) => (
            // A device of either role can be a design's cache and its capacity.
            <span key={`${l.part}-${i}`} className="hardware-line" title={l.full}>
              {l.short}
            </span>
          ))}
        </td>
        <td className="policy">
          {policies(d).map((p) => (
            <span key={p}>{p}</span>
          ))}
        </td>
        <td title={d.warnings.map((w) => w.message).join('\n')}>
          <VerdictTag status={d.verdict.status}>{verdictText(d)}</VerdictTag>
          <span className="limited-by">limited by {d.binding_constraint.replace(/_/g, ' ')}</span>
        </td>
        {/* Short words, the full action in each button's name and tooltip. */}
        <td className="row-actions">
          <div className="stacked-actions">
            <Button size="small" aria-label="Open" title="Open this design" onClick={onOpen}>
              Open
            </Button>
            <Button
              size="small"
              aria-label="Keep as variant"
              title="Keep as a variant to compare"
              onClick={onKeep}
            >
              Keep
            </Button>
            <Button
              size="small"
              aria-label="Use this design"
              title="Use this design in the project"
              onClick={onUse}
            >
              Use
            </Button>
          </div>
        </td>
      </tr>
      {open && (
        <tr className="design-detail" data-testid="design-detail">
          <td colSpan={6}>
            <dl className="key-figures-inline">
              <dt>Usable</dt>
              <dd>{f.usable_tb.toFixed(1)} TB</dd>
              <dt>Per usable TB</dt>
              <dd>
                {f.cost_per_usable_tb === undefined
                  ? '—'
                  : formatMoney(f.cost_per_usable_tb, d.currency)}
              </dd>
              <dt>IOPS served</dt>
              <dd>
                {f.iops_limit === undefined
                  ? '—'
                  : Math.round(f.iops_limit).toLocaleString('en-US')}
              </dd>
              <dt>Per IOPS</dt>
              <dd>
                {f.cost_per_iops === undefined ? '—' : formatMoney(f.cost_per_iops, d.currency, 3)}
              </dd>
              <dt>Capacity headroom</dt>
              <dd>{d.capacity_headroom_tb.toFixed(1)} TB</dd>
              <dt>CPU after N+x</dt>
              <dd>{pctText(f.cpu_after_failure_pct)}</dd>
              <dt>RAM after N+x</dt>
              <dd>{pctText(f.ram_after_failure_pct)}</dd>
              <dt>Slowest latency</dt>
              <dd>
                {f.latency_ms === undefined ? 'not modelled' : `${f.latency_ms.toFixed(1)} ms`}
              </dd>
              <dt>Rack units</dt>
              <dd>{d.rack_units} U</dd>
              <dt>Power (hosts)</dt>
              <dd>
                {d.power_w === undefined
                  ? 'not stated in the catalog'
                  : `${Math.round(d.power_w).toLocaleString('en-US')} W`}
              </dd>
            </dl>
            <HTMLTable compact striped className="grid bom">
              <thead>
                <tr>
                  <th scope="col">Qty</th>
                  <th scope="col">Part</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">Extended</th>
                </tr>
              </thead>
              <tbody>
                {d.bom.map((l, i) => (
                  <tr key={`${l.part}-${i}`}>
                    <td>{l.quantity}</td>
                    <td>{l.description}</td>
                    <td>{formatMoney(l.unit_price, d.currency)}</td>
                    <td>{formatMoney(l.extended_price, d.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {/* The proposal's own warnings, before Customise shows the steps' verdict. */}
            {d.warnings.length > 0 && (
              <>
                <h4>Warnings of the proposed design</h4>
                <ul className="warning-list">
                  {[...new Set(d.warnings.map((w) => w.message))].map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </>
            )}
            <CustomiseDesign
              design={d}
              clusterIndex={clusterIndex}
              name={`${FAMILY_LABEL[d.family]} ${formatMoney(d.cost, d.currency)}`}
            />
          </td>
        </tr>
      )}
    </>
  );
}
