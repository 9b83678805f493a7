import { useEffect, useState } from 'react';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { rangeProbe, rangesFromIssues, type WorkloadRanges } from '../workloads/ranges';

/** The workload fields' allowed ranges, asked of the core once per mount. */
export function useWorkloadRanges(): WorkloadRanges {
  const { core, store } = useServices();
  const [ranges, setRanges] = useState<WorkloadRanges>(new Map());
  useEffect(() => {
    let current = true;
    const probe = rangeProbe(store.getState().project);
    attempt(store, 'Reading the workload fields’ ranges', async () => {
      const outcome = await core.call('project/evaluate', { projectJson: JSON.stringify(probe) });
      if (current && outcome.status === 'invalid')
        setRanges(rangesFromIssues(probe, outcome.issues));
    });
    return () => {
      current = false;
    };
  }, [core, store]);
  return ranges;
}
