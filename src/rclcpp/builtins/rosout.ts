/**
 * The `/rosout` publisher every node has (rcl's logging_rosout): rcl_interfaces/msg/Log with
 * rcl_qos_profile_rosout_default (reliable, transient local, keep last 1000, lifespan 10 s), so
 * `ros2 topic echo /rosout` and rqt_console see the node. The node's logger publishes through
 * `publish`; nothing else in rclts writes on it.
 */

import { ok, type Result, type ResultOf } from '../../result.js';
import type { Node, Publisher } from '../api.js';
import { Log } from '../interfaces/generated/rcl_interfaces/msg.js';
import { QoS } from '../qos.js';

export const ROSOUT_TOPIC = '/rosout';

/** One record: what rcl's rosout handler takes besides the time, which `publish` stamps. */
export interface LogRecord {
  readonly level: number;
  /** The logger's name (rclcpp names a node's logger `ns.node`). */
  readonly name: string;
  readonly msg: string;
  readonly file: string;
  readonly function: string;
  readonly line: number;
}

export class Rosout {
  private constructor(
    private readonly node: Node,
    private publisher: Publisher<Log> | undefined,
  ) {}

  static start(node: Node): ResultOf<Rosout> {
    const p = node.createPublisher(Log, ROSOUT_TOPIC, QoS.rosout());
    return p.ok ? ok(new Rosout(node, p.value)) : p;
  }

  /** Stamps the record with the node's clock and publishes it; a value out of its field's range is InvalidArgument. */
  publish(record: LogRecord): Result {
    if (this.publisher === undefined) return ok();
    const stamp = this.node.now().toMsg();
    if (!stamp.ok) return stamp;
    return this.publisher.publish({
      stamp: stamp.value,
      level: record.level,
      name: record.name,
      msg: record.msg,
      file: record.file,
      function: record.function,
      line: record.line,
    });
  }

  stop(): void {
    this.publisher?.destroy();
    this.publisher = undefined;
  }
}
