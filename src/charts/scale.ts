// Axis arithmetic for the dashboard's SVG charts: where a value lands in
// pixels and which round values carry a tick. Pure, so it is tested apart
// from any drawing.

export interface Scale {
  /** The pixel position of a value (clamped into the range on a log axis). */
  at: (value: number) => number;
  ticks: number[];
  /** The axis' ends, its first and last tick. */
  low: number;
  high: number;
  log: boolean;
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) giving about `count` intervals up to `span`. */
function roundStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/** Ticks from zero to the first round value at or past `max` (at least one interval). */
export function linearTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const step = roundStep(max, count);
  const ticks = [0];
  // Multiply rather than add, so 0.1-steps do not accumulate float error.
  for (let i = 1, tick = 0; tick < max; i += 1) {
    tick = Number((i * step).toPrecision(12));
    ticks.push(tick);
  }
  return ticks;
}

/** Powers of ten from just below `min` to just above `max`. */
export function logTicks(min: number, max: number): number[] {
  const low = Math.floor(Math.log10(min));
  const high = Math.max(low + 1, Math.ceil(Math.log10(max)));
  const ticks: number[] = [];
  for (let p = low; p <= high; p += 1) ticks.push(10 ** p);
  return ticks;
}

/** A linear axis from zero over [from, to] px, up to the first round tick at or past `max`. */
export function linearScale(max: number, from: number, to: number): Scale {
  const ticks = linearTicks(max);
  const high = ticks.at(-1) ?? 1;
  return { at: (value) => from + ((to - from) * value) / high, ticks, low: 0, high, log: false };
}

/** A log axis over [from, to] px for positive values between `min` and `max`. */
export function logScale(min: number, max: number, from: number, to: number): Scale {
  const ticks = logTicks(min, max);
  const low = ticks[0] ?? 1;
  const high = ticks.at(-1) ?? 10;
  const span = Math.log10(high / low);
  const at = (value: number) =>
    from + ((to - from) * Math.log10(Math.max(value, low) / low)) / span;
  return { at, ticks, low, high, log: true };
}

/** Past this ratio of the largest to the smallest value, a linear axis hides the small one. */
const LOG_RATIO = 20;

/** A log axis when the values span more than LOG_RATIO and none is zero. */
export function wantsLogScale(values: number[]): boolean {
  const positive = values.filter((v) => v > 0);
  if (positive.length !== values.length || positive.length < 2) return false;
  return Math.max(...positive) / Math.min(...positive) > LOG_RATIO;
}

/**
 * A category label in at most two lines of about `chars` characters, broken
 * between words, the rest cut with an ellipsis: the charts size their label
 * column, they do not measure text.
 */
export function wrapLabel(text: string, chars: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let next = 0;
  while (next < words.length && lines.length < 2) {
    let line = words[next++] ?? '';
    for (let word = words[next]; word && `${line} ${word}`.length <= chars; word = words[next]) {
      line = `${line} ${word}`;
      next += 1;
    }
    lines.push(line);
  }
  const cutShort = next < words.length;
  return lines.map((line, n) =>
    line.length > chars || (cutShort && n === lines.length - 1)
      ? `${line.slice(0, chars - 1)}…`
      : line,
  );
}
