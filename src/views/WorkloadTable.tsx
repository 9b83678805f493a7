import {
  Button,
  Callout,
  Checkbox,
  Classes,
  HTMLSelect,
  Icon,
  InputGroup,
  Intent,
  Switch,
  Tooltip,
} from '@blueprintjs/core';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { EditorPanel } from '../components/EditorPanel';
import { classes } from '../components/FieldFrame';
import { ActionsHeading, DuplicateButton, RemoveButton } from '../components/ListRowActions';
import { PathNumber, PathSelect, PathText } from '../components/PathFields';
import type { Project, Workload } from '../core/types';
import { useApp } from '../store/context';
import { duplicateAt, freshId } from '../store/listEdits';
import {
  applyCellEdits,
  cellText,
  copyBlock,
  parseTsv,
  pasteBlock,
  PLAIN_COLUMNS,
  specValue,
  type CellEdit,
} from '../workloads/cells';
import { hasField, headerText, spokenLabel, WORKLOAD_FIELDS } from '../workloads/fields';
import { rangeText } from '../workloads/ranges';
import { addFromTemplate, removeWorkloads, setPolicy } from '../workloads/edits';
import { workloadShares } from '../workloads/shares';
import { KIND_LABEL, WORKLOAD_TEMPLATES } from '../workloads/templates';
import { formatPct } from '../units';
import { WorkloadChoice } from './WorkloadChoice';
import { WorkloadDetails } from './WorkloadDetails';
import { jumpToField } from './jumpToField';
import { useWorkloadRanges } from './useWorkloadRanges';

interface GridRow {
  workload: Workload;
  index: number;
}

/** The cell being edited: a workload (by index) and a column. */
interface Active {
  index: number;
  key: string;
}

const ROW_HEIGHT = 33;
const FIELD_BY_KEY = new Map(WORKLOAD_FIELDS.map((f) => [f.key, f]));

function sortValue(project: Project, w: Workload, key: string): string | number | undefined {
  const field = FIELD_BY_KEY.get(key);
  if (!field) return cellText(project, w, key).toLowerCase();
  if (!hasField(w.spec, field)) return undefined;
  const value = specValue(w.spec, key);
  return typeof value === 'number' ? value : cellText(project, w, key);
}

/**
 * Every workload in one spreadsheet-like grid: every field of every kind
 * (columns a kind lacks stay empty), sort, filter, multi-row edit, fill
 * down (Ctrl+D), paste of a block of rows from Excel or LibreOffice, and
 * only the rows on screen rendered, so 10,000 workloads scroll.
 */
