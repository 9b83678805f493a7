// Where an edit's time goes (a diagnosis, not a benchmark): builds the
// renderer unminified into dist/profile, opens a project, makes 30 timed
// host-count edits under a Chrome trace, then 30 under the V8 sampling
// profiler, and prints per edit: the way from the edit to its figures
// painted (the input event's task, the tasks that ran before the next
// frame, and that frame's work before its animation frame callbacks, where
// the bench stops the clock), each thread's busy time by trace event
// (script, style, layout, paint, GC; the core's Worker apart) and the main
// thread's JavaScript self time by source module (react-dom, the app's
// files). Run after `npm run build` (the Wasm modules):
//   node bench/ui-profile.mjs [seed-003-mixed-sql-exchange.json | generated | cold]
// (`cold`: one cold start instead, traced from navigation to the first figure.)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, root } from '../scripts/lib.mjs';
import { withServedApp } from './preview.mjs';
import {
  editLatency,
  hostsOfEdit,
  openExample,
  openGenerated,
  DEFAULT_EXAMPLE,
} from './ui-edits.mjs';

const EDITS = Number(process.env.STACKSIZER_PROFILE_EDITS ?? 30);
const WARM_UP = 5;
const which = process.argv[2] ?? DEFAULT_EXAMPLE;
const outDir = join(root, 'dist', 'profile');
execFileSync(
  bin('vite'),
  ['build', '--minify', 'false', '--outDir', outDir, '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

/** Self time of each complete event on one thread (its duration less its children's). */
function selfTimes(events) {
  const totals = new Map();
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const done = stack.pop();
      totals.set(done.name, (totals.get(done.name) ?? 0) + done.self);
    }
  };
  for (const e of events.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= e.dur;
    stack.push({ name: e.name, end: e.ts + e.dur, self: e.dur });
  }
  close(Infinity);
  return totals;
}

/** Trace events per thread name, self time per event name in ms per `runs`. */
function threadBreakdown(trace, runs = EDITS) {
  const names = new Map();
  const byThread = new Map();
  for (const e of trace.traceEvents) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.ph === 'X' && e.dur) {
      const key = `${e.pid}:${e.tid}`;
      if (!byThread.has(key)) byThread.set(key, []);
      byThread.get(key).push(e);
    }
  }
  const result = {};
  for (const [key, events] of byThread) {
    const name = names.get(key) ?? key;
    if (!/CrRendererMain|DedicatedWorker|Compositor|VizCompositor/.test(name)) continue;
    const totals = [...selfTimes(events)]
      .map(([event, us]) => [event, us / 1000 / runs])
      .filter(([, ms]) => ms >= 0.1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12);
    const busy = totals.reduce((sum, [, ms]) => sum + ms, 0);
    if (busy < 0.5) continue;
    result[`${name} (${key})`] = Object.fromEntries(totals.map(([e, ms]) => [e, ms.toFixed(2)]));
  }
  return result;
}

