import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';

export interface FigureBar {
  label: string;
  value: number;
  colour: string;
}

interface Props {
  title: string;
  bars: FigureBar[];
  unit: string;
  /** Digits in the tooltip. */
  digits?: number;
  /** A limit drawn across the bars, e.g. 100 % of what is left. */
  limit?: number;
}

/** A few labelled figures of one unit side by side (demand vs limit). Plain props only. */
export function FigureBarChart({ title, bars, unit, digits = 0, limit }: Props) {
  return (
    <BarChart
      width={215}
      height={220}
      data={bars}
      margin={{ top: 8, right: 8, bottom: 24, left: 8 }}
      role="img"
      aria-label={title}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval={0} tick={{ fontSize: 11 }} />
      <YAxis width={70} tick={{ fontSize: 11 }} />
      <Tooltip
        formatter={(value) => [
          `${Number(value).toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`,
          title,
        ]}
      />
      {limit !== undefined && (
        <ReferenceLine y={limit} stroke="#b91c1c" strokeDasharray="4 2" label="limit" />
      )}
      <Bar dataKey="value" isAnimationActive={false}>
        {bars.map((bar) => (
          <Cell key={bar.label} fill={bar.colour} />
        ))}
      </Bar>
    </BarChart>
  );
}
