import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';
import { classes } from '../components/FieldFrame';
import type { CatalogRow, PartSlot, PartSpec } from '../core/types';
import { pickCatalogPart } from '../files/catalog';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { useCatalogListing } from './useCatalogListing';

type SlotKind = PartSlot['slot'];

const TITLES: Record<SlotKind, string> = {
  host: 'Choose a host',
  cache_device: 'Choose a cache device',
  capacity_device: 'Choose a capacity device',
  esa_device: 'Choose an ESA storage device',
  x_brick: 'Choose an X-Brick',
  vplex_engine: 'Choose a VPLEX engine',
};

/** Whether a part can go in the slot: its category, tier and ESA listing. */
function fits(spec: PartSpec, slot: SlotKind): boolean {
  switch (slot) {
    case 'host':
      return spec.category === 'host';
    case 'cache_device':
      return spec.category === 'device' && spec.role !== 'capacity';
    case 'capacity_device':
      return spec.category === 'device' && spec.role !== 'cache';
    case 'esa_device':
      return spec.category === 'device' && spec.esa_certified === true;
    case 'x_brick':
      return spec.category === 'xbrick';
    case 'vplex_engine':
      return spec.category === 'vplex_engine';
  }
}

const number = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits });

const KIND_LABEL: Record<string, string> = {
  nvme: 'NVMe',
  sas_ssd: 'SAS SSD',
  sata_ssd: 'SATA SSD',
  hdd7200: 'HDD 7.2K',
  hdd10k: 'HDD 10K',
  hdd15k: 'HDD 15K',
};

