import { useId, useState } from 'react';

interface Props {
  label: string;
  value: number;
  /** Called with every edit that parses as a finite number. */
  onChange: (value: number) => void;
  /** The core's message for this field, if any. */
  issue?: string | undefined;
  unit?: string;
  testId?: string;
  /** The JSON path this field edits, so findings and issues can jump to it. */
  path?: string;
}

/**
 * A numeric input that keeps exactly what the user typed: text that is not
 * a number stays on screen with a message instead of becoming NaN or being
 * replaced by the last good value.
 */
export function NumberField({ label, value, onChange, issue, unit, testId, path }: Props) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown && Number(text) !== value) {
    setShown(value);
    setText(String(value));
  }
  const parsed = text.trim() === '' ? NaN : Number(text);
  const message = Number.isFinite(parsed) ? issue : `${label} must be a number`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-input">
        <input
          id={id}
          data-testid={testId}
          data-path={path}
          type="text"
          inputMode="decimal"
          value={text}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-issue` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const next = event.target.value.trim() === '' ? NaN : Number(event.target.value);
            if (Number.isFinite(next)) {
              setShown(next);
              onChange(next);
            }
          }}
        />
        {unit && <span className="unit">{unit}</span>}
      </div>
      {message && (
        <p id={`${id}-issue`} className="issue" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
