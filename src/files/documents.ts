// Opening and saving documents: a file is checked by the core before the
// app adopts it, so an invalid file changes nothing.
import type { CoreClient } from '../core/client';
import type { InputIssue, Project } from '../core/types';
import type { Platform } from '../platform';
import { openDocument, type AppStore } from '../store';

export type OpenResult =
  | { status: 'opened' }
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
  return { status: 'opened' };
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

/** A file name for a project that has none yet. */
export function suggestedFileName(project: Project): string {
  const stem = project.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `${stem || 'project'}.stacksizer.json`;
}

export async function saveDocument(
  store: AppStore,
  platform: Platform,
  saveAs: boolean,
): Promise<boolean> {
  const { project, fileName } = store.getState();
  const result = await platform.saveProject(
    serializeProject(project),
    saveAs,
    fileName ?? suggestedFileName(project),
  );
  if (result.status !== 'saved') return false;
  store.getState().markSaved(project, result.fileName);
  return true;
}
