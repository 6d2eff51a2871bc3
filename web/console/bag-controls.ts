/**
 * The console's bag controls: Record writes the swarm's vrobots topics (recordSwarm, on an
 * executor of its own on the page's router link) into an MCAP bag in memory and offers it as a
 * download; Play reads an MCAP file the user gives and plays its robots' states into the view in
 * their recorded timing. The same library code as in Node: memoryBagFiles, no Node built-in.
 */
import { Executor, memoryBagFiles, openBagReader, openBagWriter } from '../../src/index.js';
import { playSwarm, recordSwarm, State, type SwarmPlayback, type SwarmRecording } from '../../src/vrobots/index.js';
import { packState, SAMPLE_WIDTH } from './state-sample.js';
import type { SwarmModel } from './swarm-model.js';

const BAG_NAME = 'vrobots_console';

export interface BagElements {
  readonly record: HTMLButtonElement;
  readonly file: HTMLInputElement;
  readonly play: HTMLButtonElement;
  readonly status: HTMLElement;
  readonly download: HTMLAnchorElement;
}

interface Recording {
  readonly executor: Executor;
  readonly recording: SwarmRecording;
  readonly files: ReturnType<typeof memoryBagFiles>;
}

export class BagControls {
  private active: Recording | undefined;
  private playing: SwarmPlayback | undefined;
  private readonly one = new Float64Array(SAMPLE_WIDTH);

  constructor(
    private readonly el: BagElements,
    private readonly router: string | undefined,
    private readonly model: SwarmModel,
  ) {
    el.record.addEventListener('click', () => void this.toggleRecord());
    el.play.addEventListener('click', () => void this.togglePlay());
    if (router === undefined) {
      // The in-page simulator's robots live in the session worker, out of reach of a second link.
      el.record.disabled = true;
      el.record.title = 'recording needs a router (?router=…)';
    }
  }

  private say(text: string, error = false): void {
    this.el.status.textContent = text;
    this.el.status.className = error ? 'error' : 'muted';
  }

  private async toggleRecord(): Promise<void> {
    if (this.active !== undefined) return this.stopRecording(this.active);
    if (this.router === undefined) return this.say('recording needs a router', true);
    this.el.record.disabled = true;
    const executor = await Executor.create({ router: this.router });
    if (!executor.ok) {
      this.el.record.disabled = false;
      return this.say(`cannot record: ${executor.error.message}`, true);
    }
    const files = memoryBagFiles(BAG_NAME);
    const writer = await openBagWriter({ files });
    const recording = writer.ok ? recordSwarm(executor.value, { writer: writer.value }) : writer;
    if (!recording.ok) {
      await executor.value.shutdown();
      this.el.record.disabled = false;
      return this.say(`cannot record: ${recording.error.message}`, true);
    }
    void executor.value.spin();
    this.active = { executor: executor.value, recording: recording.value, files };
    this.el.record.textContent = 'Stop recording';
    this.el.record.disabled = false;
    this.say('recording…');
  }

  private async stopRecording(active: Recording): Promise<void> {
    this.active = undefined;
    this.el.record.disabled = true;
    const stopped = await active.recording.stop();
    await active.executor.shutdown();
    this.el.record.textContent = 'Record';
    this.el.record.disabled = false;
    if (!stopped.ok) return this.say(`recording failed: ${stopped.error.message}`, true);
    const bytes = active.files.contents(stopped.value.metadata.relativeFilePaths[0] ?? `${BAG_NAME}_0.mcap`);
    if (bytes === undefined) return this.say('recording failed: no MCAP file was written', true);
    const { written, dropped, topics } = stopped.value.stats;
    if (this.el.download.href !== '') URL.revokeObjectURL(this.el.download.href);
    this.el.download.href = URL.createObjectURL(
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
    );
    this.el.download.download = `${BAG_NAME}.mcap`;
    this.el.download.hidden = false;
    this.say(`recorded ${written} message(s) on ${topics.length} topic(s), ${dropped} dropped, ${bytes.byteLength} B`);
    this.el.download.click();
  }

  private async togglePlay(): Promise<void> {
    if (this.playing !== undefined) {
      this.playing.stop();
      return;
    }
    const file = this.el.file.files?.[0];
    if (file === undefined) return this.say('choose an .mcap file to play', true);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const reader = await openBagReader({ files: memoryBagFiles('played', { [file.name]: bytes }) });
    if (!reader.ok) return this.say(`cannot read ${file.name}: ${reader.error.message}`, true);
    let undecodable = 0;
    const playback = playSwarm(reader.value, (message) => {
      if (!message.topic.endsWith('/z/state')) return;
      let state: State;
      try {
        state = State.decode(message.data);
      } catch {
        undecodable++;
        return;
      }
      // The robot shows as live while it plays: arrival is now.
      packState(state, Date.now(), this.one, 0);
      this.model.acceptBatch(this.one);
    });
    if (!playback.ok) {
      await reader.value.close();
      return this.say(`cannot play ${file.name}: ${playback.error.message}`, true);
    }
    this.playing = playback.value;
    this.el.play.textContent = 'Stop playing';
    this.say(`playing ${file.name}…`);
    const done = await playback.value.done;
    await reader.value.close();
    this.playing = undefined;
    this.el.play.textContent = 'Play';
    if (done.ok) this.say(`played ${done.value} message(s) from ${file.name}, ${undecodable} undecodable`);
    else this.say(`playing ${file.name} failed: ${done.error.message}`, true);
  }
}

/** Wires the page's bag controls (index.html's `#bag-*`); undefined when the page has none. */
export function attachBagControls(router: string | undefined, model: SwarmModel): BagControls | undefined {
  const find = <T extends HTMLElement>(id: string) => (document.getElementById(id) as T | null) ?? undefined;
  const record = find<HTMLButtonElement>('bag-record');
  const file = find<HTMLInputElement>('bag-file');
  const play = find<HTMLButtonElement>('bag-play');
  const status = find<HTMLElement>('bag-status');
  if (!record || !file || !play || !status) return undefined;
  // Made here, not in index.html: the link has no href until a recording is done.
  const download = document.createElement('a');
  download.id = 'bag-download';
  download.hidden = true;
  download.textContent = 'download .mcap';
  record.after(download);
  return new BagControls({ record, file, play, status, download }, router, model);
}
