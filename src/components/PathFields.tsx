// Inputs bound to a project field by its JSON path: the value, the edit and
// the core's message for that path all come from the same place.
import { Checkbox, Classes, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { useId } from 'react';
import type { Project } from '../core/types';
import { useApp } from '../store/context';
import { getAtPath, setAtPath } from '../store/paths';
import { classes, describedBy, FieldFrame } from './FieldFrame';
import { NumberField } from './NumberField';
import { WrappingSelect, type Choice } from './WrappingSelect';

function useField(path: string) {
  const value = useApp((s) => getAtPath(s.project, path));
  const issue = useApp((s) => s.issues.find((i) => i.path === path)?.message);
  const editProject = useApp((s) => s.editProject);
  const set = (next: unknown) => editProject((p) => setAtPath(p, path, next));
  return { value, issue, set };
}

interface Common {
  path: string;
  label: string;
  testId?: string;
  /** Inside a table whose column header says what the field is. */
  hideLabel?: boolean;
}

export function PathNumber({
  path,
  label,
  unit,
  testId,
  hideLabel,
  optional,
  placeholder,
  hint,
}: Common & { unit?: string; optional?: boolean; placeholder?: string; hint?: string }) {
  const { value, issue, set } = useField(path);
  return (
    <NumberField
      placeholder={placeholder}
      label={label}
      value={typeof value === 'number' ? value : undefined}
      unit={unit}
      issue={issue}
      path={path}
      testId={testId}
      hideLabel={hideLabel}
      optional={optional}
      hint={hint}
      onChange={set}
    />
  );
}

/** `date` edits an ISO yyyy-mm-dd string; `multiline` keeps line breaks (paragraphs, lists). */
export type TextKind = 'text' | 'date' | 'multiline';

export function PathText({
  path,
  label,
  testId,
  hideLabel,
  kind = 'text',
  hint,
  wide,
}: Common & {
  kind?: TextKind;
  hint?: string;
  /** Long values (a host's model): the field takes a whole row of its form. */
  wide?: boolean;
}) {
  const id = useId();
  const { value, issue, set } = useField(path);
  const common = {
    id,
    'data-path': path,
    'data-testid': testId,
    value: typeof value === 'string' ? value : '',
    'aria-label': hideLabel ? label : undefined,
    'aria-invalid': issue ? true : undefined,
    'aria-describedby': describedBy(id, { message: issue, hint, hideLabel }),
  };
  const intent = issue ? Intent.DANGER : Intent.NONE;
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} message={issue} wide={wide}>
      {kind === 'multiline' ? (
        <TextArea {...common} intent={intent} fill rows={6} onChange={(e) => set(e.target.value)} />
      ) : (
        <input
          {...common}
          className={classes(
            Classes.INPUT,
            Classes.FILL,
            hideLabel && Classes.SMALL,
            intent !== Intent.NONE && Classes.intentClass(intent),
          )}
          type={kind}
          onChange={(e) => set(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export type { Choice } from './WrappingSelect';

/**
 * A choice among strings; `parse` turns the picked value back into the
 * field's type. `edit`, when given, makes the project edit itself (a
 * choice that brings other fields with it).
 */
export function PathSelect({
  path,
  label,
  choices,
  parse = (v) => v,
  edit,
  testId,
  hideLabel,
  hint,
  longChoices,
}: Common & {
  hint?: string;
  choices: readonly Choice[];
  parse?: (value: string) => unknown;
  edit?: (value: string) => (project: Project) => Project;
  /**
   * Choices that can be longer than the field is wide (device and model
   * names): the chosen one wraps in full instead of being cut.
   */
  longChoices?: boolean;
}) {
  const id = useId();
  const { value, issue, set } = useField(path);
  const editProject = useApp((s) => s.editProject);
  const select = {
    id,
    'data-path': path,
    'data-testid': testId,
    'aria-label': hideLabel ? label : undefined,
    'aria-invalid': issue ? true : undefined,
    'aria-describedby': describedBy(id, { message: issue, hint, hideLabel }),
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) =>
      edit ? editProject(edit(e.target.value)) : set(parse(e.target.value)),
  };
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} message={issue}>
      {longChoices ? (
        <WrappingSelect
          {...select}
          value={String(value ?? '')}
          choices={choices}
          minimal={hideLabel}
        />
      ) : (
        <HTMLSelect
          {...select}
          fill
          minimal={hideLabel}
          value={String(value ?? '')}
          options={choices}
        />
      )}
    </FieldFrame>
  );
}

/** `absent` is what the core reads when the field is left out. */
export function PathCheckbox({
  path,
  label,
  testId,
  hideLabel,
  absent = false,
}: Common & { absent?: boolean }) {
  const { value, set } = useField(path);
  return (
    <Checkbox
      className="editor-checkbox"
      data-path={path}
      data-testid={testId}
      checked={value === undefined ? absent : value === true}
      onChange={(e) => set(e.currentTarget.checked)}
      labelElement={hideLabel ? <span className="visually-hidden">{label}</span> : label}
    />
  );
}
