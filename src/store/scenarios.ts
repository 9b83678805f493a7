// Scenarios: named snapshots of the whole project, kept in the project file
// (schema 3) so Compare survives save and reopen. Pure edits of a project.
import type { Project, Scenario } from '../core/types';

/** Compare shows at most this many side by side; the core refuses a fifth (`MAX_SCENARIOS`). */
export const MAX_SCENARIOS = 4;

const NONE: Scenario[] = [];

export const scenariosOf = (project: Project): Scenario[] => project.scenarios ?? NONE;

/** The project as a scenario holds it: a scenario has no scenarios of its own. */
export function snapshot(project: Project): Project {
  if (project.scenarios === undefined) return project;
  const copy = { ...project };
  delete copy.scenarios;
  return copy;
}

/** A name not yet used by a scenario (case-insensitive, as the core checks). */
export function freeScenarioName(project: Project, wanted: string): string {
  const taken = new Set(scenariosOf(project).map((s) => s.name.trim().toLowerCase()));
  const base = wanted.trim() || `Scenario ${scenariosOf(project).length + 1}`;
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Adds `design` as a scenario named `name` (made unique); null when the project holds the most it may. */
export function addScenario(project: Project, name: string, design: Project): Project | null {
  const scenarios = scenariosOf(project);
  if (scenarios.length >= MAX_SCENARIOS) return null;
  const scenario = { name: freeScenarioName(project, name), project: snapshot(design) };
  return { ...project, scenarios: [...scenarios, scenario] };
}

export function removeScenario(project: Project, index: number): Project {
  const scenarios = scenariosOf(project).filter((_, i) => i !== index);
  return scenarios.length > 0 ? { ...project, scenarios } : snapshot(project);
}

/** Renames a scenario; an empty name or one another scenario uses is refused with the reason. */
export function renameScenario(
  project: Project,
  index: number,
  name: string,
): { project: Project } | { problem: string } {
  const trimmed = name.trim();
  if (!trimmed) return { problem: 'A scenario needs a name.' };
  const scenarios = scenariosOf(project);
  const clash = scenarios.some(
    (s, i) => i !== index && s.name.trim().toLowerCase() === trimmed.toLowerCase(),
  );
  if (clash) return { problem: `Another scenario is already called "${trimmed}".` };
  return {
    project: {
      ...project,
      scenarios: scenarios.map((s, i) => (i === index ? { ...s, name: trimmed } : s)),
    },
  };
}

/**
 * The project with a scenario's design made current: the document's name,
 * deliverable facts and scenarios stay its own, whatever the snapshot held.
 */
export function openScenarioDesign(project: Project, design: Project): Project {
  const opened: Project = { ...snapshot(design), name: project.name, facts: project.facts };
  return project.scenarios ? { ...opened, scenarios: project.scenarios } : opened;
}

/**
 * Whether two projects differ at most in their scenarios: keeping a
 * scenario edits the document but not the design a search was made for.
 * Edits are immutable, so every other field keeps its reference.
 */
export function sameDesign(a: Project, b: Project): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('scenarios');
  return [...keys].every((k) => a[k as keyof Project] === b[k as keyof Project]);
}
