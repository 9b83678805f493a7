import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { CoreError } from '../core/client';
import type { Design, KeyFigures, Project, VerdictStatus } from '../core/types';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { useApp } from '../store/context';
import { customise, stepLabel, stepsFor, stepValue, type CustomiseStep } from './customise';

interface Props {
  design: Design;
  /** The sized cluster's place in the design's project. */
  clusterIndex: number;
  /** The design's name in the list, e.g. "vSAN ESA $57,600". */
  name: string;
  money: (amount: number) => string;
}

interface Evaluated {
  project: Project;
  figures: KeyFigures | null;
  status: VerdictStatus | null;
  issues: string[];
  /** Why the customised host has no price (the catalog gives no option price). */
  unpriced: string | null;
}

const signed = (value: number, text: (abs: number) => string) =>
  value === 0 ? '±0' : `${value > 0 ? '+' : '−'}${text(Math.abs(value))}`;

/**
 * Customise from a recommendation: each step edits the design's project,
 * the core evaluates it, and the cost and headroom are shown against the
 * optimum the search found.
 */
export function CustomiseDesign({ design, clusterIndex, name, money }: Props) {
  const { core, store } = useServices();
  const addVariant = useApp((s) => s.addVariant);
  const setResultsTab = useApp((s) => s.setResultsTab);
  const optimum = design.evaluation.clusters[clusterIndex]?.key_figures ?? null;
  const [current, setCurrent] = useState<Evaluated>({
    project: design.project,
    figures: optimum,
    status: design.verdict.status,
    issues: [],
    unpriced: null,
  });
  const [pending, setPending] = useState(false);
  const customised = current.project !== design.project;
  const cluster = current.project.clusters[clusterIndex];

  const take = async (step: CustomiseStep, by: 1 | -1) => {
    const stepped = customise(current.project, clusterIndex, step, by);
    setPending(true);
    try {
      // The core prices the host anew when its RAM or cores change.
      const { project, unpriced_reason } = await core.call('design/reprice-host', {
        optimumJson: JSON.stringify(design.project),
        customisedJson: JSON.stringify(stepped),
        clusterIndex,
        userCatalogJson: userCatalogJson(store.getState()),
      });
      const outcome = await core.call('project/evaluate', { projectJson: JSON.stringify(project) });
      if (outcome.status === 'evaluated') {
        const own = outcome.evaluation.clusters[clusterIndex];
        setCurrent({
          project,
          figures: own?.key_figures ?? null,
          status: own?.verdict.status ?? null,
          issues: [],
          unpriced: unpriced_reason ?? null,
        });
      } else {
        // The step left the allowed range: keep the design as it was and say why.
        setCurrent({ ...current, issues: outcome.issues.map((i) => i.message) });
      }
    } catch (error) {
      // The core refused a project: keep the design as it was and say why.
      const issues = error instanceof CoreError ? error.issues.map((i) => i.message) : [];
      const reason = error instanceof Error ? error.message : String(error);
      setCurrent({ ...current, issues: issues.length > 0 ? issues : [reason] });
    } finally {
      setPending(false);
    }
  };

  if (!cluster || !optimum) return null;
  const figures = current.figures;
  // Figures the core did not return (no evaluation yet, no cores) read "–", never 0.
  const cost = figures?.cost.priced_total;
  const headroomTb = figures?.headroom.tb;
  const cpu = figures?.cpu.after_failure.pct;
  const optimumCpu = optimum.cpu.after_failure.pct;
  return (
    <div className="customise" data-testid="customise">
      <h4>
        Customise{' '}
        {customised && (
          <Tag minimal intent="primary" data-testid="customised">
            customised
          </Tag>
        )}
      </h4>
      <div className="customise-steps">
        {stepsFor(cluster).map((step) => (
          <div key={step} className="customise-step">
            <span>{stepLabel(cluster, step)}</span>
            <Button
              aria-label={`${stepLabel(cluster, step)} minus one`}
              disabled={pending}
              onClick={() => void take(step, -1)}
            >
              −
            </Button>
            <output data-testid={`customise-${step}`}>
              {stepValue(cluster, step)}
              {step === 'ram_gb' ? ' GB' : ''}
            </output>
            <Button
              aria-label={`${stepLabel(cluster, step)} plus one`}
              disabled={pending}
              onClick={() => void take(step, 1)}
            >
              +
            </Button>
          </div>
        ))}
      </div>
      <p data-testid="customise-delta">
        {current.unpriced !== null ? (
          <>Cost not known: {current.unpriced}; </>
        ) : cost === undefined ? (
          <>Cost –; </>
        ) : (
          <>
            Cost {money(cost)} ({signed(cost - design.cost, money)} against the optimum);{' '}
          </>
        )}
        capacity headroom{' '}
        {headroomTb === undefined
          ? '–'
          : `${headroomTb.toFixed(1)} TB (${signed(headroomTb - optimum.headroom.tb, (v) => `${v.toFixed(1)} TB`)})`}
        ; CPU after N+x{' '}
        {cpu === undefined || optimumCpu === undefined
          ? '–'
          : `${cpu.toFixed(0)} % (${signed(cpu - optimumCpu, (v) => `${v.toFixed(0)} pts`)})`}
        ; verdict {current.status?.replace(/_/g, ' ') ?? '—'}.
      </p>
      {current.issues.length > 0 && (
        <ul className="issue">
          {current.issues.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div className="panel-actions">
        <Button
          disabled={!customised}
          onClick={() =>
            setCurrent({
              project: design.project,
              figures: optimum,
              status: design.verdict.status,
              issues: [],
              unpriced: null,
            })
          }
        >
          Back to the optimum
        </Button>
        <Button
          onClick={() => {
            if (
              addVariant({
                name: customised ? `${name} (customised)` : name,
                project: current.project,
              })
            ) {
              setResultsTab('compare');
            }
          }}
        >
          Keep as scenario
        </Button>
      </div>
    </div>
  );
}
