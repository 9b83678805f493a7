// Opening and saving documents: a file is checked by the core before the
// app adopts it, so an invalid file changes nothing.
import type { CoreClient } from '../core/client';
import type { InputIssue, Project } from '../core/types';
import type { Platform } from '../platform';
import { openDocument, type AppStore } from '../store';

export type OpenResult =
  /** `fixes`: fields outside their ranges, flagged in the editor; nothing is evaluated until fixed. */
  | { status: 'opened'; fileName: string; fixes: InputIssue[] }
  | { status: 'cancelled' }
  | { status: 'invalid'; fileName: string; issues: InputIssue[] };

/**
 * `fileName` names the text in messages; `documentName` is the name the
 * opened document keeps (null for one never saved, such as a new project).
 */
export async function openProjectText(
  store: AppStore,
  core: CoreClient,
  fileName: string,
  text: string,
  documentName: string | null = fileName,
): Promise<OpenResult> {
  const outcome = await core.call('project/check-file', { projectJson: text });
  if (outcome.status === 'invalid') return { status: 'invalid', fileName, issues: outcome.issues };
  openDocument(store, outcome.project, documentName);
  return {
    status: 'opened',
    fileName,
    fixes: outcome.status === 'needs_fixes' ? outcome.issues : [],
  };
}

export async function openWithPicker(
  store: AppStore,
  core: CoreClient,
  platform: Platform,
): Promise<OpenResult> {
  const file = await platform.openProject();
  if (!file) return { status: 'cancelled' };
  return openProjectText(store, core, file.fileName, file.text);
}

export const serializeProject = (project: Project) => `${JSON.stringify(project, null, 2)}\n`;

function invalidSaveQuestion([first, ...rest]: InputIssue[]): string {
  const more = rest.length > 0 ? ` and ${rest.length} more` : '';
  return `The project has fields outside their ranges (${first?.path}: ${first?.message}${more}). Save it anyway? It opens again with these fields flagged, and nothing is sized until they are fixed.`;
}

/** A file name for a project that has none yet. */
export function suggestedFileName(project: Project): string {
  const stem = project.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `${stem || 'project'}.stacksizer.json`;
}

/**
 * Saves the project; a project with fields outside their ranges is saved
 * only after the user agrees (it opens again with those fields flagged).
 */
export async function saveDocument(
  store: AppStore,
  platform: Platform,
  saveAs: boolean,
  confirm: (question: string) => boolean = (q) => window.confirm(q),
): Promise<boolean> {
  const { project, fileName, issues } = store.getState();
  if (issues.length > 0 && !confirm(invalidSaveQuestion(issues))) return false;
  const result = await platform.saveProject(
    serializeProject(project),
    saveAs,
    fileName ?? suggestedFileName(project),
  );
  if (result.status !== 'saved') return false;
  store.getState().markSaved(project, result.fileName);
  return true;
}
