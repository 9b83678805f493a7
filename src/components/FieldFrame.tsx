import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface Props {
  /** The id of the control the label names. */
  id: string;
  label: string;
  /** Inside a table whose column header says what the field is: the control carries its own aria-label. */
  hideLabel?: boolean | undefined;
  /** What the field means or allows, under it (its unit and range). */
  hint?: string | undefined;
  /** The problem with the field's value (the core's message or a parse error). */
  message?: string | undefined;
  /** Takes a whole row of its form. */
  wide?: boolean | undefined;
  children: ReactNode;
}

/** The id of a field's message, for the control's aria-describedby. */
export const messageId = (id: string) => `${id}-issue`;
/** The id of a field's hint, for the control's aria-describedby. */
export const hintId = (id: string) => `${id}-hint`;

/** The id of a field's unit, for the control's aria-describedby. */
export const unitId = (id: string) => `${id}-unit`;

/** The ids that describe a control: its message first, then its hint and unit (a hidden label shows no hint). */
export function describedBy(
  id: string,
  {
    message,
    hint,
    unit,
    hideLabel,
  }: { message?: string; hint?: string; unit?: string; hideLabel?: boolean },
): string | undefined {
  const ids = [
    message ? messageId(id) : '',
    hint && !hideLabel ? hintId(id) : '',
    unit ? unitId(id) : '',
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Blueprint class names, the falsy ones left out. */
export const classes = (...names: (string | false | undefined)[]) =>
  names.filter(Boolean).join(' ');

/**
 * One labelled field in Blueprint's FormGroup: the label above, the control,
 * then its hint and the problem with its value. In a table cell only the
 * control and the problem show, so rows stay one line high until a value
 * is wrong.
 */
export function FieldFrame({ id, label, hideLabel, hint, message, wide, children }: Props) {
  const problem = message && (
    <span id={messageId(id)} className="issue" role="alert">
      {message}
    </span>
  );
  if (hideLabel) {
    return (
      <div className="cell-field">
        {children}
        {problem}
      </div>
    );
  }
  return (
    <FormGroup
      className={classes('editor-field', wide && 'wide')}
      label={label}
      labelFor={id}
      intent={message ? Intent.DANGER : Intent.NONE}
      helperText={
        hint || message ? (
          <>
            {problem}
            {hint && (
              <span id={hintId(id)} className="hint">
                {hint}
              </span>
            )}
          </>
        ) : undefined
      }
    >
      {children}
    </FormGroup>
  );
}