/** The figures a presales engineer compares parts by, per category. */
export function specCells(spec: PartSpec): string[] {
  switch (spec.category) {
    case 'host':
      return [
        spec.cpu,
        `${number(spec.ram_gb)} GB RAM, ${spec.nics} x ${spec.nic_gbps} GbE`,
        [
          `${spec.drive_bays} bays, ${spec.rack_units}U`,
          spec.power_w !== undefined ? `${number(spec.power_w)} W` : 'power not stated',
          spec.ram_price_per_gb !== undefined ? `RAM ${number(spec.ram_price_per_gb, 2)}/GB` : '',
          spec.price_per_core !== undefined ? `${number(spec.price_per_core, 2)}/core` : '',
        ]
          .filter(Boolean)
          .join(', '),
      ];
    case 'device': {
      const endurance = [
        spec.endurance_dwpd !== undefined ? `${spec.endurance_dwpd} DWPD` : '',
        spec.endurance_tbw !== undefined ? `${number(spec.endurance_tbw)} TBW` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return [
        `${number(spec.capacity_gb)} GB ${KIND_LABEL[spec.kind] ?? spec.kind}${spec.esa_certified ? ', ESA' : ''}`,
        `${number(spec.read_iops)} / ${number(spec.write_iops)} IOPS (read / write)${spec.iops_basis === 'assumed' ? ', assumed' : ''}`,
        endurance || 'endurance not stated',
      ];
    }
    case 'xbrick':
      return [
        `${spec.ssd_count} x ${number(spec.ssd_gb)} GB SSD, ${number(spec.usable_tb, 1)} TB usable`,
        `${number(spec.oltp_iops)} IOPS (8 KB OLTP)`,
        `up to ${spec.max_per_cluster} per cluster, ${spec.rack_units}U`,
      ];
    case 'vplex_engine':
      return [`${spec.directors} directors`, spec.generation, `${spec.rack_units}U`];
  }
}

/** The part's price, or undefined when neither catalog prices it. */
const priceOf = (row: CatalogRow) => {
  const price = row.user ?? row.shipped;
  return price ? `${number(price.unit_price, 2)} ${price.currency}` : undefined;
};

/** Column headings of the three spec cells, per category. */
const SPEC_HEADINGS: Record<PartSpec['category'], [string, string, string]> = {
  host: ['Processors', 'Memory and network', 'Drive bays and height'],
  device: ['Capacity and media', 'IOPS', 'Endurance'],
  xbrick: ['Capacity', 'Performance', 'Limits'],
  vplex_engine: ['Directors', 'Generation', 'Height'],
};

const SLOT_CATEGORY: Record<SlotKind, PartSpec['category']> = {
  host: 'host',
  cache_device: 'device',
  capacity_device: 'device',
  esa_device: 'device',
  x_brick: 'xbrick',
  vplex_engine: 'vplex_engine',
};

const generationOf = (spec: PartSpec) => spec.generation;

/** What a search word may match: ids, names, generation and the specs shown. */
const haystack = (r: CatalogRow) =>
  [r.id, r.vendor, r.model, generationOf(r.spec), ...specCells(r.spec)].join(' ').toLowerCase();

/**
 * A searchable catalog browser for one slot of a cluster's design: specs
 * and prices side by side, filtered by vendor and generation; "Use" puts
 * the part in the design with its catalog id and price (the core decides).
 */
export function CatalogPicker({ slot, onClose }: { slot: PartSlot; onClose: () => void }) {
  const services = useServices();
  const setNotice = useApp((s) => s.setNotice);
  const id = useId();
  const listing = useCatalogListing();
  const [text, setText] = useState('');
  const [vendor, setVendor] = useState('');
  const [generation, setGeneration] = useState('');
  const [legacy, setLegacy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const candidates = useMemo(
    () => (listing?.rows ?? []).filter((r) => fits(r.spec, slot.slot)),
    [listing, slot.slot],
  );
  const vendors = [...new Set(candidates.map((r) => r.vendor))].sort();
  const generations = [
    ...new Set(candidates.map((r) => generationOf(r.spec)).filter((g): g is string => !!g)),
  ];
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = candidates.filter(
    (r) =>
      (legacy || !r.legacy) &&
      (!vendor || r.vendor === vendor) &&
      (!generation || generationOf(r.spec) === generation) &&
      words.every((w) => haystack(r).includes(w)),
  );

  const use = (row: CatalogRow) =>
    attempt(services.store, `Using ${row.model}`, async () => {
      const { used, message } = await pickCatalogPart(services, row.id, slot);
      if (!used) {
        setRefusal(message);
        return;
      }
      setNotice(message);
      onClose();
    });

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`${TITLES[slot.slot]} for cluster ${slot.cluster + 1}`}
      icon="search"
      className="catalog-picker"
    >
      <DialogBody useOverflowScrollContainer={false}>
        <div className="picker-filters">
          <FormGroup label="Search" labelFor={`${id}-search`}>
            <InputGroup
              id={`${id}-search`}
              type="search"
              leftIcon="search"
              value={text}
              placeholder="Model, CPU, size…"
              onValueChange={setText}
            />
          </FormGroup>
          <FormGroup label="Vendor" labelFor={`${id}-vendor`}>
            <HTMLSelect
              id={`${id}-vendor`}
              value={vendor}
              onChange={(e) => setVendor(e.target.value)}
              options={[{ value: '', label: 'Any vendor' }, ...vendors]}
            />
          </FormGroup>
          <FormGroup label="Generation" labelFor={`${id}-generation`}>
            <HTMLSelect
              id={`${id}-generation`}
              value={generation}
              onChange={(e) => setGeneration(e.target.value)}
              options={[{ value: '', label: 'Any generation' }, ...generations]}
            />
          </FormGroup>
          <Switch
            checked={legacy}
            onChange={(e) => setLegacy(e.currentTarget.checked)}
            label="Include seed-era (legacy) parts"
          />
        </div>
        {refusal && (
          <Callout intent={Intent.DANGER} role="alert" className="issue">
            {refusal}
          </Callout>
        )}
        <p className={Classes.TEXT_MUTED} role="status">
          {listing ? `${shown.length} of ${candidates.length} parts` : 'Loading the catalog…'}
        </p>
        <div className="picker-table" tabIndex={0} role="region" aria-label="Catalog parts">
          <table
            className={classes(Classes.HTML_TABLE, Classes.COMPACT, Classes.HTML_TABLE_STRIPED)}
          >
            <thead>
              <tr>
                <th scope="col">Part</th>
                {SPEC_HEADINGS[SLOT_CATEGORY[slot.slot]].map((heading) => (
                  <th scope="col" key={heading}>
                    {heading}
                  </th>
                ))}
                <th scope="col">Unit price</th>
                <th scope="col">
                  <span className="visually-hidden">Use</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => {
                const [spec, performance, other] = specCells(row.spec);
                return (
                  <tr key={row.id} data-part={row.id}>
                    <th scope="row">
                      {row.vendor} {row.model}
                      <div className={Classes.TEXT_MUTED}>
                        {row.id}
                        {row.legacy && (
                          <>
                            {' '}
                            <Tag minimal>legacy</Tag>
                          </>
                        )}
                      </div>
                    </th>
                    <td>{spec}</td>
                    <td>{performance}</td>
                    <td>{other}</td>
                    <td className="number">
                      {priceOf(row) ?? (
                        <Tag minimal intent={Intent.WARNING}>
                          unpriced
                        </Tag>
                      )}
                    </td>
                    <td>
                      <Button
                        size="small"
                        intent={Intent.PRIMARY}
                        icon="tick"
                        text="Use"
                        aria-label={`Use ${row.vendor} ${row.model} (${row.id})`}
                        onClick={() => void use(row)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}

/** A button that opens the catalog browser for one slot. */
export function PickFromCatalog({ slot, label }: { slot: PartSlot; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="th-list" text={label} onClick={() => setOpen(true)} />
      {open && <CatalogPicker slot={slot} onClose={() => setOpen(false)} />}
    </>
  );
}
