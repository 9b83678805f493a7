import { useRef, useState } from 'react';
import { SearchCancelled, startSearch, type RunningSearch } from '../core/search';
import type { Design, Progress, RecommendOutcome } from '../core/types';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { useApp } from '../store/context';
import { sameDesign } from '../store/scenarios';
import { useReplaceDesign } from './useReplaceDesign';

const FAMILY_LABEL: Record<Design['family'], string> = {
  hybrid_vsan: 'Hybrid vSAN',
  all_flash_vsan: 'All-flash vSAN',
  stretched_hybrid_vsan: 'Stretched hybrid vSAN',
  stretched_all_flash_vsan: 'Stretched all-flash vSAN',
  xtremio_vplex: 'XtremIO + VPLEX',
};

const money = (amount: number, currency: string) =>
  amount.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The cheapest designs that meet every requirement, searched in a Worker of their own. */
export function RecommendationsView() {
  const { store } = useServices();
  const addVariant = useApp((s) => s.addVariant);
  const setResultsTab = useApp((s) => s.setResultsTab);
  const [budget, setBudget] = useState('');
  const [maxHosts, setMaxHosts] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  // The search outlives this tab, until the design it searched for changes.
  const outcome = useApp((s) =>
    s.search && sameDesign(s.search.project, s.project) ? s.search.outcome : null,
  );
  const keepSearch = useApp((s) => s.keepSearch);
  const replaceDesign = useReplaceDesign();
  const [error, setError] = useState<string | null>(null);
  const running = useRef<RunningSearch | null>(null);
  const [busy, setBusy] = useState(false);

  const start = () => {
    const budgetValue = optionalNumber(budget);
    const hostsValue = optionalNumber(maxHosts);
    if (
      (budgetValue !== undefined && !(budgetValue > 0)) ||
      (hostsValue !== undefined && !(hostsValue >= 3))
    ) {
      setError('Budget must be a positive amount and maximum hosts at least 3.');
      return;
    }
    setError(null);
    keepSearch(null);
    setProgress(null);
    setBusy(true);
    const project = store.getState().project;
    const search = startSearch(
      {
        projectJson: JSON.stringify(project),
        options: { budget: budgetValue, max_hosts: hostsValue },
        userCatalogJson: userCatalogJson(store.getState()),
      },
      setProgress,
    );
    running.current = search;
    search.result
      .then((result: RecommendOutcome) => keepSearch({ project, outcome: result }))
      .catch((e: unknown) =>
        setError(e instanceof SearchCancelled ? 'Search cancelled.' : String(e)),
      )
      .finally(() => {
        running.current = null;
        setBusy(false);
      });
  };

  const recommendation = outcome?.status === 'searched' ? outcome.recommendation : null;
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
            inputMode="decimal"
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </label>
        <label>
          Maximum hosts{' '}
          <input
            type="text"
            inputMode="numeric"
            value={maxHosts}
            onChange={(e) => setMaxHosts(e.target.value)}
          />
        </label>
        <button type="button" disabled={busy} onClick={start}>
          Search
        </button>
        <button type="button" disabled={!busy} onClick={() => running.current?.cancel()}>
          Cancel
        </button>
      </div>
      {busy && (
        <div role="status" aria-live="polite">
          <progress max={100} value={pct} aria-label="Search progress" /> {pct} % —{' '}
          {progress
            ? `${progress.evaluated.toLocaleString('en-US')} evaluated, ${progress.pruned.toLocaleString('en-US')} pruned`
            : 'starting'}
        </div>
      )}
      {error && <p className="issue">{error}</p>}
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
            <table className="grid" data-testid="designs">
              <thead>
                <tr>
                  <th scope="col">Family</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Design</th>
                  <th scope="col">Limited by</th>
                  <th scope="col">Capacity headroom</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {recommendation.designs.map((d, i) => (
                  <tr key={i}>
                    <td>
                      {FAMILY_LABEL[d.family]}
                      {d.best_in_family && <span className="best-mark"> ★ best in family</span>}
                    </td>
                    <td>{money(d.cost, recommendation.currency)}</td>
                    <td>{d.summary}</td>
                    <td>{d.binding_constraint.replace(/_/g, ' ')}</td>
                    <td>{d.capacity_headroom_tb.toFixed(1)} TB</td>
                    <td className="row-actions">
                      <button
                        type="button"
                        onClick={() => {
                          store.getState().restoreProject(d.project, null);
                          store.temporal.getState().clear();
                        }}
                      >
                        Open
                      </button>
                      <button
                        type="button"
                        onClick={() => {
                          if (
                            addVariant({
                              name: `${FAMILY_LABEL[d.family]} ${money(d.cost, recommendation.currency)}`,
                              project: d.project,
                            })
                          ) {
                            setResultsTab('compare');
                          }
                        }}
                      >
                        Keep as variant
                      </button>
                      <button
                        type="button"
                        onClick={() =>
                          void replaceDesign(
                            `${FAMILY_LABEL[d.family]} ${money(d.cost, recommendation.currency)}`,
                            d.project,
                          ).then((replaced) => replaced && setResultsTab('results'))
                        }
                      >
                        Use this design
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
