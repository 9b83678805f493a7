import { describe, expect, it } from 'vitest';
import { hostFilterOptions, NO_HOST_FILTER } from './HostConstraints';

describe('hostFilterOptions', () => {
  it('states nothing beyond empty lists when nothing is chosen', () => {
    expect(hostFilterOptions(NO_HOST_FILTER)).toEqual({
      options: {
        vendors: [],
        generations: [],
        host_models: [],
        min_disk_groups: undefined,
        max_disk_groups: undefined,
        slack_pct: undefined,
        include_legacy: false,
      },
    });
  });

  it('reads the typed models, disk groups and slack', () => {
    const result = hostFilterOptions({
      vendors: ['Dell', 'Micron'],
      generations: ['Dell PowerEdge 16G'],
      hostModels: ' R760 , ,dell-r660 ',
      minDiskGroups: '2',
      maxDiskGroups: '3',
      slackPct: '25.5',
      includeLegacy: true,
    });
    expect(result).toEqual({
      options: {
        vendors: ['Dell', 'Micron'],
        generations: ['Dell PowerEdge 16G'],
        host_models: ['R760', 'dell-r660'],
        min_disk_groups: 2,
        max_disk_groups: 3,
        slack_pct: 25.5,
        include_legacy: true,
      },
    });
  });

  it('names the field that is not a number', () => {
    expect(hostFilterOptions({ ...NO_HOST_FILTER, maxDiskGroups: '2.5' })).toEqual({
      error: 'Disk groups per host must be whole numbers (1 to 5).',
    });
    expect(hostFilterOptions({ ...NO_HOST_FILTER, minDiskGroups: '-1' })).toEqual({
      error: 'Disk groups per host must be whole numbers (1 to 5).',
    });
    expect(hostFilterOptions({ ...NO_HOST_FILTER, slackPct: 'lots' })).toEqual({
      error: 'Slack must be a percentage.',
    });
  });
});
