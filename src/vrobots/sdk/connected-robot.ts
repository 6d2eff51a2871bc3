/**
 * The VirtualRobot that `connect` answers: one robot seen through one RobotLink. On top of
 * the state (robot-core.ts), command (robot-commands.ts) and service (robot-service-calls.ts)
 * layers it adds delete, cameras and the topic tools. Users see only the VirtualRobot
 * interface (robot-api.ts).
 */
import { ok } from '../../result.js';
import { listTopics as listTopicsTool } from '../tools/list-topics.js';
import { measureRate as measureRateTool } from '../tools/measure-rate.js';
import type { RateReport } from '../tools/rate-stats.js';
import type { TopicListing } from '../tools/topic-table.js';
import type { VirtualRobot } from './robot-api.js';
import { DELETE_SILENCE_MS } from './robot-core.js';
import { RobotServiceCalls } from './robot-service-calls.js';
import { type SdkVersion, version } from './version.js';
import { type VrResult, type VrResultOf, vrErr, vrFail } from './vr-error.js';

export class ConnectedRobot extends RobotServiceCalls implements VirtualRobot {
  async delete(): Promise<VrResult> {
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    if (this.deleting) return vrErr('invalid_argument', `robot ${this.sysId}: delete is already in progress`);
    this.deleting = true;
    try {
      const sent = await this.deleteOnce();
      if (!sent.ok) return sent;
      const budget = this.link.options.serviceTimeoutMs + DELETE_SILENCE_MS;
      const silent = await this.link.driver.until(() => this.silentForMs() >= DELETE_SILENCE_MS, budget);
      if (!silent) {
        return vrErr(
          'timeout',
          `robot ${this.sysId} was deleted but ${this.feed.key} did not go silent for ${DELETE_SILENCE_MS}ms within ${budget}ms`,
        );
      }
      this.deleted = true;
      this.release();
      this.emitSafely('deleted', this.sysId);
      return ok();
    } finally {
      this.deleting = false;
    }
  }

  async openCamera(name: string): Promise<VrResultOf<never>> {
    return vrErr(
      'unsupported',
      `camera '${name}' of robot ${this.sysId}: frames travel over iceoryx2 shared memory on the simulator's host (vrobots/${this.sysId}/i/cam/${name}/...), which has no JavaScript binding`,
    );
  }

  async listTopics(windowMs?: number): Promise<VrResultOf<TopicListing>> {
    if (this.closed) return vrErr('session', `robot ${this.sysId}: this handle is closed`);
    const r = await listTopicsTool(this.link.executor, windowMs);
    return r.ok ? r : vrFail(r.error);
  }

  async measureRate(key: string, windowMs?: number): Promise<VrResultOf<RateReport>> {
    if (this.closed) return vrErr('session', `robot ${this.sysId}: this handle is closed`);
    const r = await measureRateTool(this.link.executor, key, windowMs);
    return r.ok ? r : vrFail(r.error);
  }

  version(): SdkVersion {
    return version();
  }
}
