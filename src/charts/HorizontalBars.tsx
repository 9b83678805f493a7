import {
  BottomAxis,
  CategoryLabel,
  Legend,
  VerticalMarks,
  type Mark,
  type Series,
} from './ChartParts';
import { useExplainedMarks, type ExplainedMark } from './ExplainedMarks';
import type { Explanation } from '../components/Explain';
import { linearScale, logScale } from './scale';

export interface BarRow {
  label: string;
  /** One value per series; absent where the core has no figure (no bar is drawn). */
  values: (number | undefined)[];
  /** Per-row colours of a one-series chart; else each series' colour. */
  colour?: string;
  /** How the core found the row's figures; without it a bar has only its tooltip. */
  explain?: Explanation;
}

interface Props {
  /** What the chart shows: its accessible name with `unit`, and each bar's tooltip. */
  title: string;
  unit: string;
  rows: BarRow[];
  series: Series[];
  /** Draws the series' legend above the plot. */
  legend?: boolean;
  width: number;
  labelWidth: number;
  rowHeight: number;
  barSize: number;
  /** A log axis (positive values only). */
  log?: boolean;
  /** The axis reaches at least this value, e.g. past the highest reference line. */
  atLeast?: number;
  marks?: Mark[];
  /** A value as its tooltip writes it, without the unit. */
  format: (value: number) => string;
}

const RIGHT = 16;
const AXIS_HEIGHT = 36;
const BAR_GAP = 2;

/**
 * Labelled rows of bars along one value axis, drawn as plain SVG at a fixed
 * size: a live edit re-renders a few dozen elements and measures nothing.
 * A row with an explanation makes its bars controls that open it
 * (ExplainedMarks).
 */
export function HorizontalBars({
  title,
  unit,
  rows,
  series,
  legend = false,
  width,
  labelWidth,
  rowHeight,
  barSize,
  log = false,
  atLeast = 0,
  marks = [],
  format,
}: Props) {
  const top = (legend ? 26 : 0) + (marks.length > 0 ? 16 : 8);
  const left = labelWidth + 8;
  const right = width - RIGHT;
  const bottom = top + rows.length * rowHeight;
  const values = rows.flatMap((row) => row.values.filter((v): v is number => v !== undefined));
  const scale = log
    ? logScale(Math.min(...values), Math.max(...values, atLeast), left, right)
    : linearScale(Math.max(0, ...values, atLeast, ...marks.map((m) => m.value)), left, right);
  const origin = scale.at(scale.low);
  const band = series.length * barSize + (series.length - 1) * BAR_GAP;
  const explained = useExplainedMarks();
  const figure = (row: BarRow, s: number, value: number) =>
    `${row.label}${series.length > 1 ? `, ${series[s]?.name ?? ''}` : ''}: ${format(value)} ${unit}`;
  const pointed: ExplainedMark[] = rows.flatMap(({ explain: explanation, ...row }) =>
    explanation
      ? row.values.flatMap((value, s) =>
          value === undefined || !series[s]
            ? []
            : [{ key: markKey(row, s), figure: figure(row, s, value), explanation }],
        )
      : [],
  );
  const byKey = new Map(pointed.map((m) => [m.key, m]));
  return (
    <div className="chart-explained">
      <svg
        className="chart"
        width={width}
        height={bottom + AXIS_HEIGHT}
        role={pointed.length > 0 ? 'group' : 'img'}
        aria-label={`${title}, in ${unit}${log ? ' (log scale)' : ''}`}
      >
        {legend && <Legend series={series} x={left} y={10} />}
        <BottomAxis scale={scale} top={top} bottom={bottom} left={left} right={right} unit={unit} />
        {rows.map((row, r) => {
          const y = top + r * rowHeight + (rowHeight - band) / 2;
          return (
            <g key={`${r}:${row.label}`}>
              <CategoryLabel
                text={row.label}
                x={left - 6}
                y={top + (r + 0.5) * rowHeight}
                width={labelWidth}
              />
              {row.values.map((value, s) => {
                const shown = series[s];
                if (value === undefined || !shown) return null;
                const mark = byKey.get(markKey(row, s));
                return (
                  <rect
                    key={s}
                    className="chart-bar"
                    x={origin}
                    y={y + s * (barSize + BAR_GAP)}
                    width={Math.max(0, scale.at(value) - origin)}
                    height={barSize}
                    fill={row.colour ?? shown.colour}
                    {...(mark && explained.markProps(mark))}
                  >
                    {!mark && (
                      <title>{`${row.label}, ${shown.name}: ${format(value)} ${unit}`}</title>
                    )}
                  </rect>
                );
              })}
            </g>
          );
        })}
        <VerticalMarks marks={marks} scale={scale} top={top} bottom={bottom} />
      </svg>
      {explained.popup(pointed)}
    </div>
  );
}

const markKey = (row: Pick<BarRow, 'label'>, s: number) => `${row.label}\u0000${s}`;
