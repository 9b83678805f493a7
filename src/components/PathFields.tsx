// Inputs bound to a project field by its JSON path: the value, the edit and
// the core's message for that path all come from the same place.
import { Checkbox, Classes, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { Project } from '../core/types';
import { useApp } from '../store/context';
import { getAtPath, setAtPath } from '../store/paths';
import { classes, describedBy, FieldFrame } from './FieldFrame';
import { NumberField } from './NumberField';

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

/**
 * Whether `selectRef`'s select is narrower than `text` in its own font (a
 * select cannot wrap), measured when the text or the width changes.
 */
function useCutText(
  selectRef: React.RefObject<HTMLSelectElement | null>,
  text: string | undefined,
) {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const select = selectRef.current;
    if (!select || !text) return setCut(false);
    const measure = () => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setCut(context.measureText(text).width > room + 1);
    };
    measure();
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(select);
    return () => observer?.disconnect();
  }, [selectRef, text]);
  return cut;
}

export interface Choice {
  value: string;
  label: string;
}

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
   * Choices longer than the column (device names): the select ends its
   * text with an ellipsis, and the chosen one shows in full on hover (its
   * title) and, wrapped, under the select whenever the select cuts it.
   */
  longChoices?: boolean;
}) {
  const id = useId();
  const { value, issue, set } = useField(path);
  const editProject = useApp((s) => s.editProject);
  const chosen = longChoices
    ? choices.find((c) => c.value === String(value ?? ''))?.label
    : undefined;
  const select = useRef<HTMLSelectElement>(null);
  const cut = useCutText(select, chosen);
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} message={issue}>
      <HTMLSelect
        id={id}
        data-path={path}
        data-testid={testId}
        ref={longChoices ? select : undefined}
        className={longChoices ? 'long-choices' : undefined}
        title={chosen}
        fill
        minimal={hideLabel}
        value={String(value ?? '')}
        aria-label={hideLabel ? label : undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, { message: issue, hint, hideLabel })}
        onChange={(e) => (edit ? editProject(edit(e.target.value)) : set(parse(e.target.value)))}
        options={choices}
      />
      {chosen && cut && (
        <span className="chosen-in-full" aria-hidden="true">
          {chosen}
        </span>
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
