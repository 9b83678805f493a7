import {
  BottomAxis,
  CategoryLabel,
  Legend,
  VerticalMarks,
  type Mark,
  type Series,
} from './ChartParts';
import { linearScale, logScale } from './scale';

export interface BarRow {
  label: string;
  /** One value per series; absent where the core has no figure (no bar is drawn). */
  values: (number | undefined)[];
  /** Per-row colours of a one-series chart; else each series' colour. */
  colour?: string;
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
  return (
    <svg
      className="chart"
      width={width}
      height={bottom + AXIS_HEIGHT}
      role="img"
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
              return (
                <rect
                  key={s}
                  className="chart-bar"
                  x={origin}
                  y={y + s * (barSize + BAR_GAP)}
                  width={Math.max(0, scale.at(value) - origin)}
                  height={barSize}
                  fill={row.colour ?? shown.colour}
                >
                  <title>{`${row.label}, ${shown.name}: ${format(value)} ${unit}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
      <VerticalMarks marks={marks} scale={scale} top={top} bottom={bottom} />
    </svg>
  );
}
