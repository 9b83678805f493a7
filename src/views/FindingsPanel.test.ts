import { describe, expect, it } from 'vitest';
import type { Finding } from '../core/types';
import { findingKeys } from './FindingsPanel';

const NUMA = 'compute.vm_vcpu_spans_numa';
const SHORT = 'capacity.insufficient';
const BUFFER = 'cache.write_buffer_limit';

const finding = (code: Finding['code'], message: string = code): Finding => ({
  code,
  severity: 'warning',
  message,
  source: 'a source',
});

describe('findingKeys', () => {
  it('keeps the keys of other codes when a finding is added at the top', () => {
    const before = [finding(BUFFER), finding(NUMA), finding(NUMA, 'another VM')];
    const after = [finding(SHORT), ...before];
    expect(findingKeys(before)).toEqual([`${BUFFER}:0`, `${NUMA}:0`, `${NUMA}:1`]);
    expect(findingKeys(after)).toEqual([`${SHORT}:0`, ...findingKeys(before)]);
  });

  it('gives every finding its own key', () => {
    const keys = findingKeys([finding(NUMA), finding(SHORT), finding(NUMA), finding(NUMA)]);
    expect(new Set(keys).size).toBe(4);
  });
});
