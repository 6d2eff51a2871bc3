// Compile-time contract of message_filters: a synchronizer's callback takes the inputs'
// message types in order (a wrong tuple does not compile), 2 to 9 inputs, and a message type
// without a header needs an explicit stamp getter.
import { expectError, expectType } from 'tsd';
import { message_filters, type Node, type ResultOf, std_msgs } from '../src/index.js';
import { CameraInfo, Image } from '../src/rclcpp/interfaces/generated/sensor_msgs/msg.js';

declare const node: Node;
declare const image: message_filters.Subscriber<Image>;
declare const info: message_filters.Subscriber<CameraInfo>;

expectType<ResultOf<message_filters.Subscriber<Image>>>(message_filters.Subscriber.create(node, Image, 'image'));

// The tuple follows the inputs.
expectType<ResultOf<message_filters.TimeSynchronizer<[Image, CameraInfo]>>>(
  message_filters.TimeSynchronizer.create([image, info], { queueSize: 10 }, (i, c) => {
    expectType<Image>(i);
    expectType<CameraInfo>(c);
  }),
);
expectType<ResultOf<message_filters.ApproximateTimeSynchronizer<[CameraInfo, Image, Image]>>>(
  message_filters.ApproximateTimeSynchronizer.create([info, image, image], { queueSize: 10 }),
);
// A callback with the types swapped, or one input too many, does not compile.
expectError(
  message_filters.TimeSynchronizer.create([image, info], { queueSize: 10 }, (_c: CameraInfo, _i: Image) => {}),
);
expectError(
  message_filters.ApproximateTimeSynchronizer.create(
    [image, info],
    { queueSize: 10 },
    (_i: Image, _c: CameraInfo, _x: Image) => {},
  ),
);
// registerCallback is held to the same tuple.
declare const sync: message_filters.TimeSynchronizer<[Image, CameraInfo]>;
sync.registerCallback((_i: Image, _c: CameraInfo) => {});
expectError(sync.registerCallback((_i: Image, _c: Image) => {}));
// add<I> takes input I's message type.
sync.add(1, CameraInfo.create());
expectError(sync.add(1, Image.create()));
// Drop callbacks get undefined where no message came.
sync.registerDropCallback((i, c) => {
  expectType<Image | undefined>(i);
  expectType<CameraInfo | undefined>(c);
});

// 2 to 9 inputs.
expectError(message_filters.TimeSynchronizer.create([image], { queueSize: 1 }));
expectError(
  message_filters.TimeSynchronizer.create([image, image, image, image, image, image, image, image, image, image], {
    queueSize: 1,
  }),
);
message_filters.TimeSynchronizer.create([image, image, image, image, image, image, image, image, image], {
  queueSize: 1,
});

// A queue size is required.
expectError(message_filters.TimeSynchronizer.create([image, info], {}));

// No header: a stamp getter is required.
expectError(message_filters.Subscriber.create(node, std_msgs.msg.String, 'chatter'));
expectType<ResultOf<message_filters.Subscriber<std_msgs.msg.String>>>(
  message_filters.Subscriber.create(node, std_msgs.msg.String, 'chatter', { stamp: () => ({ sec: 0, nanosec: 0 }) }),
);
expectError(message_filters.PassThrough.create<{ n: number }>());
message_filters.PassThrough.create<{ n: number }>({ stamp: (m) => ({ sec: m.n, nanosec: 0 }) });
// A Cache takes its source's message type.
expectType<ResultOf<message_filters.Cache<Image>>>(message_filters.Cache.create(image, { cacheSize: 5 }));
expectError(message_filters.Cache.create<{ n: number }>(undefined, { cacheSize: 5 }));
