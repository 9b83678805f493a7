import { Button, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../store/context';

/** A scenario's name in the Compare header, renamed in place (Enter keeps, Escape cancels). */
export function ScenarioName({ index, name }: { index: number; name: string }) {
  const renameVariant = useApp((s) => s.renameVariant);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (draft === null) {
    return (
      <span className="scenario-name">
        {name}{' '}
        <Button
          size="small"
          variant="minimal"
          icon="edit"
          text="Rename"
          aria-label={`Rename ${name}`}
          onClick={() => setDraft(name)}
        />
      </span>
    );
  }
  const commit = () => {
    const refused = renameVariant(index, draft);
    setProblem(refused);
    if (!refused) setDraft(null);
  };
  return (
    <span className="scenario-name">
      <InputGroup
        size="small"
        aria-label={`New name for ${name}`}
        value={draft}
        autoFocus
        onValueChange={setDraft}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setDraft(null);
            setProblem(null);
          }
        }}
      />
      <Button size="small" icon="tick" text="Keep name" onClick={commit} />
      {problem && (
        <span className="issue" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
