import { useServices } from '../services';
import type { Project } from '../core/types';
import { hasUnsavedChanges } from '../store/projectSlice';
import { MAX_SCENARIOS, openScenarioDesign, scenariosOf } from '../store/scenarios';

/**
 * Replaces the project's design with a variant's or a recommendation's as
 * one undoable edit: the file name, the undo history, the document's facts
 * and its scenarios stay, and unsaved changes are only replaced after the
 * user says so (or keeps them as a scenario first).
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
          ...(scenariosOf(state.project).length < MAX_SCENARIOS
            ? [{ value: 'keep', label: 'Keep the current design as a scenario, then open' }]
            : []),
          { value: 'replace', label: 'Replace the design' },
        ],
      });
      if (answer !== 'replace' && answer !== 'keep') return false;
      if (answer === 'keep') {
        store.getState().addVariant({ name: `Before ${name}`, project: state.project });
      }
    }
    store.getState().editProject((current) => openScenarioDesign(current, project));
    return true;
  };
}
