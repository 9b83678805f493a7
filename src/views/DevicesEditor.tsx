import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { classes } from '../components/FieldFrame';
import { ScrollRegion } from '../components/ScrollRegion';
import { PathNumber, PathSelect, PathText } from '../components/PathFields';
import { useApp } from '../store/context';
import { appendAt, freshId } from '../store/listEdits';
import { ActionsHeading, ListRowActions } from '../components/ListRowActions';

const KINDS = [
  { value: 'hdd7200', label: 'HDD 7.2K' },
  { value: 'hdd10k', label: 'HDD 10K' },
  { value: 'hdd15k', label: 'HDD 15K' },
  { value: 'sata_ssd', label: 'SATA SSD' },
  { value: 'sas_ssd', label: 'SAS SSD' },
  { value: 'nvme', label: 'NVMe' },
];

const CLASSES = [
  { value: '', label: '—' },
  ...['A', 'B', 'C', 'D', 'E', 'F'].map((c) => ({ value: c, label: c })),
];

/** The devices disk groups use, with their datasheet figures. */
export function DevicesEditor() {
  const devices = useApp((s) => s.project.devices ?? []);
  const currency = useApp((s) => s.project.pricing?.currency ?? 'USD');
  const unpriced = useApp((s) => s.evaluation?.totals.cost.unpriced_parts);
  const editProject = useApp((s) => s.editProject);
  return (
    <EditorPanel headingId="devices-heading" title="Devices">
      <ScrollRegion label="Devices table">
        <table className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'devices')}>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Kind</th>
              <th scope="col">Capacity (GB)</th>
              <th scope="col">Read IOPS</th>
              <th scope="col">Write IOPS</th>
              <th scope="col">DWPD</th>
              <th scope="col">Class</th>
              <th scope="col">Price ({currency})</th>
              <ActionsHeading />
            </tr>
          </thead>
          <tbody>
            {devices.map((d, i) => {
              const path = `devices[${i}]`;
              return (
                <tr key={d.id}>
                  <td>
                    <PathText path={`${path}.model`} label={`Device ${i + 1} model`} hideLabel />
                  </td>
                  <td>
                    <PathSelect
                      path={`${path}.kind`}
                      label={`Device ${i + 1} kind`}
                      choices={KINDS}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.capacity_gb`}
                      label={`Device ${i + 1} capacity`}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.read_iops`}
                      label={`Device ${i + 1} read IOPS`}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.write_iops`}
                      label={`Device ${i + 1} write IOPS`}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.endurance_dwpd`}
                      label={`Device ${i + 1} DWPD`}
                      hideLabel
                      optional
                    />
                  </td>
                  <td>
                    <PathSelect
                      path={`${path}.flash_class`}
                      label={`Device ${i + 1} flash class`}
                      choices={CLASSES}
                      parse={(v) => (v === '' ? undefined : v)}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.unit_price`}
                      label={`Device ${i + 1} unit price (${currency})`}
                      hideLabel
                      optional
                    />
                    {unpriced?.includes(d.model) && (
                      <Tag minimal intent={Intent.WARNING} data-testid={`device-unpriced-${i}`}>
                        custom, unpriced
                      </Tag>
                    )}
                  </td>
                  <ListRowActions list="devices" index={i} id={d.id} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="editor-actions">
        <Button
          icon="plus"
          text="Add device"
          onClick={() =>
            editProject((p) =>
              appendAt(p, 'devices', {
                id: freshId(p, 'devices', 'device'),
                model: 'New device',
                kind: 'sas_ssd',
                capacity_gb: 1920,
                read_iops: 100000,
                write_iops: 30000,
              }),
            )
          }
        />
      </div>
    </EditorPanel>
  );
}
