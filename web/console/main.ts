/**
 * The vrobots web console: starts its session worker (router from `?router=` or the server's
 * config.json; none -> the in-page simulator, in the worker too), then draws at the display
 * rate. Sample batches from the worker only update the model; one requestAnimationFrame
 * callback reads it, so the cost per frame does not grow with the sample rate. `window.vrobotsConsole` exposes the model and frame statistics to tests and the bench.
 */
import { ArmModel } from './arm-model.js';
import { ArmPanel } from './arm-panel.js';
import { drawArmPlots } from './arm-plot.js';
import { attachBagControls } from './bag-controls.js';
import { readTheme, type Theme } from './canvas-surface.js';
import { ConsoleSession } from './console-session.js';
import { Controls } from './controls.js';
import { FrameStats } from './frame-stats.js';
import { drawMap } from './map-view.js';
import { drawPlots } from './plot-view.js';
import { ResultLog } from './result-log.js';
import { RobotTable } from './robot-table.js';
import { SwarmModel } from './swarm-model.js';

/** The table is text: refreshing it 4 times a second reads as live and leaves frames for the canvases. */
const TABLE_PERIOD_MS = 250;

async function routerSetting(): Promise<string | undefined> {
  const fromQuery = new URLSearchParams(location.search).get('router');
  if (fromQuery !== null) return fromQuery === '' ? undefined : fromQuery;
  try {
    const response = await fetch('./config.json', { cache: 'no-store' });
    if (!response.ok) return undefined;
    const config = (await response.json()) as { router?: unknown };
    return typeof config.router === 'string' ? config.router : undefined;
  } catch {
    return undefined;
  }
}

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`console page: no #${id}`);
  return found as T;
}

async function main(): Promise<void> {
  const status = byId('status');
  const model = new SwarmModel();
  const arms = new ArmModel();
  const router = await routerSetting();
  status.textContent = router === undefined ? 'starting the in-page simulator…' : `connecting to ${router}…`;
  let mode = '';
  const { session, opened } = await ConsoleSession.open(router, model, arms, (message, healthy) => {
    // The router link's health, as the executor reports it: lost and back, stalled and answering.
    if (healthy === false) {
      status.textContent = `${mode}: ${message}`;
      status.className = 'error';
    } else if (healthy === true) {
      status.textContent = `connected: ${mode} (${message})`;
      status.className = 'ok';
    }
  });
  if (!opened.ok) {
    status.textContent = `not connected: ${opened.message}`;
    status.className = 'error';
    return;
  }
  mode = String(opened.value);
  status.textContent = `connected: ${mode}`;
  status.className = 'ok';
  const log = new ResultLog(byId<HTMLOListElement>('results'));
  const controls = new Controls(session, model, log);
  const armPanel = new ArmPanel(controls);
  const table = new RobotTable(byId<HTMLTableSectionElement>('robots-body'), (sysId) => controls.select(sysId));
  const map = byId<HTMLCanvasElement>('map');
  const plots = byId<HTMLCanvasElement>('plots');
  const armPlots = byId<HTMLCanvasElement>('arm-plots');
  const summary = byId('swarm-summary');
  attachBagControls(router, model);
  const stats = new FrameStats(model);
  let theme: Theme = readTheme();
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    theme = readTheme();
  });
  let lastTable = 0;

  const frame = (now: number) => {
    const started = performance.now();
    const wall = Date.now();
    const records = model.list(wall);
    const refreshText = now - lastTable >= TABLE_PERIOD_MS;
    if (refreshText) {
      lastTable = now;
      // A selected robot that is gone (deleted, or silent past FORGET_MS) is no longer selected.
      if (controls.selected !== undefined && model.get(controls.selected) === undefined) controls.select(undefined);
      table.update(model, records, wall, controls.selected);
      summary.textContent = `${records.length} robot(s), ${model.samples} state sample(s) received`;
    }
    const selected = controls.selected === undefined ? undefined : model.get(controls.selected);
    const isArm = selected?.robotType === 'arm';
    const selectedArm = isArm ? arms.get(selected.sysId, wall) : undefined;
    armPanel.show(isArm);
    if (refreshText) armPanel.update(selectedArm);
    drawMap(map, records, controls.selected, theme);
    if (isArm) drawArmPlots(armPlots, selectedArm, armPanel.angle, wall, theme);
    else drawPlots(plots, selected, wall, theme);
    stats.frameDone(started, performance.now(), wall);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  (window as { vrobotsConsole?: unknown }).vrobotsConsole = { model, arms, session, controls, stats };
}

main().catch((thrown: unknown) => {
  // A bug, not a connection problem (those are Results): show it instead of a page stuck on "loading".
  const status = document.getElementById('status');
  if (status !== null) {
    status.textContent = `console failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
    status.className = 'error';
  }
});
