// The pieces every dashboard chart draws in SVG: value axes with their grid
// and unit, reference lines, a legend and category labels. Colours of text
// and lines follow the theme through the `chart-*` classes (styles.css).
import type { Scale } from './scale';
import { wrapLabel } from './scale';

export const TICK_FONT = 11;
const MARK_FONT = 10;
/** About how wide one character of an 11 px label is: labels are wrapped by count, never measured. */
export const CHAR_PX = 6.2;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const compactNumber = (value: number) => compact.format(value);

/** A line drawn across the plot at a value, e.g. a limit or a target. */
export interface Mark {
  value: number;
  label: string;
  colour: string;
  /** Dashed unless said otherwise. */
  solid?: boolean;
}

export interface Series {
  name: string;
  colour: string;
}

interface AxisProps {
  scale: Scale;
  /** The plot's left and right edges, in px. */
  left: number;
  right: number;
  format?: (value: number) => string;
}

/**
 * A value axis along the bottom, with vertical grid lines from `top`; its
 * unit below the ticks when given (a line chart's ticks carry their own).
 */
export function BottomAxis({
  scale,
  top,
  bottom,
  left,
  right,
  unit,
  format = compactNumber,
}: AxisProps & { top: number; bottom: number; unit?: string }) {
  return (
    <g>
      {scale.ticks.map((tick) => {
        const x = scale.at(tick);
        return (
          <g key={tick}>
            <line className="chart-grid" x1={x} x2={x} y1={top} y2={bottom} strokeDasharray="3 3" />
            <line className="chart-axis" x1={x} x2={x} y1={bottom} y2={bottom + 4} />
            <text
              className="chart-tick"
              x={x}
              y={bottom + 15}
              fontSize={TICK_FONT}
              textAnchor="middle"
            >
              {format(tick)}
            </text>
          </g>
        );
      })}
      <line className="chart-axis" x1={left} x2={right} y1={bottom} y2={bottom} />
      {unit !== undefined && (
        <text
          className="chart-tick"
          x={(left + right) / 2}
          y={bottom + 30}
          fontSize={TICK_FONT}
          textAnchor="middle"
        >
          {scale.log ? `${unit} (log scale)` : unit}
        </text>
      )}
    </g>
  );
}

/** A value axis on the left (column and line charts), with horizontal grid lines; each tick names its unit. */
export function LeftAxis({
  scale,
  left,
  right,
  unit,
  format = compactNumber,
}: AxisProps & { unit: string }) {
  return (
    <g>
      {scale.ticks.map((tick) => {
        const y = scale.at(tick);
        return (
          <g key={tick}>
            <line className="chart-grid" x1={left} x2={right} y1={y} y2={y} strokeDasharray="3 3" />
            <line className="chart-axis" x1={left - 4} x2={left} y1={y} y2={y} />
            <text
              className="chart-tick"
              x={left - 7}
              y={y}
              fontSize={TICK_FONT}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {`${format(tick)} ${unit}`}
            </text>
          </g>
        );
      })}
      <line
        className="chart-axis"
        x1={left}
        x2={left}
        y1={scale.at(scale.low)}
        y2={scale.at(scale.high)}
      />
    </g>
  );
}

/** Vertical reference lines over a horizontal value axis, each labelled above the plot. */
export function VerticalMarks({
  marks,
  scale,
  top,
  bottom,
}: {
  marks: Mark[];
  scale: Scale;
  top: number;
  bottom: number;
}) {
  return (
    <g>
      {marks.map((mark) => {
        const x = scale.at(mark.value);
        return (
          <g key={mark.label}>
            <line
              x1={x}
              x2={x}
              y1={top}
              y2={bottom}
              stroke={mark.colour}
              strokeWidth={1.5}
              strokeDasharray={mark.solid ? undefined : '4 2'}
            />
            <text className="chart-tick" x={x} y={top - 4} fontSize={MARK_FONT} textAnchor="middle">
              {mark.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** How wide a legend entry is: its swatch, a gap and its name. */
const legendEntryWidth = (s: Series) => 24 + s.name.length * CHAR_PX;

/** A legend's width, for centring it. */
export const legendWidth = (series: Series[]) =>
  series.reduce((width, s) => width + legendEntryWidth(s), 0);

/** One swatch and name per series, in a row from `x`. */
export function Legend({ series, x, y }: { series: Series[]; x: number; y: number }) {
  const starts = series.map((_, i) => x + legendWidth(series.slice(0, i)));
  return (
    <g className="chart-legend">
      {series.map((s, i) => {
        const from = starts[i] ?? x;
        return (
          <g key={s.name}>
            <rect x={from} y={y - 5} width={10} height={10} fill={s.colour} />
            <text
              className="chart-tick"
              x={from + 14}
              y={y}
              fontSize={TICK_FONT}
              dominantBaseline="middle"
            >
              {s.name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** A category name right-aligned before `x`, in up to two lines of the column's width. */
export function CategoryLabel({
  text,
  x,
  y,
  width,
}: {
  text: string;
  x: number;
  y: number;
  width: number;
}) {
  const lines = wrapLabel(text, Math.max(4, Math.floor(width / CHAR_PX)));
  const first = y - ((lines.length - 1) * TICK_FONT * 1.1) / 2;
  return (
    <text
      className="chart-tick"
      x={x}
      fontSize={TICK_FONT}
      textAnchor="end"
      dominantBaseline="middle"
    >
      {lines.map((line, i) => (
        <tspan key={i} x={x} y={first + i * TICK_FONT * 1.1}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
