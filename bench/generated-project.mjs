// A large project for the UI timing: an example's workloads repeated to a
// given count, each copy with its own id and name and its sizes varied, so
// no two workloads are alike. The copies share the example's storage demand
// (each is scaled down by the number of copies), so the cluster is loaded
// as the example's is and no tier saturates: every chart still moves with
// the host count. Deterministic: the same example and count give the same
// project.

/** A tiny LCG, so every run sizes the same project. */
function lcg(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Fields scaled per copy: storage sizes and demand, never counts or percentages. */
const SCALED = [
  'db_size_gb',
  'log_size_gb',
  'tempdb_size_gb',
  'target_iops',
  'mailboxes',
  'capacity_gb',
  'throughput_mbps',
  'disk_gb_per_vm',
  'iops_per_vm',
];

/** `exampleText`'s project with `count` workloads (its own, repeated and varied). */
export function generatedProject(exampleText, count) {
  const project = JSON.parse(exampleText);
  const random = lcg(0x5eed0020);
  const originals = project.workloads;
  project.name = `${project.name}: ${count} generated workloads`;
  project.workloads = Array.from({ length: count }, (_, i) => {
    const original = originals[i % originals.length];
    const spec = { ...original.spec };
    // 0.5x to 1.5x of an equal share, rounded like user input, at least 1.
    const factor = ((0.5 + random()) * originals.length) / count;
    for (const field of SCALED) {
      if (typeof spec[field] !== 'number') continue;
      const digits = Number.isInteger(spec[field]) ? 1 : 100;
      spec[field] = Math.max(1, Math.round(spec[field] * factor * digits) / digits);
    }
    // The first copies keep their ids, which other parts may name (an
    // XtremIO volume names its workload).
    const id = i < originals.length ? original.id : `${original.id}-${i}`;
    return { ...original, id, name: `${original.name} #${i}`, spec };
  });
  return project;
}
