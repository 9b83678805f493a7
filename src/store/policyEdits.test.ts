import { describe, expect, it } from 'vitest';
import type { StoragePolicy } from '../core/types';
import { defaultPolicyName, withProtection } from './policyEdits';

const policy = (name: string): StoragePolicy => ({
  id: 'p',
  name,
  method: 'raid1',
  ftt: 1,
  stripe_width: 1,
  object_space_reservation_pct: 0,
  checksum: true,
});

describe('policy names in step with their protection', () => {
  it('a default name follows the method and FTT', () => {
    expect(withProtection(policy('RAID-1 FTT=1'), { method: 'raid5' }).name).toBe('RAID-5 FTT=1');
    expect(withProtection(policy(''), { ftt: 2 }).name).toBe(defaultPolicyName('raid1', 2));
  });

  it('a custom name has the words stating the old protection replaced, or stays', () => {
    expect(withProtection(policy('Gold RAID-1 FTT=1'), { method: 'raid6', ftt: 2 }).name).toBe(
      'Gold RAID-6 FTT=2',
    );
    expect(withProtection(policy('Gold tier'), { method: 'raid5' })).toMatchObject({
      name: 'Gold tier',
      method: 'raid5',
    });
  });
});
