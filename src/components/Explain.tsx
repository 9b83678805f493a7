import { useId } from 'react';

/** How the core found a figure: the rule with this design's numbers, and its sources. */
export interface Explanation {
  rule: string;
  sources: readonly string[];
}

/**
 * How a figure was found, as the core states it: the rule with this
 * design's numbers and its sources. Hovering shows the rule; a click or
 * Enter/Space opens it in full (a native disclosure, so keyboard and
 * screen readers work without scripting).
 */
export function Explain({
  figure,
  rule,
  sources,
}: Explanation & {
  /** What is explained, for the control's accessible name. */
  figure: string;
}) {
  const id = useId();
  return (
    <details className="explain">
      <summary title={rule} aria-label={`How ${figure} is found`} aria-describedby={id}>
        ?
      </summary>
      <div className="explain-body" id={id} role="note">
        <ExplanationText rule={rule} sources={sources} />
      </div>
    </details>
  );
}

/** The rule, then its sources: what every explanation shows, a "?" or a chart's mark. */
export function ExplanationText({ rule, sources }: Explanation) {
  return (
    <>
      <p>{rule}</p>
      {sources.length > 0 && (
        <p className="explain-sources">
          Source{sources.length > 1 ? 's' : ''}: {sources.join('; ')}
        </p>
      )}
    </>
  );
}
