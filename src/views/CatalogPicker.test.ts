// The catalog browser's spec cells show a host's power and option prices
// as the catalog states them, and say when the power is not stated.
import { describe, expect, it } from 'vitest';
import type { PartSpec } from '../core/types';
import { specCells } from './CatalogPicker';

const host: PartSpec = {
  category: 'host',
  cpu: '2 x Xeon Gold 6430',
  sockets: 2,
  cores_per_socket: 32,
  ghz: 2.1,
  ram_gb: 512,
  nics: 2,
  nic_gbps: 25,
  drive_bays: 24,
  rack_units: 2,
};

describe('specCells', () => {
  it("shows a host's power and option prices", () => {
    const cells = specCells({
      ...host,
      power_w: 612.5,
      ram_price_per_gb: 4.75,
      price_per_core: 38,
    });
    expect(cells[2]).toBe('24 bays, 2U, 613 W, RAM 4.75/GB, 38/core');
  });

  it('says when the power is not stated and leaves out unknown option prices', () => {
    expect(specCells(host)[2]).toBe('24 bays, 2U, power not stated');
  });
});