export function WorkloadTable() {
  const project = useApp((s) => s.project);
  const evaluation = useApp((s) => s.evaluation);
  const editProject = useApp((s) => s.editProject);
  const ranges = useWorkloadRanges();
  const workloads = useMemo(() => project.workloads ?? [], [project.workloads]);
  const [filter, setFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState<Active | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [allColumns, setAllColumns] = useState(false);
  const [bulkKey, setBulkKey] = useState('');
  const [bulkText, setBulkText] = useState('');
  const shares = useMemo(() => workloadShares(evaluation), [evaluation]);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Only the fields some workload has, unless the user asks for every one.
  const fields = useMemo(
    () =>
      WORKLOAD_FIELDS.filter(
        (f) => allColumns || workloads.some((w) => f.kinds.includes(w.spec.kind)),
      ),
    [workloads, allColumns],
  );
  const data = useMemo<GridRow[]>(
    () => workloads.map((workload, index) => ({ workload, index })),
    [workloads],
  );
  const columns = useMemo<ColumnDef<GridRow>[]>(
    () => [
      ...PLAIN_COLUMNS.filter((c) => c.key !== 'cluster' || project.clusters.length > 1).map(
        (c) => ({
          id: c.key,
          header: c.label,
          accessorFn: (r: GridRow) => sortValue(project, r.workload, c.key),
        }),
      ),
      ...fields.map((f) => ({
        id: f.key,
        header: headerText(f),
        accessorFn: (r: GridRow) => sortValue(project, r.workload, f.key),
        sortUndefined: 'last' as const,
      })),
      {
        id: 'capacity_share',
        header: 'Capacity share',
        accessorFn: (r: GridRow) => shares.get(r.workload.id)?.capacity_pct ?? 0,
      },
      {
        id: 'iops_share',
        header: 'IOPS share',
        accessorFn: (r: GridRow) => shares.get(r.workload.id)?.iops_pct ?? 0,
      },
    ],
    [fields, project, shares],
  );
  const table = useReactTable({
    data,
    columns,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    getRowId: (r) => r.workload.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    globalFilterFn: (row: Row<GridRow>, _column, needle: string) =>
      PLAIN_COLUMNS.map((c) => cellText(project, row.original.workload, c.key))
        .join(' ')
        .toLowerCase()
        .includes(needle.trim().toLowerCase()),
  });
  const rows = table.getRowModel().rows;
  const columnIds = table.getVisibleLeafColumns().map((c) => c.id);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();

  // A finding's link to a workload field: show the row (clearing a filter
  // that hides it), scroll to it, then focus the field.
  const fieldRequest = useApp((s) => s.workloadFieldRequest);
  const requestWorkloadField = useApp((s) => s.requestWorkloadField);
  useEffect(() => {
    const index = Number(/^workloads\[(\d+)\]/.exec(fieldRequest ?? '')?.[1]);
    if (!fieldRequest || !Number.isInteger(index)) return;
    const position = rows.findIndex((r) => r.original.index === index);
    if (position < 0 && filter !== '') {
      setFilter('');
      return;
    }
    requestWorkloadField(null);
    if (position < 0) return;
    setActive({ index, key: active?.key ?? 'name' });
    virtualizer.scrollToIndex(position, { align: 'center' });
    // The row renders once the region has scrolled; look for the field in it only.
    const focusInRow = (frames: number) => {
      const row = scrollRef.current?.querySelector(`tr[data-workload="${index}"]`);
      if (row) jumpToField(fieldRequest, row);
      else if (frames > 0) requestAnimationFrame(() => focusInRow(frames - 1));
    };
    requestAnimationFrame(() => focusInRow(10));
  }, [fieldRequest, rows, filter, virtualizer, requestWorkloadField, active]);
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);

  /** Applies cell edits as one undoable edit, or shows why none applied. */
  const apply = (edit: (p: Project) => ReturnType<typeof applyCellEdits>) => {
    const outcome = edit(project);
    if (outcome.ok) {
      setProblems([]);
      editProject(() => outcome.project);
    } else setProblems(outcome.problems);
  };
  const selectedInOrder = rows.map((r) => r.original.index).filter((i) => selected.has(i));

  const fillDown = (key: string) => {
    const position = rows.findIndex((r) => r.original.index === active?.index);
    const [source, ...targets] =
      selectedInOrder.length > 1
        ? selectedInOrder
        : [rows[position - 1]?.original.index, active?.index];
    const from = source === undefined ? undefined : workloads[source];
    if (!from || targets.length === 0) return;
    const text = cellText(project, from, key);
    apply((p) =>
      applyCellEdits(
        p,
        targets.flatMap((index) =>
          index === undefined ? [] : [{ index, key, text, where: `Fill down` }],
        ),
      ),
    );
  };

  /** The columns a block is copied from and pasted into: every one but the core's shares. */
  const editableColumns = columnIds.filter((id) => id !== 'capacity_share' && id !== 'iops_share');

  /** Ctrl+C with rows selected copies them, with a header row, unless text is selected in a cell. */
  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    const textSelected =
      typeof target.selectionStart === 'number' && target.selectionStart !== target.selectionEnd;
    if (selectedInOrder.length === 0 || textSelected) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', copyBlock(project, selectedInOrder, editableColumns));
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const text = event.clipboardData.getData('text/plain');
    // A single value pastes into its input as usual.
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    const order = rows.map((r) => r.original.index);
    const at = active ?? { index: -1, key: columnIds[0] ?? 'name' };
    const row = order.indexOf(at.index);
    const pasted = pasteBlock(
      project,
      parseTsv(text),
      {
        rows: order,
        columns: editableColumns,
        row: row < 0 ? order.length : row,
        column: Math.max(0, columnIds.indexOf(at.key)),
      },
      project.clusters[0]?.id ?? '',
    );
    apply(() => pasted);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-key]');
    const index = Number(cell?.parentElement?.dataset.workload);
    if (cell?.dataset.key && Number.isInteger(index)) setActive({ index, key: cell.dataset.key });
  };

  /** Arrow keys move between rows in the same column, as in a spreadsheet; Tab along the row. */
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'd' && active) {
      event.preventDefault();
      fillDown(active.key);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-key]');
    const position = Number(cell?.parentElement?.dataset.position);
    if (!cell || !Number.isInteger(position)) return;
    const next = position + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0 || next >= rows.length) return;
    event.preventDefault();
    virtualizer.scrollToIndex(next);
    const focusNext = () =>
      scrollRef.current
        ?.querySelector<HTMLElement>(
          `tr[data-position="${next}"] td[data-key="${cell.dataset.key}"] :is(input, select)`,
        )
        ?.focus();
    focusNext();
    requestAnimationFrame(focusNext);
  };

  const toggle = (index: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const policyChoices = (project.policies ?? []).map((p) => ({ value: p.id, label: p.name }));
  const clusterChoices = project.clusters.map((c) => ({ value: c.id, label: c.name }));
  const bulkField = bulkKey ? FIELD_BY_KEY.get(bulkKey) : undefined;
  // The values a bulk edit chooses from, by label (as a pasted cell would name them).
  const bulkChoices =
    bulkKey === 'cluster'
      ? clusterChoices
      : bulkKey === 'policy'
        ? policyChoices
        : bulkField?.choices;

  const headerTitle = (id: string) => {
    const field = FIELD_BY_KEY.get(id);
    if (!field) return undefined;
    const allowed = [...new Set(field.kinds.map((k) => rangeText(ranges, k, id)))].filter(Boolean);
    return [field.meaning, ...allowed].join('. ');
  };

  const renderCell = (key: string, workload: Workload, index: number) => {
    const path = `workloads[${index}]`;
    const name = workload.name || workload.id;
    switch (key) {
      case 'name':
        return <PathText path={`${path}.name`} label={`Workload ${index + 1} name`} hideLabel />;
      case 'kind':
        return KIND_LABEL[workload.spec.kind];
      case 'cluster':
        return (
          <PathSelect
            path={`${path}.cluster_id`}
            label={`${name} cluster`}
            choices={clusterChoices}
            hideLabel
          />
        );
      case 'policy':
        return (
          <PathSelect
            path={`${path}.policy_id`}
            label={`${name} policy`}
            choices={policyChoices}
            hideLabel
          />
        );
      case 'capacity_share': {
        const share = shares.get(workload.id);
        return share ? formatPct(share.capacity_pct) : '–';
      }
      case 'iops_share': {
        const share = shares.get(workload.id);
        return share ? formatPct(share.iops_pct) : '–';
      }
    }
    const field = FIELD_BY_KEY.get(key);
    if (!field || !hasField(workload.spec, field)) return null;
    const label = `${name} ${spokenLabel(field)}`;
    if (field.choices) {
      return <WorkloadChoice index={index} field={field} label={label} hideLabel />;
    }
    return (
      <PathNumber
        path={`${path}.spec.${key}`}
        label={label}
        hideLabel
        optional={field.optional !== undefined}
        placeholder={field.optional?.placeholder}
      />
    );
  };

  return (
    <EditorPanel headingId="workloads-heading" title="Workloads" className="workloads-panel">
      <div className="editor-actions">
        <label className={classes(Classes.LABEL, Classes.INLINE)}>
          Add{' '}
          <HTMLSelect
            aria-label="Add a workload from a template"
            value=""
            onChange={(e) => {
              const template = WORKLOAD_TEMPLATES.find((t) => t.id === e.target.value);
              const cluster = project.clusters[0];
              if (template && cluster) editProject((p) => addFromTemplate(p, template, cluster.id));
            }}
            options={[
              { value: '', label: 'a workload…' },
              ...WORKLOAD_TEMPLATES.map((t) => ({ value: t.id, label: t.label })),
            ]}
          />
        </label>
        <label className={classes(Classes.LABEL, Classes.INLINE)}>
          Filter{' '}
          <InputGroup type="search" leftIcon="filter" value={filter} onValueChange={setFilter} />
        </label>
        <Switch
          className="inline-switch"
          checked={allColumns}
          onChange={(e) => setAllColumns(e.currentTarget.checked)}
          label="Every column"
        />
        <span className={Classes.TEXT_MUTED}>
          {rows.length === workloads.length
            ? `${workloads.length} workloads`
            : `${rows.length} of ${workloads.length} workloads`}
          . Paste rows from a spreadsheet into any cell; Ctrl+C copies the selected rows; Ctrl+D
          fills down.
        </span>
      </div>
      {selected.size > 0 && (
        <div className="editor-actions bulk-actions" role="group" aria-label="Selected workloads">
          <label className={classes(Classes.LABEL, Classes.INLINE)}>
            Policy for {selected.size} selected{' '}
            <HTMLSelect
              value=""
              onChange={(e) =>
                e.target.value && editProject((p) => setPolicy(p, selected, e.target.value))
              }
              options={[{ value: '', label: 'choose…' }, ...policyChoices]}
            />
          </label>
          <label className={classes(Classes.LABEL, Classes.INLINE)}>
            Set{' '}
            <HTMLSelect
              aria-label={`Field to set for ${selected.size} selected`}
              value={bulkKey}
              onChange={(e) => setBulkKey(e.target.value)}
              options={[
                { value: '', label: 'a field…' },
                ...PLAIN_COLUMNS.filter((c) => c.key !== 'name' && c.key !== 'kind').map((c) => ({
                  value: c.key,
                  label: c.label,
                })),
                ...fields.map((f) => ({ value: f.key, label: headerText(f) })),
              ]}
            />
          </label>
          {bulkChoices ? (
            <HTMLSelect
              aria-label="New value"
              value={bulkText}
              onChange={(e) => setBulkText(e.target.value)}
              options={[
                { value: '', label: 'choose…' },
                ...bulkChoices.map((c) => ({ value: c.label, label: c.label })),
              ]}
            />
          ) : (
            <input
              className={classes(Classes.INPUT, 'bulk-value')}
              aria-label="New value"
              value={bulkText}
              size={8}
              onChange={(e) => setBulkText(e.target.value)}
            />
          )}
          <Button
            icon="tick"
            intent={Intent.PRIMARY}
            disabled={!bulkKey}
            onClick={() =>
              apply((p) =>
                applyCellEdits(
                  p,
                  selectedInOrder.map((index): CellEdit => ({
                    index,
                    key: bulkKey,
                    text: bulkText,
                    where: workloads[index]?.name ?? `row ${index + 1}`,
                  })),
                ),
              )
            }
            text={`Apply to ${selected.size} selected`}
          />
          <Button
            icon="arrow-down"
            disabled={!active}
            onClick={() => active && fillDown(active.key)}
            text="Fill down"
          />
          <Button
            icon="trash"
            intent={Intent.DANGER}
            onClick={() => {
              editProject((p) => removeWorkloads(p, selected));
              setSelected(new Set());
              setActive(null);
            }}
            text="Delete selected"
          />
        </div>
      )}
      {problems.length > 0 && (
        <Callout
          intent={Intent.DANGER}
          role="alert"
          className="issue-list"
          data-testid="grid-problems"
        >
          <p>Nothing was changed:</p>
          <ul>
            {problems.slice(0, 8).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {problems.length > 8 && <p>and {problems.length - 8} more.</p>}
        </Callout>
      )}
      <div
        ref={scrollRef}
        className="grid-scroll"
        role="region"
        aria-label="Workloads table"
        tabIndex={0}
        onPaste={onPaste}
        onCopy={onCopy}
      >
        <table className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'workloads')}>
          <thead>
            <tr>
              <th scope="col" className="sticky-select">
                <span className="visually-hidden">Select</span>
              </th>
              {table.getFlatHeaders().map((header) => {
                const sorted = header.column.getIsSorted();
                const about = headerTitle(header.id);
                const sort = (
                  <button
                    type="button"
                    className="sort"
                    aria-description={about}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    {String(header.column.columnDef.header)}
                    {sorted && (
                      <Icon icon={sorted === 'asc' ? 'sort-asc' : 'sort-desc'} size={12} />
                    )}
                  </button>
                );
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={header.id === 'name' ? 'sticky-name' : undefined}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {about ? (
                      <Tooltip content={about} placement="bottom" hoverOpenDelay={300} compact>
                        {sort}
                      </Tooltip>
                    ) : (
                      sort
                    )}
                  </th>
                );
              })}
              <ActionsHeading />
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown} onFocus={onFocus}>
            {paddingTop > 0 && (
              <tr className="spacer" aria-hidden="true">
                <td style={{ height: paddingTop }} colSpan={columnIds.length + 2} />
              </tr>
            )}
            {virtualRows.map((virtualRow) => {
              const row = rows[virtualRow.index];
              if (!row) return null;
              const { workload, index } = row.original;
              const name = workload.name || workload.id;
              return (
                <tr
                  key={row.id}
                  ref={virtualizer.measureElement}
                  data-index={virtualRow.index}
                  data-position={virtualRow.index}
                  data-workload={index}
                  data-testid={`workload-${workload.id}`}
                  className={active?.index === index ? 'active' : undefined}
                >
                  <td className="sticky-select">
                    <Checkbox
                      aria-label={`Select ${name}`}
                      checked={selected.has(index)}
                      onChange={() => toggle(index)}
                    />
                  </td>
                  {columnIds.map((key) => {
                    const field = FIELD_BY_KEY.get(key);
                    return (
                      <td
                        key={key}
                        data-key={key}
                        data-testid={
                          key === 'capacity_share' ? `capacity-share-${workload.id}` : undefined
                        }
                        className={key === 'name' ? 'sticky-name' : undefined}
                        title={
                          field && hasField(workload.spec, field)
                            ? rangeText(ranges, workload.spec.kind, key) || undefined
                            : undefined
                        }
                      >
                        {renderCell(key, workload, index)}
                      </td>
                    );
                  })}
                  <td className="editor-row-actions">
                    <DuplicateButton
                      iconOnly
                      label={`Duplicate ${name}`}
                      onClick={() =>
                        editProject((p) =>
                          duplicateAt(p, 'workloads', index, freshId(p, 'workloads', workload.id)),
                        )
                      }
                    />
                    <RemoveButton
                      iconOnly
                      text="Delete"
                      label={`Delete ${name}`}
                      onClick={() => {
                        editProject((p) => removeWorkloads(p, new Set([index])));
                        setActive(null);
                      }}
                    />
                  </td>
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr className="spacer" aria-hidden="true">
                <td style={{ height: paddingBottom }} colSpan={columnIds.length + 2} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {active && workloads[active.index] && (
        <WorkloadDetails index={active.index} ranges={ranges} />
      )}
    </EditorPanel>
  );
}
