/**
 * The six parameter services of a node (`~/describe_parameters` ... `~/set_parameters_atomically`,
 * rcl_interfaces/srv/*, QoS.parameters()) and its `/parameter_events` publisher, answering
 * from a ParameterStore, so `ros2 param` works against the node. Either part can be left out,
 * as rclcpp's start_parameter_services and start_parameter_event_publisher leave them out.
 */

import { ok, type Result, type ResultOf } from '../../result.js';
import type { Node, Publisher, ServiceHandle } from '../api.js';
import * as rclMsg from '../interfaces/generated/rcl_interfaces/msg.js';
import * as rclSrv from '../interfaces/generated/rcl_interfaces/srv.js';
import { QoS } from '../qos.js';
import type { ParameterChanges, ParameterStore, ParameterUpdate } from './store.js';
import { fromValueMsg, type Parameter, toValueMsg } from './value.js';

export const PARAMETER_EVENTS_TOPIC = '/parameter_events';

/** Which parts start: the six services, the events publisher. */
export interface ParameterParts {
  readonly services: boolean;
  readonly events: boolean;
}

function toParameterMsg(p: Parameter): rclMsg.Parameter {
  return { name: p.name, value: toValueMsg(p.type, p.value) };
}

/** Wire updates to store updates; a value of unknown type refuses the whole request. */
function updatesOf(parameters: readonly rclMsg.Parameter[]): ResultOf<ParameterUpdate[]> {
  const out: ParameterUpdate[] = [];
  for (const p of parameters) {
    const v = fromValueMsg(p.value);
    if (!v.ok) return v;
    out.push({ name: p.name, value: v.value });
  }
  return ok(out);
}

export class ParameterServices {
  private readonly handles: ServiceHandle[] = [];
  private events: Publisher<rclMsg.ParameterEvent> | undefined;

  private constructor(
    private readonly node: Node,
    private readonly store: ParameterStore,
  ) {}

  /** Declares the parts asked for; on any failure nothing stays declared. */
  static start(node: Node, store: ParameterStore, parts: ParameterParts): ResultOf<ParameterServices> {
    const s = new ParameterServices(node, store);
    const started = s.declare(parts);
    if (!started.ok) {
      s.stop();
      return started;
    }
    return ok(s);
  }

  private declare(parts: ParameterParts): Result {
    if (parts.events) {
      const events = this.node.createPublisher(rclMsg.ParameterEvent, PARAMETER_EVENTS_TOPIC, QoS.parameterEvents());
      if (!events.ok) return events;
      this.events = events.value;
    }
    return parts.services ? this.declareServices() : ok();
  }

  private declareServices(): Result {
    const store = this.store;
    const qos = QoS.parameters();
    const created = [
      this.node.createService(
        rclSrv.DescribeParameters,
        '~/describe_parameters',
        (req) => {
          const descriptors = req.names.map((n) => {
            const d = store.describe(n);
            return d.ok ? d.value : rclMsg.ParameterDescriptor.create({ name: n });
          });
          return { descriptors };
        },
        qos,
      ),
      this.node.createService(
        rclSrv.GetParameterTypes,
        '~/get_parameter_types',
        (req) => ({ types: Uint8Array.from(req.names.map((n) => store.typeOf(n))) }),
        qos,
      ),
      this.node.createService(
        rclSrv.GetParameters,
        '~/get_parameters',
        (req) => ({ values: req.names.map((n) => toParameterMsg(store.getOrUnset(n)).value) }),
        qos,
      ),
      this.node.createService(
        rclSrv.ListParameters,
        '~/list_parameters',
        (req) => ({ result: store.list(req.prefixes, Number(req.depth)) }),
        qos,
      ),
      this.node.createService(
        rclSrv.SetParameters,
        '~/set_parameters',
        (req) => {
          const u = updatesOf(req.parameters);
          if (!u.ok) return { results: req.parameters.map(() => ({ successful: false, reason: u.error.message })) };
          return { results: store.setEach(u.value).map((r) => ({ ...r })) };
        },
        qos,
      ),
      this.node.createService(
        rclSrv.SetParametersAtomically,
        '~/set_parameters_atomically',
        (req) => {
          const u = updatesOf(req.parameters);
          if (!u.ok) return { result: { successful: false, reason: u.error.message } };
          return { result: { ...store.setAll(u.value) } };
        },
        qos,
      ),
    ];
    for (const c of created) {
      if (!c.ok) return c;
      this.handles.push(c.value);
    }
    return ok();
  }

  /** Publishes one change record on /parameter_events (nothing when the node has no such publisher). */
  publish(changes: ParameterChanges): Result {
    if (this.events === undefined) return ok();
    const stamp = this.node.now().toMsg();
    if (!stamp.ok) return stamp;
    return this.events.publish({
      stamp: stamp.value,
      node: this.node.getFullyQualifiedName(),
      new_parameters: changes.added.map(toParameterMsg),
      changed_parameters: changes.changed.map(toParameterMsg),
      deleted_parameters: changes.deleted.map(toParameterMsg),
    });
  }

  stop(): void {
    for (const h of this.handles.splice(0)) h.reset();
    this.events?.destroy();
    this.events = undefined;
  }
}
