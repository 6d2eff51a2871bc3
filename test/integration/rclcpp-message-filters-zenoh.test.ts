/**
 * message_filters over the real router: a camera executor publishes Image and CameraInfo with
 * one stamp per frame; a perception executor's TimeSynchronizer on two Subscribers gets each
 * frame's pair in one callback, with the stamps matching, after the two routes are in place.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, message_filters, Result } from '../../src/index.js';
import { CameraInfo, Image } from '../../src/rclcpp/interfaces/generated/sensor_msgs/msg.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const unwrap = Result.unwrap;

const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
});

const bare = { startParameterServices: false, enableRosout: false } as const;

describe('message_filters on zenoh', () => {
  it('Image + CameraInfo from another executor pair up by stamp in one callback', async () => {
    const router = inject('zenohLocator');
    const p = uniquePrefix('mf');
    const cameraExec = unwrap(await Executor.create({ router }));
    executors.push(cameraExec);
    const camera = unwrap(cameraExec.createNode('camera', bare));
    const imagePub = unwrap(camera.createPublisher(Image, `${p}/image_raw`));
    const infoPub = unwrap(camera.createPublisher(CameraInfo, `${p}/camera_info`));

    const perceptionExec = unwrap(await Executor.create({ router }));
    executors.push(perceptionExec);
    const perception = unwrap(perceptionExec.createNode('perception', bare));
    const image = unwrap(message_filters.Subscriber.create(perception, Image, `${p}/image_raw`));
    const info = unwrap(message_filters.Subscriber.create(perception, CameraInfo, `${p}/camera_info`));
    const pairs: [number, number][] = [];
    unwrap(
      message_filters.TimeSynchronizer.create([image, info], { queueSize: 10 }, (img, cam) => {
        pairs.push([img.header.stamp.sec, cam.header.stamp.sec]);
      }),
    );
    unwrap(await imagePub.ready(5000));
    unwrap(await infoPub.ready(5000));

    // Frames are sent until a pair is heard (the routes take a moment), then five more.
    let sec = 1;
    const frame = () => {
      const header = { stamp: { sec, nanosec: 0 }, frame_id: 'camera' };
      unwrap(imagePub.publish(Image.create({ header })));
      unwrap(infoPub.publish(CameraInfo.create({ header })));
      sec++;
    };
    const heard = () => {
      frame();
      return pairs.length > 0;
    };
    unwrap(await perceptionExec.spinUntil(heard, 10_000, 'the first pair over the router'));
    const first = sec;
    for (let i = 0; i < 5; i++) frame();
    unwrap(await perceptionExec.spinUntil(() => pairs.some(([s]) => s === first + 4), 10_000, 'five more pairs'));
    for (const [a, b] of pairs) expect(a).toBe(b);
    expect(pairs.filter(([s]) => s >= first).map(([s]) => s)).toEqual([
      first,
      first + 1,
      first + 2,
      first + 3,
      first + 4,
    ]);
    expect(perceptionExec.stats().handlerErrors).toBe(0);
  });
});
