import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface CapacityBar {
  label: string;
  tb: number;
  tib: number;
}

/** Decimal TB and binary TiB side by side; takes plain props, never the store. */
export function RawCapacityChart({ bars }: { bars: CapacityBar[] }) {
  return (
    <BarChart
      width={520}
      height={260}
      data={bars}
      margin={{ top: 12, right: 16, bottom: 4, left: 8 }}
    >
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="label" />
      <YAxis unit=" T" />
      <Tooltip formatter={(value, name) => [`${Number(value).toFixed(2)}`, name]} />
      <Bar dataKey="tb" name="TB (decimal)" fill="#2563eb" isAnimationActive={false} />
      <Bar dataKey="tib" name="TiB (binary)" fill="#0f766e" isAnimationActive={false} />
    </BarChart>
  );
}
