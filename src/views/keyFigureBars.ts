// The demand-vs-limit bars every kind of cluster draws, from the key figures
// the core computed. A figure the core leaves out gets no bar, never a zero.
import type { FigureBar } from '../charts/FigureBarChart';
import type { KeyFigures } from '../core/types';
import { SERIES } from '../charts/palette';

export const DEMAND = SERIES.demand;
export const COST = SERIES.deduction;
export const LIMIT = SERIES.limit;

const bar = (label: string, value: number | undefined, colour: string): FigureBar[] =>
  value === undefined ? [] : [{ label, value, colour }];

export const iopsBars = (k: KeyFigures): FigureBar[] => [
  ...bar('Front-end', k.iops.front_end, DEMAND),
  ...bar('Back-end', k.iops.back_end, COST),
  ...bar('Limit', k.iops.limit, LIMIT),
];

/** CPU and RAM used after N+x host failures, in % of what is left. */
export const computeBars = (k: KeyFigures): FigureBar[] => [
  ...bar('CPU', k.cpu.after_failure.pct, DEMAND),
  ...bar('RAM', k.ram.after_failure.pct, COST),
];
