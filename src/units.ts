// Presentation of the core's figures. Capacities arrive in both units; the
// user picks which one the dashboard shows, and the label always says which.
import type { Capacity } from './core/types';

export type CapacityUnit = 'tb' | 'tib';

export const UNIT_LABEL: Record<CapacityUnit, string> = { tb: 'TB', tib: 'TiB' };

// One formatter per digit count: `toLocaleString` with options builds a new
// Intl.NumberFormat on every call, which showed up in every live edit's profile.
const fixedFormats = new Map<number, Intl.NumberFormat>();
const upToFormats = new Map<number, Intl.NumberFormat>();

function formatter(cache: Map<number, Intl.NumberFormat>, digits: number, minimum: number) {
  let format = cache.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minimum,
      maximumFractionDigits: digits,
      // No "-0" where a small negative figure rounds to zero (the core
      // itself sends no -0).
      signDisplay: 'negative',
    });
    cache.set(digits, format);
  }
  return format;
}

const decimals = (value: number, digits: number) =>
  formatter(fixedFormats, digits, digits).format(value);

/** At most `digits` decimals, trailing zeros dropped (1,234.5). */
export const upTo = (value: number, digits: number) =>
  formatter(upToFormats, digits, 0).format(value);

/** The unit a capacity below one TB (TiB) reads in, and how many of it make one. */
const SMALL_UNIT: Record<CapacityUnit, { label: string; per: number }> = {
  tb: { label: 'GB', per: 1000 },
  tib: { label: 'GiB', per: 1024 },
};

/**
 * A figure already in `unit`; below one TB (TiB) in whole GB (GiB), as
 * "0.01 TB" says little: "10 GB" (a VPLEX logging volume).
 */
export function formatCapacityIn(value: number, unit: CapacityUnit) {
  if (value !== 0 && Math.abs(value) < 1) {
    const small = SMALL_UNIT[unit];
    return `${decimals(value * small.per, 0)} ${small.label}`;
  }
  return `${decimals(value, 2)} ${UNIT_LABEL[unit]}`;
}

export const formatCapacity = (capacity: Capacity, unit: CapacityUnit) =>
  formatCapacityIn(capacity[unit], unit);

export const formatGb = (gb: number) => `${decimals(gb, 0)} GB`;

export const formatIops = (iops: number) => `${decimals(iops, 0)} IOPS`;

/** A price in the design's (catalog's) currency, whole units. */
export const formatPrice = (amount: number) => decimals(amount, 0);

/** An amount with its ISO 4217 code, as the dashboard and the BOM write it: "76,800 USD". */
export const formatMoney = (amount: number, currency: string, digits = 0) =>
  `${decimals(amount, digits)} ${currency}`;

export const formatPct = (pct: number) => `${decimals(pct, 1)} %`;

export const formatRatio = (ratio: number) => `${decimals(ratio, 2)}:1`;

/**
 * Whole minutes, as "1 h 05 min" from an hour on and "2 h" on the hour;
 * rounded once, so never "1 h 60 min".
 */
export function formatDuration(minutes: number): string {
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`;
}

/**
 * From here on a mean time to data loss reads "> 1 million years": the
 * model's independence assumption matters more than any further digit (the
 * core's report and CLI write it the same way: core-rs/src/durability/text.rs).
 */
const READABLE_YEARS = 1e6;
/** Below this percentage (one in 100,000 a year) a loss probability reads "< 0.001 %". */
const READABLE_LOSS_PCT = 0.001;

const significantFormats = new Map<number, Intl.NumberFormat>();
function significant(value: number, digits: number) {
  let format = significantFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumSignificantDigits: digits,
      maximumSignificantDigits: digits,
    });
    significantFormats.set(digits, format);
  }
  return format.format(value);
}

/** A mean time to data loss, three significant digits: "4,050 years", "> 1 million years". */
export const formatYears = (years: number) =>
  years >= READABLE_YEARS ? '> 1 million years' : `${significant(years, 3)} years`;

/** An annual probability (0-1) as a percentage, two significant digits: "0.025 %". */
export function formatAnnualLoss(probability: number) {
  const pct = probability * 100;
  if (pct <= 0) return '0 %';
  if (pct < READABLE_LOSS_PCT) return `< ${READABLE_LOSS_PCT} %`;
  return `${significant(pct, 2)} %`;
}

/** A figure the core may leave out (nothing to divide by) shows as a dash. */
export const orDash = <T>(value: T | undefined, format: (v: T) => string) =>
  value === undefined ? '–' : format(value);
