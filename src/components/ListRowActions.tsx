import { useApp } from '../store/context';
import { duplicateAt, freshId, removeAt } from '../store/listEdits';

/** Duplicate and Remove for entry `index` of the project list at `list` (devices, policies, …). */
export function ListRowActions({ list, index, id }: { list: string; index: number; id: string }) {
  const editProject = useApp((s) => s.editProject);
  return (
    <td className="row-actions">
      <button
        type="button"
        onClick={() => editProject((p) => duplicateAt(p, list, index, freshId(p, list, id)))}
      >
        Duplicate
      </button>
      <button type="button" onClick={() => editProject((p) => removeAt(p, list, index))}>
        Remove
      </button>
    </td>
  );
}

/** Remove alone, for lists whose entries have no id to copy (exchange rates, extra lines). */
export function RemoveRowAction({ list, index }: { list: string; index: number }) {
  const editProject = useApp((s) => s.editProject);
  return (
    <td className="row-actions">
      <button type="button" onClick={() => editProject((p) => removeAt(p, list, index))}>
        Remove
      </button>
    </td>
  );
}
