import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ExplanationText, type Explanation } from '../components/Explain';

/** One bar or point a user points at, with how the core found its figure. */
export interface ExplainedMark {
  /** Stable while the chart's data changes: the row's and the series' names. */
  key: string;
  /** The mark as read out and headed: "Front-end: 16,656 IOPS". */
  figure: string;
  explanation: Explanation;
}

/**
 * A chart's marks as controls that explain their figure: hovering one shows
 * its rule and sources below the chart; a click or Enter/Space pins it open
 * (again, or Escape, closes it). Each mark is a button in the Tab order
 * named by its figure; the open explanation describes it, so a screen
 * reader reads the rule after the figure. The explanation is looked up by
 * key on every render, so a pinned one follows the next evaluation.
 */
export function useExplainedMarks() {
  const id = useId();
  const [pinned, setPinned] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const shownKey = hovered ?? pinned;
  const toggle = (key: string) => setPinned((open) => (open === key ? null : key));

  const markProps = (mark: ExplainedMark) => ({
    tabIndex: 0,
    role: 'button',
    'aria-label': mark.figure,
    'aria-expanded': pinned === mark.key,
    'aria-describedby': shownKey === mark.key ? id : undefined,
    'data-explained': mark.key,
    onClick: () => toggle(mark.key),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        toggle(mark.key);
      } else if (event.key === 'Escape') {
        setPinned(null);
      }
    },
    onMouseEnter: () => setHovered(mark.key),
    onMouseLeave: () => setHovered((key) => (key === mark.key ? null : key)),
  });

  /**
   * The shown mark's explanation, to place right after the chart: under
   * it (or above), or where `beside` puts it for the shown mark, in the
   * chart's box (a chart that has room beside its marks, so the note
   * covers no other chart).
   */
  const popup = (marks: readonly ExplainedMark[], beside?: (key: string) => CSSProperties) => {
    const shown = marks.find((m) => m.key === shownKey);
    if (!shown) return null;
    const isPinned = shown.key === pinned;
    return (
      <Placed id={id} pinned={isPinned} shownKey={shown.key} beside={beside?.(shown.key)}>
        <p className="chart-explanation-head">
          <strong>{shown.figure}</strong>
          {isPinned && (
            <button
              type="button"
              className="chart-explanation-close"
              aria-label={`Close the explanation of ${shown.figure}`}
              onClick={() => setPinned(null)}
            >
              ×
            </button>
          )}
        </p>
        <ExplanationText rule={shown.explanation.rule} sources={shown.explanation.sources} />
      </Placed>
    );
  };

  return { markProps, popup };
}

/**
 * The explanation under its chart, or above it where the scrolled view has
 * no room below (a chart near the bottom of the screen), and aligned to the
 * chart's right edge where it would leave the view on the right: placed
 * once per mark shown, before paint, so it never shows off screen first. A
 * pinned one is also scrolled into view, for a keyboard user.
 */
function Placed({
  id,
  pinned,
  shownKey,
  beside,
  children,
}: {
  id: string;
  pinned: boolean;
  shownKey: string;
  /** Where the chart puts it, in its own box; else under (or above) the chart. */
  beside?: CSSProperties;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const placedByChart = beside !== undefined;
  useLayoutEffect(() => {
    const box = ref.current;
    const chart = box?.parentElement;
    if (!box || !chart) return;
    box.classList.remove('above', 'right');
    if (placedByChart) {
      if (pinned) box.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    const view = visibleArea(chart);
    const height = box.offsetHeight;
    const { top, bottom } = chart.getBoundingClientRect();
    box.classList.toggle('above', bottom + height > view.bottom && top - height >= view.top);
    box.classList.toggle('right', box.getBoundingClientRect().right > view.right);
    if (pinned) box.scrollIntoView?.({ block: 'nearest' });
  }, [shownKey, pinned, placedByChart]);
  return (
    <div
      ref={ref}
      id={id}
      role="note"
      style={beside}
      className={
        pinned ? 'explain-body chart-explanation pinned' : 'explain-body chart-explanation'
      }
    >
      {children}
    </div>
  );
}

/**
 * The part of the window the chart's nearest scrolling ancestor shows,
 * below the app's sticky header (menu and toolbar stay over the page).
 */
function visibleArea(element: HTMLElement) {
  const header = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
  let area = { top: header, bottom: window.innerHeight, right: window.innerWidth };
  for (let at = element.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if (overflowY === 'auto' || overflowY === 'scroll') {
      const r = at.getBoundingClientRect();
      area = {
        top: Math.max(area.top, r.top),
        bottom: Math.min(area.bottom, r.bottom),
        right: Math.min(area.right, r.right),
      };
      break;
    }
  }
  return area;
}
