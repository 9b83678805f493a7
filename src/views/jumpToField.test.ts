// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { jumpToField } from './jumpToField';

beforeEach(() => {
  document.body.innerHTML = `
    <input data-path="clusters[0].topology.host_count" id="hosts" />
    <input data-path="workloads[1].spec.vcpu_per_vm" id="vcpu" />`;
  Element.prototype.scrollIntoView = () => {};
});

describe('jumpToField', () => {
  it('focuses the input for an exact path', () => {
    expect(jumpToField('workloads[1].spec.vcpu_per_vm')).toBe(true);
    expect(document.activeElement?.id).toBe('vcpu');
  });

  it('finds the field under a path that names its parent', () => {
    expect(jumpToField('clusters[0].topology')).toBe(true);
    expect(document.activeElement?.id).toBe('hosts');
  });

  it('falls back to the nearest field of the same parent', () => {
    expect(jumpToField('clusters[0].host.cores_per_socket')).toBe(true);
    expect(document.activeElement?.id).toBe('hosts');
  });

  it('reports when nothing on screen edits the path', () => {
    expect(jumpToField('policies[0].ftt')).toBe(false);
  });
});
