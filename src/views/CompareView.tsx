import { Button, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { DESIGN_ROWS, sameWorkloads } from '../compare/designRows';
import {
  bestIndex,
  formatMetric,
  isNotModelled,
  METRICS,
  utilisationMetrics,
  type Metric,
} from '../compare/metrics';
import { Explain } from '../components/Explain';
import { exportComparison } from '../files/exports';
import { attempt } from '../files/failures';
import type { Evaluation } from '../core/types';
import type { Variant } from '../store/uiSlice';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { MAX_VARIANTS, selectVariants } from '../store/uiSlice';
import { ScenarioName } from './ScenarioName';
import { useReplaceDesign } from './useReplaceDesign';
import { UNIT_LABEL, type CapacityUnit } from '../units';
import { UnitToggle } from './UnitToggle';
import { SERIES } from '../charts/palette';
import { VERDICT_LABEL, VerdictTag } from './VerdictTag';

const COLOURS = [SERIES.demand, SERIES.deduction, SERIES.limit, SERIES.required];

/** Evaluates every variant with the core; results stay with this view. */
function useVariantEvaluations() {
  const { core } = useServices();
  const variants = useApp(selectVariants);
  const [evaluations, setEvaluations] = useState<(Evaluation | string)[]>([]);
  useEffect(() => {
    let current = true;
    void Promise.all(
      variants.map((v) =>
        core
          .call('project/evaluate', { projectJson: JSON.stringify(v.project) })
          .then((o) =>
            o.status === 'evaluated' ? o.evaluation : o.issues.map((i) => i.message).join('; '),
          )
          .catch((e: unknown) => (e instanceof Error ? e.message : String(e))),
      ),
    ).then((results) => current && setEvaluations(results));
    return () => {
      current = false;
    };
  }, [core, variants]);
  return evaluations;
}

/** 2-4 designs side by side: key figures with the best marked, and overlaid charts. */
export function CompareView() {
  const services = useServices();
  const replaceDesign = useReplaceDesign();
  const variants = useApp(selectVariants);
  const addVariant = useApp((s) => s.addVariant);
  const removeVariant = useApp((s) => s.removeVariant);
  const project = useApp((s) => s.project);
  const unit = useApp((s) => s.capacityUnit);
  const evaluations = useVariantEvaluations();
  const [name, setName] = useState('');
  const full = variants.length >= MAX_VARIANTS;

  const keep = () => {
    const label = name.trim() || `Variant ${variants.length + 1}`;
    if (addVariant({ name: label, project })) setName('');
  };
  const evaluated = evaluations.map((e) => (typeof e === 'string' ? undefined : e));
  const same = sameWorkloads(variants.map((v) => v.project));
  // Each variant's money in the currency the core priced it in.
  const currencies = evaluated.map((e) => e?.totals.cost.currency);
  const priced = currencies.filter((c) => c !== undefined);
  const sameCurrency = priced.every((c) => c === priced[0]);
  const utilisation = utilisationMetrics(evaluated);
  const rowProps = { evaluations, evaluated, variants, unit, currencies, same, sameCurrency };
  const chartData = ['usable', 'required'].map((id) => {
    const metric = METRICS.find((m) => m.id === id);
    const row: Record<string, number | string> = { figure: metric?.label ?? id };
    variants.forEach((v, i) => {
      const e = evaluated[i];
      const value = e && metric ? metric.value(e, unit) : undefined;
      // Usable and required exist for every kind; a variant without an evaluation draws no bar.
      row[v.name] = typeof value === 'number' ? value : 0;
    });
    return row;
  });

  return (
    <section className="panel" aria-labelledby="compare-heading">
      <div className="dashboard-head">
        <h2 id="compare-heading">Compare designs</h2>
        <UnitToggle />
      </div>
      <div className="panel-actions">
        <label htmlFor="variant-name">Variant name</label>
        <InputGroup
          id="variant-name"
          value={name}
          placeholder={`Variant ${variants.length + 1}`}
          onChange={(e) => setName(e.target.value)}
        />
        <Button icon="add" disabled={full} onClick={keep}>
          Keep the current design as a variant
        </Button>
        {full && <span className="muted">At most {MAX_VARIANTS} variants; remove one first.</span>}
        {variants.length >= 2 && (
          <Button
            icon="export"
            onClick={() =>
              attempt(services.store, 'Exporting the comparison', () =>
                exportComparison(services, variants),
              )
            }
          >
            Export comparison (XLSX)
          </Button>
        )}
      </div>
      {variants.length < 2 && (
        <p className="muted">
          Keep two to four variants of the same workloads (for example hybrid and all-flash, or
          RAID-1 and RAID-5) to see them side by side.
        </p>
      )}
      {variants.length > 0 && (
        <>
          {!same && (
            <p className="compare-warning" role="status" data-testid="different-workloads">
              These variants carry different workloads, so figures that depend on demand
              (utilisation, required capacity, IOPS, latency, findings) are not comparable: no
              variant is marked better on them.
            </p>
          )}
          {!sameCurrency && (
            <p className="compare-warning" role="status">
              These variants are priced in different currencies ({[...new Set(priced)].join(', ')}):
              no variant is marked better on cost.
            </p>
          )}
          <div className="table-scroll compare-scroll">
            <HTMLTable compact striped className="grid compare">
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  {variants.map((v, i) => (
                    <th scope="col" key={`${v.name}-${i}`}>
                      <ScenarioName index={i} name={v.name} />
                      <div className="row-actions">
                        <Button onClick={() => void replaceDesign(v.name, v.project)}>Open</Button>
                        <Button aria-label={`Remove ${v.name}`} onClick={() => removeVariant(i)}>
                          Remove
                        </Button>
                      </div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <Section title="Design" span={variants.length} />
                {DESIGN_ROWS.map((row) => (
                  <tr key={row.id} data-metric={row.id}>
                    <th scope="row" title={row.note}>
                      {row.label}
                    </th>
                    {variants.map((v, i) => (
                      <td key={i}>{row.text(v.project, evaluated[i])}</td>
                    ))}
                  </tr>
                ))}
                <tr data-metric="verdict">
                  <th
                    scope="row"
                    title="The core's verdict on each variant and the constraint that binds first."
                  >
                    Verdict
                  </th>
                  {evaluations.map((e, i) => (
                    <td
                      key={i}
                      className={typeof e === 'string' ? undefined : `verdict-${e.verdict.status}`}
                    >
                      {typeof e === 'string' ? (
                        'invalid'
                      ) : (
                        <VerdictTag status={e.verdict.status}>{verdictText(e)}</VerdictTag>
                      )}
                      {typeof e !== 'string' && e.verdict.binding && (
                        <Explain
                          figure={`the verdict of ${variants[i]?.name ?? ''}`}
                          rule={e.verdict.binding.summary}
                          sources={[e.verdict.binding.source]}
                        />
                      )}
                    </td>
                  ))}
                </tr>
                <Section title="Utilisation (share of the limit)" span={variants.length} />
                {utilisation.map((m) => (
                  <MetricRow key={m.id} metric={m} {...rowProps} />
                ))}
                <Section title="Capacity, performance and cost" span={variants.length} />
                {METRICS.map((m) => (
                  <MetricRow key={m.id} metric={m} {...rowProps} />
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {evaluations.some((e) => typeof e === 'string') && (
            <p className="issue">
              A variant is invalid and cannot be compared:{' '}
              {evaluations.find((e) => typeof e === 'string')}
            </p>
          )}
          <h3>Usable vs required ({UNIT_LABEL[unit]})</h3>
          <BarChart
            width={560}
            height={240}
            data={chartData}
            role="img"
            aria-label="Usable and required by variant"
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="figure" />
            <YAxis unit={` ${UNIT_LABEL[unit]}`} width={80} />
            <Tooltip formatter={(v) => `${Number(v).toFixed(2)} ${UNIT_LABEL[unit]}`} />
            <Legend />
            {variants.map((v, i) => (
              <Bar
                key={`${v.name}-${i}`}
                dataKey={v.name}
                fill={COLOURS[i % COLOURS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </>
      )}
    </section>
  );
}

function verdictText(e: Evaluation): string {
  const binding = e.verdict.binding;
  return binding
    ? `${VERDICT_LABEL[e.verdict.status]}: ${binding.summary}`
    : VERDICT_LABEL[e.verdict.status];
}

function Section({ title, span }: { title: string; span: number }) {
  return (
    <tr className="compare-section">
      <th scope="colgroup" colSpan={span + 1}>
        {title}
      </th>
    </tr>
  );
}

/**
 * One figure across the variants, the better one marked where there is a
 * contest: not on demand rows when the workloads differ, not on money
 * across currencies, never a value past its limit. Each cell explains itself.
 */
function MetricRow({
  metric,
  evaluations,
  evaluated,
  variants,
  unit,
  currencies,
  same,
  sameCurrency,
}: {
  metric: Metric;
  evaluations: (Evaluation | string)[];
  evaluated: (Evaluation | undefined)[];
  variants: Variant[];
  unit: CapacityUnit;
  currencies: (string | undefined)[];
  same: boolean;
  sameCurrency: boolean;
}) {
  const values = evaluated.map((e) => (e ? metric.value(e, unit) : undefined));
  const levels = evaluated.map((e) => (e ? metric.level?.(e) : undefined));
  const contest = (same || !metric.demand) && (sameCurrency || !metric.money);
  const best = contest
    ? bestIndex(values, metric, levels, (v) =>
        // One currency when money competes, so any variant's will do.
        metric.format(v, { unit, currency: currencies.find(Boolean) ?? '' }),
      )
    : undefined;
  return (
    <tr data-metric={metric.id}>
      <th scope="row" title={metric.note}>
        {metric.label}
      </th>
      {values.map((value, i) => {
        const e = evaluated[i];
        const explanation = e && metric.explain?.(e);
        const past = typeof value === 'number' && levels[i] === 'over';
        const className =
          i === best
            ? 'best'
            : isNotModelled(value)
              ? 'not-modelled'
              : past
                ? 'past-limit'
                : undefined;
        return (
          <td
            key={i}
            className={className}
            title={isNotModelled(value) ? value.notModelled : undefined}
          >
            <span className="cell-value">
              {typeof evaluations[i] === 'string'
                ? 'invalid'
                : formatMetric(metric, value, { unit, currency: currencies[i] ?? '' })}
            </span>
            {isNotModelled(value) && <span className="visually-hidden">: {value.notModelled}</span>}
            {past && <span className="visually-hidden"> (past the limit)</span>}
            {explanation && (
              <Explain
                figure={`${metric.label} of ${variants[i]?.name ?? ''}`}
                rule={explanation.rule}
                sources={explanation.sources}
              />
            )}
            {i === best && <span className="best-mark"> ★ better</span>}
          </td>
        );
      })}
    </tr>
  );
}
