// The real Wasm core, loaded in Node: the same module the Worker runs.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import newProject from '../../assets/templates/new-project.json';
import * as core from './pkg/stacksizer_core.js';
import * as exchange from './pkg/stacksizer_exchange.js';
import { handleRequest } from './handle-request';
import type { Project } from './types';

beforeAll(() => {
  core.initSync({
    module: readFileSync(new URL('./pkg/stacksizer_core_bg.wasm', import.meta.url)),
  });
  exchange.initSync({
    module: readFileSync(new URL('./pkg/stacksizer_exchange_bg.wasm', import.meta.url)),
  });
});

const evaluate = (project: unknown) =>
  handleRequest(core, {
    id: 1,
    method: 'project/evaluate',
    params: { projectJson: JSON.stringify(project) },
  });

describe('the Wasm core', () => {
  it('computes the seed 001 raw capacity: 32 x 400 GB = 12.8 TB = 11.64 TiB', () => {
    const response = evaluate(example);
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    const outcome = response.result as ReturnType<typeof core.evaluateProject>;
    expect(outcome.status).toBe('evaluated');
    if (outcome.status !== 'evaluated') return;
    const cluster = outcome.evaluation.clusters[0];
    expect(cluster?.kind).toBe('vsan_osa');
    if (cluster?.kind !== 'vsan_osa') return;
    expect(cluster.key_figures.raw.tb).toBeCloseTo(12.8, 9);
    expect(cluster.key_figures.raw.tib).toBeCloseTo(11.64, 2);
    expect(cluster.detail.raw.capacity_devices).toBe(32);
  });

  it('gives the defaults an empty settings field stands for', () => {
    const response = handleRequest(core, {
      id: 2,
      method: 'project/default-settings',
      params: {},
    });
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    const settings = response.result as ReturnType<typeof core.defaultSettings>;
    expect(settings.slack_pct).toBe(25);
    expect(settings.reserve_hosts).toBe(1);
    expect(settings.resilience?.repair_delay_minutes).toBe(60);
  });

  it('reports invalid input as data with the JSON path and the allowed range', () => {
    const project = structuredClone(example) as Project;
    const topology = project.clusters[0]?.topology;
    if (topology?.kind === 'single') topology.host_count = 65;
    const response = evaluate(project);
    expect(response.ok).toBe(true);
    const outcome = (response as { result: ReturnType<typeof core.evaluateProject> }).result;
    expect(outcome).toEqual({
      status: 'invalid',
      issues: [
        {
          path: 'clusters[0].topology.host_count',
          message: 'clusters[0].topology.host_count must be between 1 and 64 (got 65)',
          value: 65,
          allowed: { min: 1, max: 64 },
        },
      ],
    });
  });

  it('names the path of a value of the wrong type', () => {
    const response = evaluate({ ...example, settings: { slack_pct: 'lots' } });
    const outcome = (response as { result: ReturnType<typeof core.evaluateProject> }).result;
    expect(outcome.status).toBe('invalid');
    if (outcome.status === 'invalid') expect(outcome.issues[0]?.path).toBe('settings.slack_pct');
  });

  it('accepts the new-project template', () => {
    const response = handleRequest(core, {
      id: 2,
      method: 'project/check-file',
      params: { projectJson: JSON.stringify(newProject) },
    });
    expect(response).toMatchObject({ ok: true, result: { status: 'valid' } });
  });

  it('sends no -0: a project without workloads sums empty lists to +0', () => {
    const response = evaluate({ ...example, workloads: [] });
    expect(response).toMatchObject({ ok: true, result: { status: 'evaluated' } });
    const negativeZeros: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (Object.is(value, -0)) negativeZeros.push(path);
      else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
    };
    walk(response.ok ? response.result : null, '');
    expect(negativeZeros).toEqual([]);
    // The project does have zero figures the core sums from no rows.
    const outcome = (response as { result: ReturnType<typeof core.evaluateProject> }).result;
    if (outcome.status === 'evaluated')
      expect(outcome.evaluation.clusters[0]?.key_figures.iops.front_end).toBe(0);
  });

  it('refuses a stored user catalog with every issue under its path, value and range', () => {
    const stored = JSON.stringify({
      schema_version: 1,
      price_note: '',
      parts: [{ id: 5 }],
    });
    const response = handleRequest(core, {
      id: 3,
      method: 'catalog/listing',
      params: { userCatalogJson: stored },
    });
    expect(response).toMatchObject({ ok: false, kind: 'invalid' });
    if (response.ok) return;
    expect(response.issues?.[0]?.path).toBe('user_catalog.parts[0].id');
    expect(response.issues?.[0]?.message).toContain('the user catalog: parts[0].id');
  });

  it('names each stretch-curve argument out of range', () => {
    const response = handleRequest(core, {
      id: 4,
      method: 'stretch/curve',
      params: { maxRttMs: 60, steps: 20 },
    });
    expect(response).toMatchObject({
      ok: false,
      kind: 'invalid',
      issues: [{ path: 'max_rtt_ms', value: 60, allowed: { min: 0.5, max: 50 } }],
    });
  });

  it('turns a Rust panic into a typed panic response carrying the message', () => {
    const response = handleRequest(core, { id: 7, method: 'core/self-test-panic', params: {} });
    expect(response).toMatchObject({ id: 7, ok: false, kind: 'panic' });
    if (!response.ok) expect(response.message).toContain('self-test panic requested');
  });
});

