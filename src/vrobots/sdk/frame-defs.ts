/**
 * The frame definitions a robot publishes on `vrobots/{id}/z/frames` (one CoordFrameDef per
 * frame, on change and as a ~1 Hz keepalive): subscribed on first use, kept by frame id.
 */
import type { SubscriptionHandle } from '../../rclcpp/index.js';
import { ok } from '../../result.js';
import type { CoordFrameDef } from '../generated/swarmbotix-types.js';
import { CoordFrameDef as CoordFrameDefType } from '../messages/topic-messages.js';
import { RawBytes } from '../tools/raw-bytes.js';
import type { RobotLink } from './robot-link.js';
import { type VrResultOf, vrErr, vrFail } from './vr-error.js';

export class FrameDefs {
  private readonly byId = new Map<string, CoordFrameDef>();
  private sub: SubscriptionHandle | undefined;

  constructor(
    private readonly link: RobotLink,
    private readonly key: string,
  ) {}

  /** The definition of `frameId` (default: the moving body frame), waiting up to the budget. */
  async find(frameId: string | undefined, budgetMs: number): Promise<VrResultOf<CoordFrameDef>> {
    if (this.sub === undefined) {
      const sub = this.link.node.createSubscription(RawBytes, this.key, (bytes) => {
        try {
          const def = CoordFrameDefType.decode(bytes);
          this.byId.set(def.frameId, def);
          this.link.driver.wake.notify();
        } catch {
          // a malformed frame definition is skipped; the keepalive brings the next
        }
      });
      if (!sub.ok) return vrFail(sub.error, `cannot subscribe ${this.key}`);
      this.sub = sub.value;
    }
    const pick = (): CoordFrameDef | undefined =>
      frameId !== undefined ? this.byId.get(frameId) : [...this.byId.values()].find((d) => !d.isStatic);
    await this.link.driver.until(() => pick() !== undefined, budgetMs);
    const def = pick();
    if (def === undefined) {
      const what = frameId === undefined ? 'the robot body frame' : `frame '${frameId}'`;
      return vrErr('timeout', `no definition of ${what} on ${this.key} within ${budgetMs}ms`);
    }
    return ok(def);
  }

  close(): void {
    this.sub?.reset();
    this.sub = undefined;
  }
}
