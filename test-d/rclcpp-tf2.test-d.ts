// Compile-time contract of tf2: a wait takes a budget, lookups answer tf2 results (usable as
// ResultOf), doTransform answers a tf2 result of the type it was given, and a time is a Time or a stamp.
import { expectAssignable, expectError, expectType } from 'tsd';
import { type Node, type ResultOf, tf2 } from '../src/index.js';
import type {
  PointStamped,
  PoseStamped,
  TransformStamped,
} from '../src/rclcpp/interfaces/generated/geometry_msgs/codec.js';

declare const node: Node;
declare const buffer: tf2.Buffer;
declare const point: PointStamped;
declare const pose: PoseStamped;
const stamp = { sec: 0, nanosec: 0 };

expectType<tf2.Tf2ResultOf<TransformStamped>>(buffer.lookupTransform('map', 'base', stamp));
expectType<tf2.Tf2ResultOf<TransformStamped>>(buffer.lookupTransform('map', 'base', node.now()));
expectAssignable<ResultOf<TransformStamped>>(buffer.lookupTransform('map', 'base', stamp));
expectType<Promise<tf2.Tf2ResultOf<TransformStamped>>>(buffer.waitForTransform('map', 'base', stamp, 100));
// waitForTransform without a budget does not compile.
expectError(buffer.waitForTransform('map', 'base', stamp));
// A time is a Time or a stamp, not seconds as a number.
expectError(buffer.lookupTransform('map', 'base', 0));
expectType<boolean>(buffer.canTransform('map', 'base', stamp));

declare const t: TransformStamped;
expectType<tf2.Tf2ResultOf<PointStamped>>(tf2.doTransform(point, t));
expectType<tf2.Tf2ResultOf<PoseStamped>>(tf2.doTransform(pose, t));
expectType<tf2.Tf2ResultOf<PoseStamped>>(buffer.transform(pose, 'map'));
// Something that is not a stamped geometry message does not compile.
expectError(tf2.doTransform({ header: point.header, data: 'x' }, t));

expectType<ResultOf<tf2.TransformBroadcaster>>(tf2.TransformBroadcaster.create(node));
expectType<ResultOf<tf2.TransformListener>>(tf2.TransformListener.create(node, buffer));
