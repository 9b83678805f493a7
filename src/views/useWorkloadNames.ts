import { useMemo } from 'react';
import { useApp } from '../store/context';

/**
 * Each workload's name by its id, without the parenthesised detail
 * ("sql200-a/b (200 GB TPC-E-like)" -> "sql200-a/b"), as the results name
 * workloads. An edit of the design leaves the workloads, and so this map,
 * as they were.
 */
export function useWorkloadNames(): Map<string, string | undefined> {
  const workloads = useApp((s) => s.project.workloads);
  return useMemo(() => new Map(workloads?.map((w) => [w.id, w.name.split(' (')[0]])), [workloads]);
}
