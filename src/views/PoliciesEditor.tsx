import { Fragment } from 'react';
import { Button, Classes, HTMLSelect } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { classes } from '../components/FieldFrame';
import { ScrollRegion } from '../components/ScrollRegion';
import { NumberField } from '../components/NumberField';
import { PathCheckbox, PathNumber, PathText } from '../components/PathFields';
import type { ProtectionMethod } from '../core/types';
import { useApp } from '../store/context';
import { appendAt, freshId } from '../store/listEdits';
import { setAtPath } from '../store/paths';
import { defaultPolicyName, editPolicyProtection } from '../store/policyEdits';
import { ActionsHeading, ListRowActions } from '../components/ListRowActions';

const METHODS = [
  { value: 'raid1', label: 'RAID-1 (mirroring)' },
  { value: 'raid5', label: 'RAID-5 (3+1; ESA 2+1 or 4+1)' },
  { value: 'raid6', label: 'RAID-6 (4+2)' },
];

/** vSAN storage policies the workloads use. */
export function PoliciesEditor() {
  const policies = useApp((s) => s.project.policies ?? []);
  const editProject = useApp((s) => s.editProject);
  const issues = useApp((s) => s.issues);
  const findings = useApp((s) => s.evaluation?.findings);
  /** The core's warning that a policy's name states another protection than it has. */
  const contradiction = (i: number) =>
    findings?.find(
      (f) => f.code === 'protection.policy_label_contradicts' && f.path === `policies[${i}].name`,
    )?.message;
  return (
    <EditorPanel headingId="policies-heading" title="Storage policies">
      <ScrollRegion label="Storage policies table">
        <table className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'policies')}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Method</th>
              <th scope="col">FTT</th>
              <th scope="col">Stripe width</th>
              <th scope="col">OSR (%)</th>
              <th scope="col">Checksum</th>
              <th scope="col">Compression (ESA)</th>
              <ActionsHeading />
            </tr>
          </thead>
          <tbody>
            {policies.map((policy, i) => {
              const path = `policies[${i}]`;
              return (
                <Fragment key={policy.id}>
                  <tr>
                    <td>
                      <PathText path={`${path}.name`} label={`Policy ${i + 1} name`} hideLabel />
                    </td>
                    <td>
                      <HTMLSelect
                        minimal
                        aria-label={`Policy ${i + 1} method`}
                        data-path={`${path}.method`}
                        value={policy.method}
                        onChange={(e) =>
                          editProject((p) =>
                            editPolicyProtection(p, i, {
                              method: e.target.value as ProtectionMethod,
                            }),
                          )
                        }
                        options={METHODS}
                      />
                    </td>
                    <td>
                      <NumberField
                        label={`Policy ${i + 1} failures to tolerate`}
                        hideLabel
                        path={`${path}.ftt`}
                        value={policy.ftt}
                        issue={issues.find((x) => x.path === `${path}.ftt`)?.message}
                        onChange={(ftt) =>
                          ftt !== undefined &&
                          editProject((p) => editPolicyProtection(p, i, { ftt }))
                        }
                      />
                    </td>
                    <td>
                      <PathNumber
                        path={`${path}.stripe_width`}
                        label={`Policy ${i + 1} stripe width`}
                        hideLabel
                      />
                    </td>
                    <td>
                      <PathNumber
                        path={`${path}.object_space_reservation_pct`}
                        label={`Policy ${i + 1} object space reservation`}
                        hideLabel
                      />
                    </td>
                    <td>
                      <PathCheckbox
                        path={`${path}.checksum`}
                        label={`Policy ${i + 1} checksum`}
                        hideLabel
                      />
                    </td>
                    <td>
                      <PathCheckbox
                        path={`${path}.compression`}
                        label={`Policy ${i + 1} data compression on vSAN ESA`}
                        hideLabel
                        absent
                      />
                    </td>
                    <ListRowActions list="policies" index={i} id={policy.id} />
                  </tr>
                  {contradiction(i) && (
                    <tr>
                      <td colSpan={8}>
                        <p className="issue" data-testid={`policy-name-contradicts-${i}`}>
                          {contradiction(i)}{' '}
                          <Button
                            size="small"
                            icon="edit"
                            onClick={() =>
                              editProject((p) =>
                                setAtPath(
                                  p,
                                  `${path}.name`,
                                  defaultPolicyName(policy.method, policy.ftt),
                                ),
                              )
                            }
                            text={`Rename to ${defaultPolicyName(policy.method, policy.ftt)}`}
                          />
                        </p>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="editor-actions">
        <Button
          icon="plus"
          text="Add policy"
          onClick={() =>
            editProject((p) =>
              appendAt(p, 'policies', {
                id: freshId(p, 'policies', 'policy'),
                name: defaultPolicyName('raid1', 1),
                method: 'raid1',
                ftt: 1,
                stripe_width: 1,
                object_space_reservation_pct: 0,
                checksum: true,
              }),
            )
          }
        />
      </div>
    </EditorPanel>
  );
}
