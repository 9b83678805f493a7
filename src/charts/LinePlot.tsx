import {
  BottomAxis,
  LeftAxis,
  Legend,
  legendWidth,
  VerticalMarks,
  type Mark,
  type Series,
} from './ChartParts';
import { useExplainedMarks, type ExplainedMark } from './ExplainedMarks';
import type { Explanation } from '../components/Explain';
import { linearScale, type Scale } from './scale';

export interface LinePoint {
  x: number;
  y: number;
}

export interface LineSeries extends Series {
  points: LinePoint[];
  /** How the core found the line's figures; each dot then opens it (ExplainedMarks). */
  explain?: Explanation;
}

interface Props {
  /** The accessible name. */
  title: string;
  /** The x axis: its range and how a tick reads ("Year 2", "3 ms"). */
  xDomain: [number, number];
  xTicks: number[];
  formatX: (x: number) => string;
  yUnit: string;
  /** A value as its tooltip writes it, with its unit. */
  formatY: (y: number) => string;
  lines: LineSeries[];
  marks?: Mark[];
  width: number;
  height: number;
}

// The right margin holds half of the last x tick.
const PLOT = { top: 16, right: 28, left: 72 };
/** Past this many points a line is drawn without its dots. */
const MAX_POINTS = 20;
/** The x ticks' row and the legend's below the plot. */
const BELOW = 44;

/**
 * Lines over a numeric x axis in plain SVG, with a dot at each point: its
 * tooltip, or on a line with an explanation a control that opens it.
 */
export function LinePlot({
  title,
  xDomain,
  xTicks,
  formatX,
  yUnit,
  formatY,
  lines,
  marks = [],
  width,
  height,
}: Props) {
  const bottom = height - BELOW;
  const right = width - PLOT.right;
  const y = linearScale(
    Math.max(0, ...lines.flatMap((l) => l.points.map((p) => p.y))),
    bottom,
    PLOT.top,
  );
  const [low, high] = xDomain;
  const span = high - low || 1;
  const x: Scale = {
    at: (value) => PLOT.left + ((right - PLOT.left) * (value - low)) / span,
    ticks: xTicks,
    low,
    high,
    log: false,
  };
  const explained = useExplainedMarks();
  const figure = (line: LineSeries, p: LinePoint) =>
    `${formatX(p.x)}, ${line.name}: ${formatY(p.y)}`;
  const dotted = lines.filter((line) => line.points.length <= MAX_POINTS);
  const pointed: ExplainedMark[] = dotted.flatMap(({ explain: explanation, ...line }) =>
    explanation
      ? line.points.map((p) => ({
          key: `${line.name}\u0000${p.x}`,
          figure: figure(line, p),
          explanation,
        }))
      : [],
  );
  const byKey = new Map(pointed.map((m) => [m.key, m]));
  return (
    <div className="chart-explained">
      <svg
        className="chart"
        width={width}
        height={height}
        role={pointed.length > 0 ? 'group' : 'img'}
        aria-label={title}
      >
        <LeftAxis scale={y} left={PLOT.left} right={right} unit={yUnit} />
        <BottomAxis
          scale={x}
          top={PLOT.top}
          bottom={bottom}
          left={PLOT.left}
          right={right}
          format={formatX}
        />
        <VerticalMarks marks={marks} scale={x} top={PLOT.top} bottom={bottom} />
        {lines.map((line) => (
          <g key={line.name}>
            <polyline
              fill="none"
              stroke={line.colour}
              strokeWidth={2}
              points={line.points.map((p) => `${x.at(p.x)},${y.at(p.y)}`).join(' ')}
            />
            {dotted.includes(line) &&
              line.points.map((p) => {
                const mark = byKey.get(`${line.name}\u0000${p.x}`);
                return (
                  <circle
                    key={p.x}
                    className="chart-point"
                    cx={x.at(p.x)}
                    cy={y.at(p.y)}
                    r={3}
                    stroke={line.colour}
                    {...(mark && explained.markProps(mark))}
                  >
                    {!mark && <title>{figure(line, p)}</title>}
                  </circle>
                );
              })}
          </g>
        ))}
        <Legend series={lines} x={(PLOT.left + right - legendWidth(lines)) / 2} y={height - 10} />
      </svg>
      {explained.popup(pointed)}
    </div>
  );
}
