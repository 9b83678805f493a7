import { Button, Intent } from '@blueprintjs/core';
import { useApp } from '../store/context';
import { duplicateAt, freshId, removeAt } from '../store/listEdits';

/** Duplicate and Remove for entry `index` of the project list at `list` (devices, policies, …). */
export function ListRowActions({ list, index, id }: { list: string; index: number; id: string }) {
  const editProject = useApp((s) => s.editProject);
  return (
    <td className="editor-row-actions">
      <Button
        size="small"
        variant="minimal"
        icon="duplicate"
        text="Duplicate"
        onClick={() => editProject((p) => duplicateAt(p, list, index, freshId(p, list, id)))}
      />
      <RemoveButton onClick={() => editProject((p) => removeAt(p, list, index))} />
    </td>
  );
}

/** Remove alone, for lists whose entries have no id to copy (exchange rates, extra lines). */
export function RemoveRowAction({ list, index }: { list: string; index: number }) {
  const editProject = useApp((s) => s.editProject);
  return (
    <td className="editor-row-actions">
      <RemoveButton onClick={() => editProject((p) => removeAt(p, list, index))} />
    </td>
  );
}

/** The destructive row action, marked as such. */
export function RemoveButton({ onClick, label }: { onClick: () => void; label?: string }) {
  return (
    <Button
      size="small"
      variant="minimal"
      intent={Intent.DANGER}
      icon="trash"
      text="Remove"
      aria-label={label}
      onClick={onClick}
    />
  );
}
