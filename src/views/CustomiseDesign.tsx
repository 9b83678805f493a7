import { Button, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { CoreError } from '../core/client';
import type {
  AgainstOptimum,
  CustomiseStep,
  Customised,
  Design,
  StepDirection,
  StepValue,
} from '../core/types';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { useApp } from '../store/context';
import { formatMoney, orDash } from '../units';
import { VERDICT_LABEL, VerdictTag } from './VerdictTag';

interface Props {
  design: Design;
  /** The sized cluster's place in the design's project. */
  clusterIndex: number;
  /** The design's name in the list, e.g. "vSAN ESA 57,600 USD". */
  name: string;
}

/** "+1,200 USD", "−0.4 TB", "±0": a difference the core computed, as text. */
function signed(delta: number, text: (abs: number) => string): string {
  const abs = text(Math.abs(delta));
  if (abs === text(0)) return '±0';
  return `${delta > 0 ? '+' : '−'}${abs}`;
}

/**
 * A figure and, where the core gives one, its difference from the
 * optimum: "45 % (−5 pts)"; "–" where the core has no figure.
 */
function compared(
  figure: AgainstOptimum,
  value: (v: number) => string,
  delta: (abs: number) => string = value,
  against = '',
): string {
  const diff = figure.delta === undefined ? '' : ` (${signed(figure.delta, delta)}${against})`;
  return orDash(figure.value, (v) => `${value(v)}${diff}`);
}

const tb = (v: number) => `${v.toFixed(1)} TB`;
const pct = (v: number) => `${v.toFixed(0)} %`;
const pts = (v: number) => `${v.toFixed(0)} pts`;

const stepText = (s: StepValue) => `${s.value}${s.unit ? ` ${s.unit}` : ''}`;

const BINDING_LEAD: Record<Customised['verdict']['status'], string> = {
  pass: 'Limited by ',
  pass_with_warnings: 'Worst warning: ',
  fail: 'Binds first: ',
};

/**
 * Customise from a recommendation: each step goes to the core, which takes
 * it, prices and evaluates the design and compares it with the optimum;
 * this shows what the core returns.
 */
export function CustomiseDesign({ design, clusterIndex, name }: Props) {
  const { core, store } = useServices();
  const addVariant = useApp((s) => s.addVariant);
  const setResultsTab = useApp((s) => s.setResultsTab);
  // The optimum as the core shows it, and the design as the user left it,
  // for the design they were asked for.
  const [shown, setShown] = useState<{
    design: Design;
    optimum: Customised;
    current: Customised;
  } | null>(null);
  const { optimum, current } = shown?.design === design ? shown : { optimum: null, current: null };
  const [issues, setIssues] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  const ask = (
    currentJson: string,
    step: { step: CustomiseStep; direction: StepDirection } | null,
  ) =>
    core.call('design/customise', {
      optimumJson: JSON.stringify(design.project),
      currentJson,
      clusterIndex,
      step,
      userCatalogJson: userCatalogJson(store.getState()),
    });

  const refused = (error: unknown) => {
    // The core refused the step: keep the design as it was and say why.
    const named = error instanceof CoreError ? error.issues.map((i) => i.message) : [];
    setIssues(named.length > 0 ? named : [error instanceof Error ? error.message : String(error)]);
  };

  useEffect(() => {
    let live = true;
    ask(JSON.stringify(design.project), null)
      .then((answer) => {
        if (!live) return;
        setShown({ design, optimum: answer, current: answer });
        setIssues([]);
      })
      .catch((error: unknown) => live && refused(error));
    return () => {
      live = false;
    };
    // The design (and its cluster) is what the optimum is asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [design, clusterIndex]);

  const take = async (step: CustomiseStep, direction: StepDirection) => {
    if (!current || !optimum) return;
    setPending(true);
    try {
      const answer = await ask(JSON.stringify(current.project), { step, direction });
      setShown({ design, optimum, current: answer });
      setIssues([]);
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  };

  if (!current || !optimum) {
    return issues.length > 0 ? (
      <ul className="issue">
        {issues.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    ) : null;
  }
  const money = (amount: number) => formatMoney(amount, current.currency);
  const f = current.figures;
  const { status } = current.verdict;
  return (
    <div className="customise" data-testid="customise">
      <h4>
        Customise{' '}
        {current.customised && (
          <Tag minimal intent="primary" data-testid="customised">
            customised
          </Tag>
        )}
      </h4>
      <div className="customise-steps">
        {current.steps.map((s) => (
          <div key={s.step} className="customise-step" title={s.source}>
            <span>{s.label}</span>
            <Button
              aria-label={`${s.label} minus one`}
              title={`−${s.increment}${s.unit ? ` ${s.unit}` : ''}`}
              disabled={pending}
              onClick={() => void take(s.step, 'down')}
            >
              −
            </Button>
            <output data-testid={`customise-${s.step}`}>{stepText(s)}</output>
            <Button
              aria-label={`${s.label} plus one`}
              title={`+${s.increment}${s.unit ? ` ${s.unit}` : ''}`}
              disabled={pending}
              onClick={() => void take(s.step, 'up')}
            >
              +
            </Button>
          </div>
        ))}
      </div>
      <p data-testid="customise-delta">
        {current.unpriced_reason !== undefined ? (
          <>Cost not known: {current.unpriced_reason}; </>
        ) : (
          <>Cost {compared(f.cost, money, money, ' against the optimum')}; </>
        )}
        capacity headroom {compared(f.headroom_tb, tb)}; CPU after N+x{' '}
        {compared(f.cpu_after_failure_pct, pct, pts)}; RAM after N+x{' '}
        {compared(f.ram_after_failure_pct, pct, pts)}.
      </p>
      <p className="customise-verdict" data-testid="customise-verdict">
        <VerdictTag status={status}>{VERDICT_LABEL[status]}</VerdictTag>{' '}
        {current.binds !== undefined && (
          <span data-testid="customise-binds">
            {BINDING_LEAD[status]}
            {current.binds}
          </span>
        )}
      </p>
      {issues.length > 0 && (
        <ul className="issue">
          {issues.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div className="panel-actions">
        <Button
          disabled={!current.customised || pending}
          onClick={() => {
            setShown({ design, optimum, current: optimum });
            setIssues([]);
          }}
        >
          Back to the optimum
        </Button>
        <Button
          onClick={() => {
            if (
              addVariant({
                name: current.customised ? `${name} (customised)` : name,
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