/** Which source module each line of the unminified bundle came from (its `// path` headers). */
function regionsOf(source) {
  const regions = [];
  source.split('\n').forEach((line, i) => {
    const match = line.match(/^\/\/ (\S*(src|node_modules)\/\S+)$/);
    if (match) regions.push({ line: i, module: match[1] });
  });
  return (line) => {
    let module = '(bundle)';
    for (const r of regions) {
      if (r.line > line) break;
      module = r.module;
    }
    return module
      .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      .replace(/^.*?src\//, 'src/');
  };
}

/** JavaScript self time by module (or module and function), ms per edit, from a V8 CPU profile. */
async function moduleBreakdown(page, profile, byFunction = false) {
  const sources = new Map();
  const moduleOf = async (url, line) => {
    if (!url.startsWith('http')) return url || '(native)';
    if (!sources.has(url)) sources.set(url, regionsOf(await (await page.request.get(url)).text()));
    return sources.get(url)(line);
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  const step = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = nodes.get(profile.samples[i]);
    const { url, lineNumber, functionName } = node.callFrame;
    const module = ['(idle)', '(program)', '(garbage collector)'].includes(functionName)
      ? functionName
      : await moduleOf(url, lineNumber);
    const key = byFunction ? `${module} ${functionName}` : module;
    totals.set(key, (totals.get(key) ?? 0) + (step[i + 1] ?? 0));
  }
  return Object.fromEntries(
    [...totals]
      .filter(([module]) => module !== '(idle)')
      .map(([module, us]) => [module, us / 1000 / EDITS])
      .filter(([, ms]) => ms >= 0.1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([module, ms]) => [module, ms.toFixed(2)]),
  );
}

/** The main thread's complete events, in time order (an event before those it contains). */
function mainThreadEvents(trace) {
  const main = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return trace.traceEvents
    .filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/**
 * Each edit's way to its painted figures, p50 and p95 over the edits in ms:
 * the task that ran the input event (wall and the thread's CPU time), the
 * other tasks that ran between it and the next frame (e.g. a render React
 * scheduled), and that frame's work before its animation frame callbacks
 * (style, layout and the hit test of the hover state under the mouse).
 */
function urgentPath(trace) {
  const events = mainThreadEvents(trace);
  const tasks = events.filter((e) => e.name === 'RunTask');
  const around = (ts) => tasks.findLast((t) => t.ts <= ts && t.ts + t.dur >= ts);
  const phases = {
    input_task: [],
    input_task_cpu: [],
    tasks_before_frame: [],
    frame_before_raf: [],
    frame_before_raf_cpu: [],
  };
  for (const input of events.filter(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input',
  )) {
    const task = around(input.ts);
    const raf =
      task && events.find((e) => e.name === 'FireAnimationFrame' && e.ts >= task.ts + task.dur);
    const frame = raf && around(raf.ts);
    if (!frame) continue;
    const end = task.ts + task.dur;
    phases.input_task.push(task.dur);
    phases.input_task_cpu.push(task.tdur ?? 0);
    phases.tasks_before_frame.push(
      tasks.filter((t) => t.ts >= end && t.ts < frame.ts).reduce((sum, t) => sum + t.dur, 0),
    );
    phases.frame_before_raf.push(raf.ts - frame.ts);
    // The thread's CPU time in the outermost events that end before the callbacks.
    let cpu = 0;
    let until = 0;
    for (const e of events) {
      if (e.ts < frame.ts || e === frame || e.ts < until) continue;
      if (e.ts + e.dur > raf.ts) {
        if (e.ts >= raf.ts) break;
        continue;
      }
      cpu += e.tdur ?? 0;
      until = e.ts + e.dur;
    }
    phases.frame_before_raf_cpu.push(cpu);
  }
  const at = (us, p) => {
    const sorted = [...us].sort((a, b) => a - b);
    return (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1000).toFixed(
      2,
    );
  };
  return Object.fromEntries(
    Object.entries(phases).map(([phase, us]) => [phase, `p50 ${at(us, 0.5)}, p95 ${at(us, 0.95)}`]),
  );
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'];

/** One cold start under a trace: what each thread did, and when each file arrived. */
async function profileColdStart(browser, url) {
  const page = await browser.newPage();
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  const { ms, files } = await page.evaluate(() => ({
    ms: performance.now(),
    files: performance
      .getEntriesByType('resource')
      .map(
        (r) =>
          `${r.name.split('/').pop()} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms`,
      ),
  }));
  const trace = JSON.parse((await browser.stopTracing()).toString());
  console.log(`cold start: first figure at ${Math.round(ms)} ms; files: ${files.join(', ')}`);
  console.log('\nSelf time by trace event, ms:');
  console.log(threadBreakdown(trace, 1));
}

await withServedApp(
  Number(process.env.STACKSIZER_BENCH_PORT ?? 4300),
  async (browser, url) => {
    if (which === 'cold') {
      await profileColdStart(browser, url); // warms the browser's own start-up
      await profileColdStart(browser, url);
      return;
    }
    const page =
      which === 'generated'
        ? await openGenerated(browser, url)
        : await openExample(browser, url, which);
    for (let i = 0; i < WARM_UP; i += 1) await editLatency(page, hostsOfEdit(i + 30));
    // Traced first without the sampling profiler, which slows the page enough
    // to change which tasks run before a frame; then sampled without the trace.
    await browser.startTracing(page, { categories: CATEGORIES });
    const edits = [];
    for (let i = 0; i < EDITS; i += 1) edits.push(await editLatency(page, hostsOfEdit(i)));
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const mean = (key) => (edits.reduce((s, e) => s + e[key], 0) / EDITS).toFixed(1);
    console.log(
      `${which}: ${EDITS} edits, mean edit -> figures ${mean('figureMs')} ms, -> every chart ${mean('chartsMs')} ms (traced, so slower)`,
    );
    console.log('\nFrom the input event to the frame that paints the figures, ms:');
    console.log(urgentPath(trace));
    console.log('\nSelf time per edit by trace event, ms:');
    console.log(threadBreakdown(trace));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    for (let i = 0; i < EDITS; i += 1) await editLatency(page, hostsOfEdit(i));
    const { profile } = await cdp.send('Profiler.stop');
    console.log('\nMain thread JavaScript self time per edit by module, ms:');
    console.log(await moduleBreakdown(page, profile));
    console.log('\n... by function:');
    console.log(await moduleBreakdown(page, profile, true));
  },
  outDir,
);
