import type { StateCreator } from 'zustand';
import type { ImportProgress } from '../files/importProgress';
import type {
  InventoryPreview,
  Project,
  RecommendOutcome,
  RvtoolsSummary,
  Scenario,
  Workload,
} from '../core/types';
import type { Failure } from '../files/failures';
import type { RecoveryOffer } from '../files/recovery';
import type { CapacityUnit } from '../units';
import {
  addScenario,
  MAX_SCENARIOS,
  removeScenario,
  renameScenario,
  scenariosOf,
} from './scenarios';
import type { AppMutators, AppState } from '.';

/** A file the user tried to open or import that the core refused; nothing was changed. */
export interface FileProblem {
  fileName: string;
  /** Each names its field (JSON path) or its sheet, row and column. */
  issues: { message: string }[];
}

export type EditorTab =
  'design' | 'workloads' | 'policies' | 'devices' | 'settings' | 'pricing' | 'facts';

/** The editor tab that holds the field at a JSON path. */
export function tabForPath(path: string): EditorTab {
  if (path.startsWith('workloads')) return 'workloads';
  if (path.startsWith('policies')) return 'policies';
  if (path.startsWith('devices')) return 'devices';
  if (path.startsWith('settings')) return 'settings';
  if (path.startsWith('facts')) return 'facts';
  if (path.startsWith('pricing')) return 'pricing';
  return 'design';
}

// The project's own fields; a path outside them (an export's `paper`, a
// catalog file's `user_catalog[2].name`) has no editor to open.
const PROJECT_ROOTS = new Set([
  'name',
  'description',
  'facts',
  'settings',
  'devices',
  'clusters',
  'policies',
  'workloads',
  'pricing',
]);

/** Whether `path` names a field of the project, so an editor tab holds it. */
export function isProjectPath(path: string): boolean {
  return PROJECT_ROOTS.has(/^[a-z_]+/.exec(path)?.[0] ?? '');
}

/** A design kept for comparison: a scenario saved in the project file. */
export type Variant = Scenario;

export const MAX_VARIANTS = MAX_SCENARIOS;

/** The kept variants: the project's scenarios. */
export const selectVariants = (s: AppState): Variant[] => scenariosOf(s.project);

/** A question the app asks in its own dialog; the answer is one of the choices' values, or null when dismissed. */
export interface Question {
  title: string;
  text: string;
  choices: { value: string; label: string }[];
  answer: (value: string | null) => void;
}

/** The last design search and the project it searched for: shown while the project is that one. */
export interface KeptSearch {
  project: Project;
  outcome: RecommendOutcome;
}

/**
 * An inventory being read (how far it has got; cancel ends the read), or
 * its preview awaiting the user's choices. `fileName` names what was given
 * (several RVTools CSV tabs: the first and how many more).
 */
export type InventoryImport =
  | { phase: 'reading'; fileName: string; progress: ImportProgress; cancel: () => void }
  | { phase: 'preview'; fileName: string; preview: InventoryPreview };

/** The paper the XLSX reports are set up to print on. */
export type ReportPaper = 'a4' | 'letter';

export type ResultsTab = 'results' | 'compare' | 'recommend' | 'catalog';

