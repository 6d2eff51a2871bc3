// Compile-time contract of the generated interfaces: field types are checked, a message missing
// a required field is refused by publish, one type is not another, create() takes partials.
import { expectAssignable, expectError, expectType } from 'tsd';
import { type Node, std_msgs } from '../src/index.js';
import { geometry_msgs, sensor_msgs, std_srvs } from '../src/rclcpp/interfaces/generated/index.js';

declare const node: Node;

const twist: geometry_msgs.msg.Twist = { linear: { x: 1, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0.5 } };

// A generated message with a wrong field type does not compile.
expectError<geometry_msgs.msg.Vector3>({ x: '1', y: 0, z: 0 });
expectError<sensor_msgs.msg.JointState>({ ...sensor_msgs.msg.JointState.create(), name: [1, 2] });
expectError<std_msgs.msg.Int64>({ data: 1 });

// publish refuses a message missing a required field, and a Twist on a String publisher.
declare const twistPub: ReturnType<typeof node.createPublisher<geometry_msgs.msg.Twist>>;
if (twistPub.ok) {
  twistPub.value.publish(twist);
  expectError(twistPub.value.publish({ linear: { x: 1, y: 0, z: 0 } }));
  expectError(twistPub.value.publish({ linear: { x: 1, y: 0 }, angular: { x: 0, y: 0, z: 0 } }));
}
const stringPub = node.createPublisher(std_msgs.msg.String, 'chatter');
if (stringPub.ok) {
  stringPub.value.publish({ data: 'hi' });
  expectError(stringPub.value.publish(twist));
}
expectError(node.createPublisher<std_msgs.msg.String>(geometry_msgs.msg.Twist, 'chatter'));
expectError(node.createSubscription(geometry_msgs.msg.Twist, 'cmd', (m: std_msgs.msg.String) => m.data));

// Decoded shapes: typed arrays for numbers, bigint for 64-bit integers.
node.createSubscription(sensor_msgs.msg.LaserScan, 'scan', (m) => {
  expectAssignable<Float32Array | number[]>(m.ranges);
  expectType<number>(m.angle_min);
});
node.createSubscription(sensor_msgs.msg.Image, 'image', (m) => expectAssignable<Uint8Array | number[]>(m.data));
expectType<bigint>(std_msgs.msg.Int64.create().data);

// create() completes a partial, nested too; constants are literal readonly values.
expectType<geometry_msgs.msg.Twist>(geometry_msgs.msg.Twist.create({ linear: { x: 1 } }));
expectError(geometry_msgs.msg.Twist.create({ linear: { x: '1' } }));
expectType<0>(sensor_msgs.msg.NavSatStatus.STATUS_FIX);
expectError((sensor_msgs.msg.NavSatStatus.STATUS_FIX = 1));

// Services: request and response typed from the generated type.
node.createService(std_srvs.srv.SetBool, 'enable', (req) => ({ success: req.data, message: '' }));
expectError(node.createService(std_srvs.srv.SetBool, 'enable', () => ({ success: 1, message: '' })));
