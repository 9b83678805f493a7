// Adding workloads from a generic workloads CSV (template in
// assets/templates/workloads.csv) to the open project: all of them or,
// when any row is wrong, none. One undoable edit. And the open project's
// workloads written as that CSV, which the import reads back.
import { CSV_FILE_NAME } from '../../app/api';
import type { Project, Workload } from '../core/types';
import type { SaveResult } from '../platform';
import type { Services } from '../services';
import { fileStem } from './exports';
import { freshId } from '../store/listEdits';

/** The core reads at most this much CSV. */
export const MAX_WORKLOADS_CSV_BYTES = 64 * 1024 * 1024;

export type WorkloadsCsvResult =
  | { status: 'imported'; added: number }
  | { status: 'invalid'; fileName: string; issues: { message: string }[] };

/** Gives each imported workload an id the project does not use yet (`sql-oltp` -> `sql-oltp-2`). */
export function withFreshIds(project: Project, imported: Workload[]): Workload[] {
  const taken: { workloads: Workload[] } = { workloads: [...(project.workloads ?? [])] };
  return imported.map((w) => {
    const renamed = { ...w, id: freshId(taken, 'workloads', w.id) };
    taken.workloads.push(renamed);
    return renamed;
  });
}

const workloadIndex = (path: string) => /^workloads\[(\d+)\]/.exec(path)?.[1];

export async function importWorkloadsCsvFile(
  services: Services,
  file: File,
): Promise<WorkloadsCsvResult> {
  const invalid = (issues: { message: string }[]): WorkloadsCsvResult => ({
    status: 'invalid',
    fileName: file.name,
    issues,
  });
  if (file.size > MAX_WORKLOADS_CSV_BYTES) {
    return invalid([
      {
        message: `the file is ${file.size} bytes; a workloads CSV may be at most ${MAX_WORKLOADS_CSV_BYTES} bytes`,
      },
    ]);
  }
  const { core, store } = services;
  const project = store.getState().project;
  // Rows that name no cluster or policy join the project's first ones.
  const outcome = await core.call('import/workloads-csv', {
    bytes: new Uint8Array(await file.arrayBuffer()),
    options: { cluster_id: project.clusters[0]?.id, policy_id: project.policies?.[0]?.id },
  });
  if (outcome.status === 'invalid') return invalid(outcome.issues);
  const before = project.workloads?.length ?? 0;
  const added = withFreshIds(project, outcome.workloads);
  const next: Project = { ...project, workloads: [...(project.workloads ?? []), ...added] };
  // The rows are valid on their own; they must also fit this project
  // (clusters and policies they name). Problems the project had before stay its own.
  const checked = await core.call('project/evaluate', { projectJson: JSON.stringify(next) });
  if (checked.status === 'invalid') {
    const theirs = checked.issues.filter((i) => Number(workloadIndex(i.path) ?? -1) >= before);
    if (theirs.length > 0) {
      return invalid(
        theirs.map((i) => {
          const w = added[Number(workloadIndex(i.path)) - before];
          return { message: `workload "${w?.name ?? ''}" (${w?.id ?? ''}): ${i.message}` };
        }),
      );
    }
  }
  if (store.getState().project !== project) {
    return invalid([{ message: 'the project changed during the import; import the file again' }]);
  }
  store.getState().editProject(() => next);
  store.getState().setWorkloadsImport({ fileName: file.name, workloads: added });
  return { status: 'imported', added: added.length };
}

/** Saves the open project's workloads as a workloads CSV the core writes. */
export async function exportWorkloadsCsvFile(services: Services): Promise<SaveResult> {
  const { core, platform, store } = services;
  const text = await core.call('export/workloads-csv', {
    projectJson: JSON.stringify(store.getState().project),
  });
  // The desktop takes plain ASCII names only: a name with other letters falls back.
  const name = `${fileStem(services).slice(0, 80)}-workloads.csv`;
  return platform.saveWorkloadsCsv(text, CSV_FILE_NAME.test(name) ? name : 'workloads.csv');
}
