// Cell edits of the workload grid as text, the way a spreadsheet pastes
// them: one cell, a filled-down column, a multi-row edit or a block of rows
// copied from Excel or LibreOffice. All of an edit applies, or none of it:
// a cell that does not read as its field's type names its row and column.
import type { Project, Workload, WorkloadSpec } from '../core/types';
import { deploymentOf, hasField, headerText, WORKLOAD_FIELDS, type WorkloadField } from './fields';
import { KIND_LABEL, WORKLOAD_TEMPLATES } from './templates';

/** The grid's columns that are not spec fields. */
export type PlainKey = 'name' | 'kind' | 'cluster' | 'policy';
export const PLAIN_COLUMNS: readonly { key: PlainKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'kind', label: 'Kind' },
  { key: 'cluster', label: 'Cluster' },
  { key: 'policy', label: 'Policy' },
];

export interface CellEdit {
  /** Index in `project.workloads`. */
  index: number;
  /** A `PlainKey` or a spec field key. */
  key: string;
  text: string;
  /** Where the text came from, for messages: "row 3". */
  where: string;
}

export type EditOutcome = { ok: true; project: Project } | { ok: false; problems: string[] };

const FIELD_BY_KEY = new Map(WORKLOAD_FIELDS.map((f) => [f.key, f]));

const columnName = (key: string) => {
  const field = FIELD_BY_KEY.get(key);
  return field ? headerText(field) : (PLAIN_COLUMNS.find((c) => c.key === key)?.label ?? key);
};

/**
 * A number as a spreadsheet copies it: "20000", "20,000" (thousands),
 * "1,5" (a decimal comma), "1.5". Anything else is not a number.
 */