export interface UiSlice {
  resultsTab: ResultsTab;
  setResultsTab: (tab: ResultsTab) => void;
  /** Keeps a snapshot as a scenario (one undoable edit); refuses a fifth (the table compares at most four). */
  addVariant: (variant: Variant) => boolean;
  removeVariant: (index: number) => void;
  /** Renames a scenario; returns why a name was refused, or null. */
  renameVariant: (index: number, name: string) => string | null;
  editorTab: EditorTab;
  setEditorTab: (tab: EditorTab) => void;
  fileProblem: FileProblem | null;
  showFileProblem: (problem: FileProblem | null) => void;
  /** A recovery copy awaiting the user's decision; autosave waits for it. */
  recoveryOffer: RecoveryOffer | null;
  /** The last file action that failed (save, open, import, export, autosave), until dismissed. */
  failure: Failure | null;
  showFailure: (failure: Failure | null) => void;
  /** A one-line outcome of the last export or import, shown until the next. */
  notice: string | null;
  setNotice: (notice: string | null) => void;
  /** The inventory import under way (nothing is changed until the user imports). */
  inventoryImport: InventoryImport | null;
  setInventoryImport: (state: InventoryImport | null) => void;
  /** What the last inventory import took in and skipped, until dismissed. */
  importSummary: { fileName: string; summary: RvtoolsSummary } | null;
  setImportSummary: (summary: UiSlice['importSummary']) => void;
  /** The workloads the last workloads CSV import added (undo removes them), until dismissed. */
  workloadsImport: { fileName: string; workloads: Workload[] } | null;
  setWorkloadsImport: (imported: UiSlice['workloadsImport']) => void;
  setRecoveryOffer: (offer: RecoveryOffer | null) => void;
  /** Decimal TB or binary TiB, everywhere on the dashboard. */
  capacityUnit: CapacityUnit;
  setCapacityUnit: (unit: CapacityUnit) => void;
  reportPaper: ReportPaper;
  setReportPaper: (paper: ReportPaper) => void;
  /** The cluster the results dashboard shows. */
  selectedCluster: number;
  selectCluster: (index: number) => void;
  question: Question | null;
  /** Asks in the app's dialog; resolves with the value of the choice picked, or null. */
  ask: (question: Omit<Question, 'answer'>) => Promise<string | null>;
  search: KeptSearch | null;
  keepSearch: (search: KeptSearch | null) => void;
  /** A workload field to bring into view: the grid renders only the rows on screen, so it scrolls there itself. */
  workloadFieldRequest: string | null;
  requestWorkloadField: (path: string | null) => void;
}

export const createUiSlice: StateCreator<AppState, AppMutators, [], UiSlice> = (set, get) => ({
  resultsTab: 'results',
  setResultsTab: (resultsTab) => set({ resultsTab }),
  addVariant: (variant) => {
    const next = addScenario(get().project, variant.name, variant.project);
    if (!next) return false;
    get().editProject(() => next);
    return true;
  },
  removeVariant: (index) => get().editProject((p) => removeScenario(p, index)),
  renameVariant: (index, name) => {
    const outcome = renameScenario(get().project, index, name);
    if ('problem' in outcome) return outcome.problem;
    get().editProject(() => outcome.project);
    return null;
  },
  reportPaper: 'a4',
  setReportPaper: (reportPaper) => set({ reportPaper }),
  editorTab: 'design',
  setEditorTab: (editorTab) => set({ editorTab }),
  fileProblem: null,
  showFileProblem: (fileProblem) => set({ fileProblem }),
  failure: null,
  showFailure: (failure) => set({ failure }),
  notice: null,
  setNotice: (notice) => set({ notice }),
  inventoryImport: null,
  setInventoryImport: (inventoryImport) => set({ inventoryImport }),
  importSummary: null,
  setImportSummary: (importSummary) => set({ importSummary }),
  workloadsImport: null,
  setWorkloadsImport: (workloadsImport) => set({ workloadsImport }),
  recoveryOffer: null,
  setRecoveryOffer: (recoveryOffer) => set({ recoveryOffer }),
  capacityUnit: 'tb',
  setCapacityUnit: (capacityUnit) => set({ capacityUnit }),
  selectedCluster: 0,
  selectCluster: (selectedCluster) => set({ selectedCluster }),
  question: null,
  ask: (question) =>
    new Promise((resolve) => {
      // A question still open when another comes is dismissed first.
      get().question?.answer(null);
      set({
        question: {
          ...question,
          answer: (value) => {
            set({ question: null });
            resolve(value);
          },
        },
      });
    }),
  search: null,
  keepSearch: (search) => set({ search }),
  workloadFieldRequest: null,
  requestWorkloadField: (workloadFieldRequest) => set({ workloadFieldRequest }),
});
