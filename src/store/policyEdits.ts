// A policy's name follows its protection, so it never says one thing while
// the policy does another (the core flags names that do:
// `protection.policy_label_contradicts`).
import type { Project, ProtectionMethod, StoragePolicy } from '../core/types';

const METHOD_LABEL: Record<ProtectionMethod, string> = {
  raid1: 'RAID-1',
  raid5: 'RAID-5',
  raid6: 'RAID-6',
};

/** The name a policy gets from its method and failures to tolerate: "RAID-5 FTT=1". */
export const defaultPolicyName = (method: ProtectionMethod, ftt: number) =>
  `${METHOD_LABEL[method]} FTT=${ftt}`;

/**
 * The policy with a new method or FTT, its name kept in step: a default
 * name (or an empty one) becomes the new default; a name of the user's
 * that states the old method or FTT in the default's words has those
 * words replaced ("Gold RAID-1 FTT=1" -> "Gold RAID-5 FTT=1"); any other
 * name stays as typed.
 */
export function withProtection(
  policy: StoragePolicy,
  change: { method?: ProtectionMethod; ftt?: number },
): StoragePolicy {
  const method = change.method ?? policy.method;
  const ftt = change.ftt ?? policy.ftt;
  const old = defaultPolicyName(policy.method, policy.ftt);
  const name = policy.name.trim();
  let renamed: string;
  if (name === '' || name === old) renamed = defaultPolicyName(method, ftt);
  else
    renamed = policy.name
      .replace(METHOD_LABEL[policy.method], METHOD_LABEL[method])
      .replace(`FTT=${policy.ftt}`, `FTT=${ftt}`);
  return { ...policy, method, ftt, name: renamed };
}

export function editPolicyProtection(
  project: Project,
  index: number,
  change: { method?: ProtectionMethod; ftt?: number },
): Project {
  return {
    ...project,
    policies: (project.policies ?? []).map((p, i) => (i === index ? withProtection(p, change) : p)),
  };
}
