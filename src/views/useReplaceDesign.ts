import { useServices } from '../services';
import type { Project } from '../core/types';
import { hasUnsavedChanges } from '../store/projectSlice';

/**
 * Replaces the project's design with a variant's or a recommendation's as
 * one undoable edit: the file name and the undo history stay, and unsaved
 * changes are only replaced after the user says so.
 */
export function useReplaceDesign(): (name: string, project: Project) => Promise<boolean> {
  const { store } = useServices();
  return async (name, project) => {
    const state = store.getState();
    if (hasUnsavedChanges(state)) {
      const answer = await state.ask({
        title: `Open ${name}?`,
        text: `${name} replaces the current design and its unsaved changes. Undo brings them back.`,
        choices: [
          { value: 'cancel', label: 'Cancel' },
          { value: 'replace', label: 'Replace the design' },
        ],
      });
      if (answer !== 'replace') return false;
    }
    store.getState().editProject(() => project);
    return true;
  };
}
