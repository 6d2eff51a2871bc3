/**
 * The frames a robot uses, as published on `z/frames`: the robot's body frame (child of the
 * scene frame, moving: its pose is in `z/state`), plus a static frame for each device given
 * its own frame through `srv/frames` and each mounted camera (children of the body frame).
 * A device without its own frame reads in the body frame.
 */
import { AxisConvention, type CameraSpec, type Header } from '../generated/swarmbotix-types.js';
import { CoordFrameDef } from '../messages/topic-messages.js';

const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const ORIGIN = { x: 0, y: 0, z: 0 };

export class RobotFrames {
  robotFrameId: string;
  private readonly deviceFrames = new Map<string, string>();
  private readonly cameras = new Map<string, CameraSpec>();

  constructor(
    readonly sysId: number,
    bodyFrameId: string,
    readonly sceneFrameId: string,
  ) {
    this.robotFrameId = bodyFrameId;
  }

  setDeviceFrame(device: string, frameId: string): void {
    this.deviceFrames.set(device, frameId);
  }

  deviceFrame(device: string): string | undefined {
    return this.deviceFrames.get(device);
  }

  cameraList(): readonly CameraSpec[] {
    return [...this.cameras.values()];
  }

  upsertCamera(spec: CameraSpec): void {
    this.cameras.set(spec.name, spec);
    const device = `camera:${spec.name}`;
    this.deviceFrames.set(device, spec.frameId.length > 0 ? spec.frameId : device);
  }

  removeCamera(name: string): void {
    this.cameras.delete(name);
    this.deviceFrames.delete(`camera:${name}`);
  }

  replaceCameras(specs: readonly CameraSpec[]): void {
    for (const name of [...this.cameras.keys()]) this.removeCamera(name);
    for (const s of specs) this.upsertCamera(s);
  }

  /** Encoded CoordFrameDef of every frame in use; `header` stamps each one. */
  definitions(header: () => Header): Uint8Array[] {
    const out: Uint8Array[] = [
      CoordFrameDef.encode({
        header: header(),
        frameId: this.robotFrameId,
        parentFrameId: this.sceneFrameId,
        axisConvention: AxisConvention.UNITY,
        translation: ORIGIN,
        rotation: IDENTITY,
        isStatic: false,
        description: `robot ${this.sysId} body; its pose in the scene is in z/state`,
      }),
    ];
    for (const [device, frameId] of this.deviceFrames) {
      const camera = device.startsWith('camera:') ? this.cameras.get(device.slice('camera:'.length)) : undefined;
      out.push(
        CoordFrameDef.encode({
          header: header(),
          frameId,
          parentFrameId: this.robotFrameId,
          axisConvention: AxisConvention.UNITY,
          translation: camera?.mountPosition ?? ORIGIN,
          rotation: camera?.mountOrientation ?? IDENTITY,
          isStatic: true,
          description: `${device} of robot ${this.sysId}`,
        }),
      );
    }
    return out;
  }
}
