// The demand-vs-limit bars every kind of cluster draws, from the key figures
// the core computed, each explained by the core's utilisation row for the
// figure it shows. A figure the core leaves out gets no bar, never a zero.
import type { FigureBar } from '../charts/FigureBarChart';
import type { ClusterUtilisation, KeyFigures } from '../core/types';
import type { Explanation } from '../components/Explain';
import { SERIES } from '../charts/palette';

export const DEMAND = SERIES.demand;
export const COST = SERIES.deduction;
export const LIMIT = SERIES.limit;

/** The rule and sources of the core's utilisation row for `figure`, where the kind has one. */
export function ruleOf(utilisation: ClusterUtilisation, figure: string): Explanation | undefined {
  const row = utilisation.rows.find((r) => r.figure === figure);
  return row && { rule: row.rule, sources: row.sources };
}

const bar = (
  label: string,
  value: number | undefined,
  colour: string,
  explain: Explanation | undefined,
): FigureBar[] => (value === undefined ? [] : [{ label, value, colour, explain }]);

/** Front-end, back-end and the limit: the IOPS row's rule states all three. */
export const iopsBars = (k: KeyFigures, u: ClusterUtilisation): FigureBar[] => {
  const explain = ruleOf(u, 'iops');
  return [
    ...bar('Front-end', k.iops.front_end, DEMAND, explain),
    ...bar('Back-end', k.iops.back_end, COST, explain),
    ...bar('Limit', k.iops.limit, LIMIT, explain),
  ];
};

/** CPU and RAM used after N+x host failures, in % of what is left. */
export const computeBars = (k: KeyFigures, u: ClusterUtilisation): FigureBar[] => [
  ...bar('CPU', k.cpu.after_failure.pct, DEMAND, ruleOf(u, 'cpu')),
  ...bar('RAM', k.ram.after_failure.pct, COST, ruleOf(u, 'ram')),
];

/** With no host reserved (N+0) the compute chart shows every host up. */
export function computeHeading(hostsFailed: number): string {
  return hostsFailed > 0 ? `Compute after N+${hostsFailed}` : 'Compute, every host up (N+0)';
}
