// Compile-time contract of the vrobots SDK: a handle is typed by its robot type (verbs the
// type lacks do not compile, SET_MR_PWM takes one value per rotor), service requests come
// from the service table, ConnectOptions is checked, and the simulator must handle every
// service the table declares.
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd';
import type { SrvMsdConfig, SrvUgvDriveConfig } from '../src/vrobots/generated/swarmbotix-types.js';
import {
  CommandId,
  type ConnectOptions,
  type RobotType,
  type SegmentRequest,
  type SegmentsOf,
  type ServiceSegment,
  type State,
  servedSegments,
  VirtualRobot,
  type VrError,
  type VrResult,
  type VrResultOf,
} from '../src/vrobots/index.js';
import { defineServiceHandlers, type RobotServiceHandlers } from '../src/vrobots/sim/robot-service-handlers.js';

// ---- connect: a catalog key types the handle; an alias or a run-time name does not ----
expectType<Promise<VrResultOf<VirtualRobot<'multirotor'>>>>(VirtualRobot.connect('multirotor'));
expectType<Promise<VrResultOf<VirtualRobot<'truck'>>>>(VirtualRobot.connect('truck', 7, { serviceTimeoutMs: 500 }));
expectType<Promise<VrResultOf<VirtualRobot>>>(VirtualRobot.connect('car'));
declare const typeName: string;
expectType<Promise<VrResultOf<VirtualRobot<RobotType>>>>(VirtualRobot.connect(typeName));
// sysId is a number; options an object
expectError(VirtualRobot.connect('msd', '7'));
expectError(VirtualRobot.connect('msd', undefined, { srcId: '122' }));

// ---- errors are VrError values inside the one Result shape ----
declare const anyRobot: VirtualRobot;
const waited = await anyRobot.waitNewState(100);
if (!waited.ok) expectType<VrError>(waited.error);
expectType<VrResultOf<State>>(waited);
// every wait takes a budget
expectError(anyRobot.waitNewState());

// ---- commands typed per robot type ----
declare const multirotor: VirtualRobot<'multirotor'>;
declare const halfdrone: VirtualRobot<'halfdrone'>;
declare const truck: VirtualRobot<'truck'>;
declare const msd: VirtualRobot<'msd'>;
declare const cartpole: VirtualRobot<'cartpole'>;
declare const globalhawk: VirtualRobot<'globalhawk'>;

expectType<VrResult>(multirotor.setMrPwm([1500, 1500, 1500, 1500]));
expectError(multirotor.setMrPwm([1500, 1500])); // four rotors
expectType<VrResult>(halfdrone.setMrPwm([1500, 1500]));
expectError(halfdrone.setMrPwm([1500, 1500, 1500, 1500])); // two rotors
expectType<VrResult>(halfdrone.setMrThrottle([0.5, 0.5]));
expectError(truck.setMrPwm([1500, 1500, 1500, 1500])); // a truck has no rotors
expectType<VrResult>(truck.setCar(1500, 1600));
expectType<VrResult>(truck.setCar(1500, 1600, 1200));
expectError(multirotor.setCar(1500, 1600));
expectType<VrResult>(msd.setMsdForce(2));
expectError(truck.setMsdForce(2));
expectType<VrResult>(cartpole.setCartpoleForce(1));
expectError(msd.setCartpoleForce(1));
expectType<VrResult>(globalhawk.setFwThrust(100));
expectType<VrResult>(globalhawk.setFwCtrlMode(1));
expectError(globalhawk.setFwCtrlMode(2)); // 0 onboard rate loop, 1 direct surfaces
expectError(multirotor.setFwThrust(100));
// body wrenches, body rates, estimates and raw commands: every type
expectType<VrResult>(truck.setBodyForce([0, 0, 1]));
expectType<VrResult>(globalhawk.setAngvel({ x: 0, y: 0, z: 0.1 }));
expectType<VrResult>(msd.sendCmd(CommandId.SET_MSD, { floatVal: 1 }));
expectError(msd.sendCmd(999, { floatVal: 1 })); // not a command id
expectError(msd.sendCmd(CommandId.SET_MSD, { floatVal: '1' }));
// a handle typed for any robot type has every verb (checked at run time: the capability probe)
expectType<VrResult>(anyRobot.setCar(1500, 1500));
expectType<Promise<VrResult>>(anyRobot.configureRotors({ maxThrust: 8 }));
// a typed handle widens to one typed for any robot type
expectAssignable<VirtualRobot>(halfdrone);
expectAssignable<VirtualRobot>(truck);

// ---- service requests and replies, from the service table ----
expectType<Promise<VrResult>>(truck.configureDrive({ wheelbase: 2.5 }));
expectError(truck.configureRotors({ maxThrust: 8 })); // a truck serves no rotors segment
expectError(halfdrone.configureRotors({ maxThrust: 8 }));
expectType<Promise<VrResult>>(multirotor.configureRotors({ maxThrust: 8 }));
expectError(truck.configureDrive({ wheelbase: '2.5' }));
expectError(truck.configureDrive({ header: { sysId: 1 } })); // the header is the SDK's
expectType<Promise<VrResult>>(truck.configureSensors({ gps: { eph: 2 }, noiseSeed: 7 }));
expectError(truck.configureSensors({ gps: { eph: 'x' } }));
expectType<Promise<VrResultOf<string>>>(truck.skin());
expectType<Promise<VrResultOf<string>>>(truck.sceneFrame());
expectType<Promise<VrResultOf<never>>>(truck.openCamera('front'));
expectType<SrvUgvDriveConfig>({} as SegmentRequest<'drive'>);
expectType<SrvMsdConfig>({} as SegmentRequest<'msd'>);
expectError({} as SegmentRequest<'teleport'>);
expectType<readonly ('activate' | 'reset' | 'params' | 'skin' | 'sensors' | 'frames' | 'cameras' | 'drive')[]>(
  servedSegments('truck'),
);
expectAssignable<SegmentsOf<'multirotor'>>('rotors');
expectNotAssignable<SegmentsOf<'halfdrone'>>('rotors');

// ---- ConnectOptions ----
expectAssignable<ConnectOptions>({ router: 'ws/127.0.0.1:10000', connectTimeoutMs: 5000, srcId: 123 });
expectAssignable<ConnectOptions>({ startActive: false, activateAfterCreate: false, axisConvention: 2 });
expectNotAssignable<ConnectOptions>({ srcId: '123' });
expectNotAssignable<ConnectOptions>({ serviceTimeoutMs: '8s' });
expectNotAssignable<ConnectOptions>({ axisConvention: 7 });
expectNotAssignable<ConnectOptions>({ executor: {} });

// ---- the simulator handles every service the table declares ----
declare const handlers: RobotServiceHandlers;
expectType<RobotServiceHandlers>(defineServiceHandlers(handlers));
const { cartpole: _cartpole, ...withoutCartpole } = handlers;
expectError(defineServiceHandlers(withoutCartpole));
declare const segment: ServiceSegment;
expectAssignable<ServiceSegment>(segment);
