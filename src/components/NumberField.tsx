import { Classes, Intent } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { classes, describedBy, FieldFrame, unitId } from './FieldFrame';

interface Props {
  label: string;
  /** Absent when the project has no value yet. */
  value: number | undefined;
  /** Called with every edit that parses as a finite number (and, when optional, with undefined for an empty field). */
  onChange: (value: number | undefined) => void;
  /** An empty field is allowed and means "not given" (e.g. a price). */
  optional?: boolean;
  /** The core's message for this field, if any. */
  issue?: string | undefined;
  unit?: string;
  testId?: string;
  /** The JSON path this field edits, so findings and issues can jump to it. */
  path?: string;
  /** Inside a table whose column header says what the field is. */
  hideLabel?: boolean;
  /** Shown in an empty optional field: what the core uses instead (e.g. its default). */
  placeholder?: string;
  /** What the field means or allows (e.g. its range), under it. */
  hint?: string | undefined;
}

/**
 * A numeric input that keeps exactly what the user typed: text that is not
 * a number stays on screen with a message instead of becoming NaN or being
 * replaced by the last good value.
 */
export function NumberField({
  label,
  value,
  onChange,
  issue,
  unit,
  testId,
  path,
  hideLabel,
  optional,
  placeholder,
  hint,
}: Props) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown && Number(text) !== value) {
    setShown(value);
    setText(value === undefined ? '' : String(value));
  }
  const empty = text.trim() === '';
  const parsed = empty ? NaN : Number(text);
  const message =
    Number.isFinite(parsed) || (optional && empty) ? issue : `${label} must be a number`;
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} message={message}>
      <div className={classes(Classes.INPUT_GROUP, hideLabel && Classes.SMALL, 'number-input')}>
        <input
          id={id}
          className={classes(Classes.INPUT, !!message && Classes.intentClass(Intent.DANGER))}
          data-testid={testId}
          data-path={path}
          type="text"
          inputMode="decimal"
          value={text}
          placeholder={placeholder}
          aria-label={hideLabel ? label : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(id, { message, hint, unit, hideLabel })}
          onChange={(event) => {
            setText(event.target.value);
            const cleared = event.target.value.trim() === '';
            const next = cleared ? NaN : Number(event.target.value);
            if (Number.isFinite(next)) {
              setShown(next);
              onChange(next);
            } else if (cleared && optional) {
              setShown(undefined);
              onChange(undefined);
            }
          }}
        />
        {unit && (
          // Read out with the field: its label stays the field's name alone.
          <span id={unitId(id)} className="unit">
            {unit}
          </span>
        )}
      </div>
    </FieldFrame>
  );
}
