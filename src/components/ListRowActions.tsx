import { Button, Intent } from '@blueprintjs/core';
import { useApp } from '../store/context';
import { duplicateAt, freshId, removeAt } from '../store/listEdits';

/** Duplicate and Remove for entry `index` of the project list at `list` (devices, policies, …). */
export function ListRowActions({ list, index, id }: { list: string; index: number; id: string }) {
  const editProject = useApp((s) => s.editProject);
  return (
    <td className="editor-row-actions">
      <DuplicateButton
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

interface RowButtonProps {
  onClick: () => void;
  /** The accessible name when it says more than the text (which row). */
  label?: string;
  /** Only the icon shows (a dense grid); the text is its tooltip. */
  iconOnly?: boolean;
}

/** Copies a row. */
export function DuplicateButton({ onClick, label, iconOnly }: RowButtonProps) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon="duplicate"
      text={iconOnly ? undefined : 'Duplicate'}
      title={iconOnly ? 'Duplicate' : undefined}
      aria-label={label}
      onClick={onClick}
    />
  );
}

/** The destructive row action, marked as such. */
export function RemoveButton({
  onClick,
  label,
  iconOnly,
  text = 'Remove',
}: RowButtonProps & { text?: string }) {
  return (
    <Button
      size="small"
      variant="minimal"
      intent={Intent.DANGER}
      icon="trash"
      text={iconOnly ? undefined : text}
      title={iconOnly ? text : undefined}
      aria-label={label}
      onClick={onClick}
    />
  );
}

/** The heading of a row-actions column: named for screen readers, blank on screen. */
export function ActionsHeading() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
