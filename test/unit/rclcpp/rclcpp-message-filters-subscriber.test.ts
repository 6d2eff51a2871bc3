// message_filters over real subscriptions on the in-process backend: a camera's Image and
// CameraInfo publishers, two Subscribers, one synchronizer callback with matching stamps, run
// by the executor (nothing before spin); a Cache behind a Subscriber; a headerless type without
// a stamp getter refused at construction; a callback's throw counted as the executor's handler error.
import { describe, expect, it } from 'vitest';
import { Duration, message_filters, std_msgs } from '../../../src/index.js';
import { CameraInfo, Image } from '../../../src/rclcpp/interfaces/generated/sensor_msgs/msg.js';
import { makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

const header = (sec: number, nanosec = 0) => ({ stamp: { sec, nanosec }, frame_id: 'camera' });

function camera() {
  const f = makeFixture();
  const imagePub = unwrap(f.node.createPublisher(Image, 'camera/image_raw'));
  const infoPub = unwrap(f.node.createPublisher(CameraInfo, 'camera/camera_info'));
  const image = unwrap(message_filters.Subscriber.create(f.node, Image, 'camera/image_raw'));
  const info = unwrap(message_filters.Subscriber.create(f.node, CameraInfo, 'camera/camera_info'));
  return { ...f, imagePub, infoPub, image, info };
}

describe('message_filters on real subscriptions (in-process)', () => {
  it('TimeSynchronizer: Image + CameraInfo publishers -> one callback per stamp, during spin', async () => {
    const { executor, imagePub, infoPub, image, info } = camera();
    const got: [number, number, string][] = [];
    unwrap(
      message_filters.TimeSynchronizer.create([image, info], { queueSize: 10 }, (img, cam) => {
        expect(executor.inHandler()).toBe(true);
        got.push([img.header.stamp.sec, cam.header.stamp.sec, `${img.width}x${cam.height}`]);
      }),
    );
    for (const sec of [1, 2, 3]) {
      unwrap(imagePub.publish(Image.create({ header: header(sec), width: 640 })));
      // Camera info 2 never comes: its image is given up once stamp 3 matches.
      if (sec !== 2) unwrap(infoPub.publish(CameraInfo.create({ header: header(sec), height: 480 })));
    }
    await settle();
    expect(got).toEqual([]);
    unwrap(await executor.spinUntil(() => got.length === 2, 2000));
    expect(got).toEqual([
      [1, 1, '640x480'],
      [3, 3, '640x480'],
    ]);
    expect(image.getTopic()).toBe('camera/image_raw');
    expect(executor.stats().handlerErrors).toBe(0);
  });

  it('ApproximateTimeSynchronizer: stamps a few ms apart pair up', async () => {
    const { executor, imagePub, infoPub, image, info } = camera();
    const got: [number, number][] = [];
    const ms = (n: number) => header(0, n * 1_000_000);
    unwrap(
      message_filters.ApproximateTimeSynchronizer.create(
        [image, info],
        { queueSize: 10, maxIntervalDuration: unwrap(Duration.fromMs(10)) },
        (img, cam) => void got.push([img.header.stamp.nanosec / 1e6, cam.header.stamp.nanosec / 1e6]),
      ),
    );
    for (const [i, c] of [
      [100, 103],
      [133, 131],
      [166, 170],
      [200, 199],
    ] as const) {
      unwrap(imagePub.publish(Image.create({ header: ms(i) })));
      unwrap(infoPub.publish(CameraInfo.create({ header: ms(c) })));
    }
    unwrap(await executor.spinUntil(() => got.length === 3, 2000));
    expect(got).toEqual([
      [100, 103],
      [133, 131],
      [166, 170],
    ]);
  });

  it('a Cache behind a Subscriber keeps the last N by stamp', async () => {
    const { executor, imagePub, image } = camera();
    const cache = unwrap(message_filters.Cache.create(image, { cacheSize: 2 }));
    for (const sec of [5, 7, 6]) unwrap(imagePub.publish(Image.create({ header: header(sec) })));
    let seen = 0;
    cache.registerCallback(() => void seen++);
    unwrap(await executor.spinUntil(() => seen === 3, 2000));
    // As upstream: the oldest is dropped before the late 6 s is inserted in stamp order.
    expect(cache.cachedCount()).toBe(2);
    expect(cache.getLatestTime().seconds()).toBe(7);
    expect(cache.getOldestTime().seconds()).toBe(6);
    expect(unwrap(cache.getElemAfterTime({ sec: 6, nanosec: 0 })).header.stamp.sec).toBe(7);
  });

  it('refuses a headerless type without a stamp getter at construction; takes one with it', () => {
    const { node } = camera();
    // @ts-expect-error std_msgs/String has no header: the compiler asks for options.stamp
    const bad = message_filters.Subscriber.create(node, std_msgs.msg.String, 'chatter');
    expect(bad).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(!bad.ok && bad.error.message).toContain('no header.stamp');
    const good = message_filters.Subscriber.create(node, std_msgs.msg.String, 'chatter', {
      stamp: (m) => ({ sec: m.data.length, nanosec: 0 }),
    });
    expect(good.ok).toBe(true);
    expect(node.countSubscribers('chatter')).toEqual({ ok: true, value: 1 });
    expect(good.ok && good.value.unsubscribe().ok).toBe(true);
    expect(node.countSubscribers('chatter')).toEqual({ ok: true, value: 0 });
  });

  it("a callback's throw is the executor's handler error; the next set still comes", async () => {
    const { executor, imagePub, infoPub, image, info } = camera();
    let calls = 0;
    const errors: unknown[] = [];
    executor.onEvent((e) => {
      if (e.type === 'handler_error') errors.push(e.error);
    });
    unwrap(
      message_filters.TimeSynchronizer.create([image, info], { queueSize: 10 }, () => {
        calls++;
        if (calls === 1) throw new Error('first set fails');
      }),
    );
    for (const sec of [1, 2]) {
      unwrap(imagePub.publish(Image.create({ header: header(sec) })));
      unwrap(infoPub.publish(CameraInfo.create({ header: header(sec) })));
    }
    unwrap(await executor.spinUntil(() => calls === 2, 2000));
    expect(executor.stats().handlerErrors).toBe(1);
    expect(String(errors[0])).toContain('first set fails');
  });

  it('an async callback is awaited by the executor; its rejection is a handler error', async () => {
    const { executor, imagePub, infoPub, image, info } = camera();
    let done = 0;
    unwrap(
      message_filters.TimeSynchronizer.create([image, info], { queueSize: 10 }, async () => {
        await Promise.resolve();
        done++;
        throw new Error('async set fails');
      }),
    );
    unwrap(imagePub.publish(Image.create({ header: header(1) })));
    unwrap(infoPub.publish(CameraInfo.create({ header: header(1) })));
    unwrap(await executor.spinUntil(() => executor.stats().handlerErrors === 1, 2000));
    expect(done).toBe(1);
  });
});