export function parseNumber(text: string): number | null {
  let t = text.trim().replace(/[\s\u00a0]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^-?\d*,\d+$/.test(t)) t = t.replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const matches = (text: string, ...names: string[]) =>
  names.some((n) => n.toLowerCase() === text.trim().toLowerCase());

/** The text a cell shows and copies. */
export function cellText(project: Project, workload: Workload, key: string): string {
  switch (key) {
    case 'name':
      return workload.name;
    case 'kind':
      return KIND_LABEL[workload.spec.kind];
    case 'cluster':
      return project.clusters.find((c) => c.id === workload.cluster_id)?.name ?? '';
    case 'policy':
      return (project.policies ?? []).find((p) => p.id === workload.policy_id)?.name ?? '';
  }
  const field = FIELD_BY_KEY.get(key);
  if (!field || !hasField(workload.spec, field)) return '';
  const value = specValue(workload.spec, key);
  if (value === undefined) return '';
  const choice = field.choices?.find((c) => c.value === String(value));
  return choice ? choice.label : String(value);
}

export function specValue(spec: WorkloadSpec, key: string): unknown {
  const [head, tail] = key.split('.') as [string, string | undefined];
  const value = (spec as unknown as Record<string, unknown>)[head];
  return tail === undefined ? value : (value as Record<string, unknown> | undefined)?.[tail];
}

/** Sets one field of a workload (a copy the caller owns); returns a problem or null. */
function setField(project: Project, w: Workload, key: string, text: string): string | null {
  switch (key) {
    case 'name':
      w.name = text;
      return null;
    case 'kind': {
      if (matches(text, KIND_LABEL[w.spec.kind], w.spec.kind)) return null;
      const template = WORKLOAD_TEMPLATES.find((t) =>
        matches(text, KIND_LABEL[t.spec.kind], t.spec.kind),
      );
      if (!template) return `"${text}" is not a kind (${Object.values(KIND_LABEL).join(', ')})`;
      w.spec = structuredClone(template.spec);
      return null;
    }
    case 'cluster': {
      const cluster = project.clusters.find((c) => matches(text, c.name, c.id));
      if (!cluster) return `"${text}" is not a cluster of this project`;
      w.cluster_id = cluster.id;
      return null;
    }
    case 'policy': {
      const policy = (project.policies ?? []).find((p) => matches(text, p.name, p.id));
      if (!policy) return `"${text}" is not a storage policy of this project`;
      w.policy_id = policy.id;
      return null;
    }
  }
  const field = FIELD_BY_KEY.get(key);
  if (!field) return `no such column`;
  if (!hasField(w.spec, field)) {
    return text.trim() === '' ? null : `does not apply to this workload`;
  }
  return setSpecField(w, field, text);
}

function setSpecField(w: Workload, field: WorkloadField, text: string): string | null {
  const spec = w.spec as unknown as Record<string, unknown>;
  if (field.key === 'deployment.type' && w.spec.kind === 'sql_server') {
    const choice = field.choices?.find((c) => matches(text, c.value, c.label));
    const next = choice && deploymentOf(choice.value, w.spec.deployment);
    if (!next) return `"${text}" is not one of ${labels(field)}`;
    w.spec = { ...w.spec, deployment: next };
    return null;
  }
  let value: unknown;
  if (field.choices) {
    const choice = field.choices.find((c) => matches(text, c.value, c.label));
    if (!choice) return `"${text}" is not one of ${labels(field)}`;
    value = parseChoice(choice.value);
  } else if (text.trim() === '' && field.optional) {
    value = undefined;
  } else {
    const n = parseNumber(text);
    if (n === null) return `"${text}" is not a number`;
    if (field.integer && !Number.isInteger(n)) return `${n} is not a whole number`;
    value = n;
  }
  const [head, tail] = field.key.split('.') as [string, string | undefined];
  if (tail === undefined) {
    if (value === undefined) Reflect.deleteProperty(spec, head);
    else spec[head] = value;
  } else {
    spec[head] = { ...(spec[head] as Record<string, unknown>), [tail]: value };
  }
  return null;
}

const labels = (field: WorkloadField) => (field.choices ?? []).map((c) => c.label).join(', ');
const parseChoice = (value: string): unknown =>
  value === 'true' ? true : value === 'false' ? false : value;

/** Kind first, then the deployment, so the fields that follow find the spec they belong to. */
const order = (key: string) => (key === 'kind' ? 0 : key === 'deployment.type' ? 1 : 2);

/** Applies every edit, or none when any cell does not read as its field's type. */
export function applyCellEdits(project: Project, edits: readonly CellEdit[]): EditOutcome {
  const workloads = [...(project.workloads ?? [])];
  const copied = new Set<number>();
  const problems: string[] = [];
  const sorted = [...edits].sort((a, b) => order(a.key) - order(b.key));
  for (const edit of sorted) {
    const original = workloads[edit.index];
    if (!original) continue;
    if (!copied.has(edit.index)) {
      workloads[edit.index] = structuredClone(original);
      copied.add(edit.index);
    }
    const problem = setField(project, workloads[edit.index] as Workload, edit.key, edit.text);
    if (problem) problems.push(`${edit.where}, ${columnName(edit.key)}: ${problem}`);
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, project: { ...project, workloads } };
}

/**
 * Tab-separated rows as Excel and LibreOffice put them on the clipboard:
 * a cell holding a tab, a newline or a quote comes quoted, quotes doubled.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const tsvCell = (text: string) => (/[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Rows as a spreadsheet takes them from the clipboard: a header row naming
 * the columns, so the block pastes back into the grid column by column.
 */
export function copyBlock(
  project: Project,
  indices: readonly number[],
  columns: readonly string[],
): string {
  const header = columns.map((key) => tsvCell(columnName(key)));
  const rows = indices.flatMap((index) => {
    const workload = project.workloads?.[index];
    return workload ? [columns.map((key) => tsvCell(cellText(project, workload, key)))] : [];
  });
  return [header, ...rows].map((cells) => cells.join('\t')).join('\r\n') + '\r\n';
}

/** Where a block lands: the rows shown (indices into `workloads`, in grid order) and the columns shown. */
export interface PasteTarget {
  rows: readonly number[];
  columns: readonly string[];
  /** The top-left cell: a position in `rows` and in `columns`. */
  row: number;
  column: number;
}

/** The columns a row of headers names ("Name", "Reads (%)", "read_pct"), or null when a cell names none. */
export function headerKeys(cells: readonly string[]): string[] | null {
  const keys = cells.map(
    (cell) =>
      PLAIN_COLUMNS.find((c) => matches(cell, c.label, c.key))?.key ??
      WORKLOAD_FIELDS.find((f) => matches(cell, headerText(f), f.label, f.key))?.key,
  );
  return keys.length > 0 && keys.every((k) => k !== undefined) ? (keys as string[]) : null;
}

/**
 * Pastes a block at the target cell. Rows past the last one shown become
 * new workloads, copies of that last row (or of a VM group when the grid
 * is empty) on its cluster and policy; columns past the last are refused.
 * A block whose first row names columns (as the grid's headers do) adds
 * its other rows as new workloads, each cell in the column it names.
 */
export function pasteBlock(
  project: Project,
  pasted: readonly (readonly string[])[],
  at: PasteTarget,
  fallbackClusterId: string,
): EditOutcome & { added: number } {
  const header = headerKeys(pasted[0] ?? []);
  const block = header ? pasted.slice(1) : pasted;
  const target = header ? { ...at, columns: header, row: at.rows.length, column: 0 } : at;
  const width = Math.max(0, ...block.map((r) => r.length));
  if (target.column + width > target.columns.length) {
    return {
      ok: false,
      added: 0,
      problems: [
        `The block is ${width} columns wide; from ${columnName(target.columns[target.column] ?? '')} only ${target.columns.length - target.column} columns follow`,
      ],
    };
  }
  const extra = Math.max(0, target.row + block.length - target.rows.length);
  let next = project;
  const indices = [...target.rows];
  if (extra > 0) {
    const grown = withNewRows(project, target.rows.at(-1), extra, fallbackClusterId);
    next = grown.project;
    indices.push(...grown.indices);
  }
  const edits: CellEdit[] = block.flatMap((cells, r) => {
    const index = indices[target.row + r];
    if (index === undefined) return [];
    return cells.map((text, c) => ({
      index,
      key: target.columns[target.column + c] ?? '',
      text,
      where: `Pasted row ${r + 1}`,
    }));
  });
  const outcome = applyCellEdits(next, edits);
  return { ...outcome, added: outcome.ok ? extra : 0 };
}

function withNewRows(
  project: Project,
  modelIndex: number | undefined,
  count: number,
  fallbackClusterId: string,
): { project: Project; indices: number[] } {
  const workloads = [...(project.workloads ?? [])];
  const template = WORKLOAD_TEMPLATES.find((t) => t.id === 'vm-group');
  const model: Workload | undefined =
    (modelIndex === undefined ? undefined : workloads[modelIndex]) ??
    (template && {
      id: template.id,
      name: template.label,
      cluster_id: fallbackClusterId,
      policy_id: project.policies?.[0]?.id ?? '',
      spec: template.spec,
    });
  if (!model) return { project, indices: [] };
  // One set of the ids in use for the whole block: `freshId` per row would
  // scan every workload again for each pasted row.
  const used = new Set(workloads.map((w) => w.id));
  let suffix = 1;
  const indices: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    let id = model.id;
    while (used.has(id)) {
      suffix += 1;
      id = `${model.id}-${suffix}`;
    }
    used.add(id);
    indices.push(workloads.length);
    workloads.push({ ...structuredClone(model), id, name: `${model.name} ${n}` });
  }
  return { project: { ...project, workloads }, indices };
}
