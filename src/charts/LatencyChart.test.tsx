// @vitest-environment jsdom
// The latency chart draws the targets the core's latency findings use, and
// none where no finding applies.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { LatencyChart } from './LatencyChart';

afterEach(cleanup);

const bars = [{ label: 'sql200', read: 1.6, write: 2.1 }];

it("draws one line per target the core sends, labelled with the core's figures", () => {
  render(
    <LatencyChart
      title="Estimated latency"
      bars={bars}
      targets={[
        { ms: 5, label: 'log', source: 's' },
        { ms: 20, label: 'data', source: 's' },
      ]}
    />,
  );
  expect(screen.getByText('log 5')).toBeTruthy();
  expect(screen.getByText('data 20')).toBeTruthy();
});

it('draws no line where the core sends no target', () => {
  render(<LatencyChart title="Estimated latency" bars={bars} targets={[]} />);
  expect(screen.queryByText(/^log/)).toBeNull();
  expect(screen.queryByText(/^data/)).toBeNull();
});
