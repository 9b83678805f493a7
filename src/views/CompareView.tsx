import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { bestIndex, formatMetric, isNotModelled, METRICS, variantKinds } from '../compare/metrics';
import { exportComparison } from '../files/exports';
import { attempt } from '../files/failures';
import type { Evaluation } from '../core/types';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { MAX_VARIANTS, selectVariants } from '../store/uiSlice';
import { ScenarioName } from './ScenarioName';
import { useReplaceDesign } from './useReplaceDesign';
import { UNIT_LABEL } from '../units';
import { UnitToggle } from './UnitToggle';

const COLOURS = ['#1d4ed8', '#b45309', '#0f766e', '#7c3aed'];

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
        <label>
          Variant name{' '}
          <input
            type="text"
            value={name}
            placeholder={`Variant ${variants.length + 1}`}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="button" disabled={full} onClick={keep}>
          Keep the current design as a variant
        </button>
        {full && <span className="muted">At most {MAX_VARIANTS} variants; remove one first.</span>}
        {variants.length >= 2 && (
          <button
            type="button"
            onClick={() =>
              attempt(services.store, 'Exporting the comparison', () =>
                exportComparison(services, variants),
              )
            }
          >
            Export comparison (XLSX)
          </button>
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
          <table className="grid compare">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                {variants.map((v, i) => (
                  <th scope="col" key={`${v.name}-${i}`}>
                    <ScenarioName index={i} name={v.name} />
                    <div className="row-actions">
                      <button type="button" onClick={() => void replaceDesign(v.name, v.project)}>
                        Open
                      </button>
                      <button
                        type="button"
                        aria-label={`Remove ${v.name}`}
                        onClick={() => removeVariant(i)}
                      >
                        Remove
                      </button>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr data-metric="kind">
                <th scope="row">Storage</th>
                {evaluations.map((e, i) => (
                  <td key={i}>{typeof e === 'string' ? 'invalid' : variantKinds(e)}</td>
                ))}
              </tr>
              {METRICS.map((metric) => {
                const values = evaluated.map((e) => (e ? metric.value(e, unit) : undefined));
                const best = bestIndex(values, metric.better);
                return (
                  <tr key={metric.id} data-metric={metric.id}>
                    <th scope="row" title={metric.note}>
                      {metric.label}
                    </th>
                    {values.map((value, i) => (
                      <td
                        key={i}
                        className={
                          i === best ? 'best' : isNotModelled(value) ? 'not-modelled' : undefined
                        }
                        title={isNotModelled(value) ? value.notModelled : undefined}
                      >
                        {typeof evaluations[i] === 'string'
                          ? 'invalid'
                          : formatMetric(metric, value, unit)}
                        {isNotModelled(value) && (
                          <span className="visually-hidden">: {value.notModelled}</span>
                        )}
                        {i === best && <span className="best-mark"> ★ better</span>}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
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