describe('the exchange module (imports and reports, loaded on first use)', () => {
  const projectJson = JSON.stringify(example);

  it('is what the reports need: the start-up module has no report export', () => {
    expect('exportXlsx' in core).toBe(false);
    expect('previewInventory' in core).toBe(false);
    const response = handleRequest(core, {
      id: 8,
      method: 'report/xlsx',
      params: { projectJson, paper: 'a4' },
    });
    expect(response).toMatchObject({ ok: false, kind: 'failure' });
    if (!response.ok) expect(response.message).toContain('needs the exchange module');
  });

  it('writes the XLSX report (a zip) and the CSV tables', () => {
    const xlsx = handleRequest(
      core,
      { id: 9, method: 'report/xlsx', params: { projectJson, paper: 'letter' } },
      exchange,
    );
    expect(xlsx.ok).toBe(true);
    if (!xlsx.ok) return;
    const bytes = xlsx.result as Uint8Array;
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
    const badPaper = handleRequest(
      core,
      { id: 11, method: 'report/xlsx', params: { projectJson, paper: 'a3' } },
      exchange,
    );
    expect(badPaper).toMatchObject({
      ok: false,
      kind: 'invalid',
      issues: [{ path: 'paper', message: 'paper must be a4 or letter (got "a3")' }],
    });

    const csv = handleRequest(
      core,
      { id: 10, method: 'report/csv', params: { projectJson } },
      exchange,
    );
    expect(csv.ok).toBe(true);
    if (!csv.ok) return;
    const { tables } = csv.result as ReturnType<typeof exchange.exportCsvTables>;
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.every((t) => t.text.length > 0)).toBe(true);
  });

  it('refuses an invalid project with every issue: path, value and allowed range', () => {
    const broken = structuredClone(example) as Project;
    const topology = broken.clusters[0]?.topology;
    if (topology?.kind === 'single') topology.host_count = 65;
    const response = handleRequest(
      core,
      { id: 14, method: 'report/csv', params: { projectJson: JSON.stringify(broken) } },
      exchange,
    );
    expect(response).toMatchObject({ ok: false, kind: 'invalid' });
    if (response.ok) return;
    const issue = response.issues?.find((i) => i.path === 'clusters[0].topology.host_count');
    expect(issue).toEqual({
      path: 'clusters[0].topology.host_count',
      message: 'clusters[0].topology.host_count must be between 1 and 64 (got 65)',
      value: 65,
      allowed: { min: 1, max: 64 },
    });
    expect(response.message).toContain('(got 65)');
  });

  it('writes the PDF proposal on the paper asked for', () => {
    const pdf = handleRequest(
      core,
      { id: 12, method: 'report/pdf', params: { projectJson, paper: 'letter' } },
      exchange,
    );
    expect(pdf.ok).toBe(true);
    if (!pdf.ok) return;
    const text = new TextDecoder('latin1').decode(pdf.result as Uint8Array);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 612 792]');
    // The example states no date: the cover is dated today on the user's clock.
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    expect(text).toContain(`(${date}) Tj`);
    const badPaper = handleRequest(
      core,
      { id: 13, method: 'report/pdf', params: { projectJson, paper: 'a3' } },
      exchange,
    );
    expect(badPaper).toMatchObject({ ok: false });
  });
});
