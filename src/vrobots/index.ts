/**
 * `rclts/vrobots`: the virtual-robot SDK (VirtualRobot.connect and its handle), the headless
 * simulator, the topic tools, the catalog of robot types, command ids and keys, and the
 * message types. Every value export is named here, then the types.
 */

export type { ArgValue } from './arm/arm-args.js';
export type {
  RecordSwarmOptions,
  SwarmPlayback,
  SwarmPlaybackOptions,
  SwarmRecording,
  SwarmReplay,
  SwarmReplayReport,
  SwarmRecordStats,
  SwarmSink,
  SwarmSubject,
} from './bag/index.js';
export {
  playSwarm,
  recordSwarm,
  replaySwarm,
  SWARM_SUBJECTS,
  SWARM_TOPIC_TYPES,
  swarmDescriptorSet,
  swarmKeyExpr,
  swarmSubjectOf,
  swarmTopicDefinition,
  swarmTopicsOf,
} from './bag/index.js';
export type { RtiCodeName, RtiTransport, ServoGenerator } from './arm/arm-codes.js';
export {
  ARM_JOINTS,
  ARM_TICK_HZ,
  ARM_TICK_MS,
  ArmModeName,
  JOINT_LIMITS,
  RTI_COMMAND_TIMEOUT_S,
  RtiCode,
  SERVO_GENERATORS,
  SOFT_RTI_MAX_TIMEOUT_S,
  softRtiTimeoutS,
} from './arm/arm-codes.js';
export type { ArmKnob, ArmVerb, RtiVerb } from './arm/arm-verbs.js';
export { ARM_KNOBS, ARM_STATUS_KEY_EXPR, ARM_VERBS, armSrvKey, armStatusKey, RTI_VERBS } from './arm/arm-verbs.js';
export type { RtSockets } from './arm/rt-link.js';
export type { StatePacket as ArmStatePacket } from './arm/rt-packet.js';
export type {
  CmdArgsInput,
  CommandName,
} from './commands/index.js';
export {
  CommandId,
  commandName,
  describeCommand,
  FW_SURFACE_COUNT,
  FW_THRUST_MAX_N,
  isCommandId,
  PWM_CENTRE_US,
  PWM_MAX_US,
  PWM_MIN_US,
  validateCommand,
} from './commands/index.js';
export type {
  Actuator,
  CameraSpec,
  Estimate,
  Kinematics,
  Pose,
  Quat,
  Sensors,
  Vec3,
} from './generated/swarmbotix-types.js';
export { CameraOp, GnssFixType } from './generated/swarmbotix-types.js';
export type {
  CameraFormat,
  CameraResolutionName,
  KeyInfo,
  KeyOwner,
  Transport,
} from './keys.js';
export {
  CAMERA_FORMAT_BYTES,
  CAMERA_RESOLUTIONS,
  cameraFrameBytes,
  cameraKey,
  cameraResolution,
  checkSysId,
  cmdKey,
  DISCOVERY_KEY_EXPR,
  estimateKey,
  framesKey,
  isSysId,
  keyInfo,
  MANAGER_CREATE_KEY,
  MANAGER_DELETE_KEY,
  MAX_SYS_ID,
  SCENE_FRAME_KEY,
  SWARM_STATE_KEY_EXPR,
  srvKey,
  stateKey,
} from './keys.js';
export { ArmReply, ArmRequest, ArmStatus } from './messages/arm-messages.js';
// The manager's create / delete messages, for tools that talk to it without the SDK (the vrobots CLI).
export { SrvAck, SrvVRobotCreate, SrvVRobotCreated, SrvVRobotDelete } from './messages/service-messages.js';
export type {
  CommonSegment,
  SegmentRequest,
  SegmentsOf,
  ServiceSegment,
  TypeSegment,
} from './messages/service-table.js';
export { COMMON_SEGMENTS, ROBOT_SERVICES, servedSegments, serves, TYPE_SEGMENTS } from './messages/service-table.js';
export { CmdArgs, Command, CoordFrameDef, EstimateState, Header, State } from './messages/topic-messages.js';
export type { RobotTypeInfo } from './robot-type.js';
export {
  bodyFrameId,
  catalogKeys,
  creatableTypes,
  isRobotType,
  parseRobotType,
  RobotType,
  robotTypeInfo,
} from './robot-type.js';
export type {
  ConnectOptions,
  ConnectTimings,
  PhysicalParams,
  Rate,
  ResolvedConnectOptions,
  RotorValues,
  SdkVersion,
  ServiceFields,
  Setpoint,
  SetpointStats,
  SetpointStream,
  StateStats,
  SubscribeCommandOptions,
  Vec3Like,
  VerbArgs,
  VirtualRobotEvents,
  VirtualRobotFactory,
  VrErr,
  VrError,
  VrErrorKind,
  VrResult,
  VrResultOf,
} from './sdk/index.js';
export {
  AxisConvention,
  CONNECTION_LOST_MS,
  createRate,
  DEFAULT_ACTIVATE_AFTER_CREATE,
  DEFAULT_AXIS_CONVENTION,
  DEFAULT_CAMERA_TIMEOUT_MS,
  DEFAULT_CLIENT_NAME,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_COORD_FRAME_ID,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_SERVICE_TIMEOUT_MS,
  DEFAULT_SETPOINT_FRESH_MS,
  DEFAULT_SRC_ID,
  DEFAULT_START_ACTIVE,
  DELETE_SILENCE_MS,
  defaultConnectOptions,
  formatVrError,
  fromRclError,
  isVrError,
  resolveConnectOptions,
  SDK_VERSION,
  VirtualRobot,
  VrErrorCode,
  version,
  vrErr,
  vrError,
} from './sdk/index.js';
export type { LinkState, RtiConnectArgs, RtiResult, RtiResultOf } from './sdk/rti-calls.js';
export { armModeName, RTI_ANSWER_TIMEOUT_MS, RTI_MODE_WAIT_MS, RtiCalls } from './sdk/rti-calls.js';
export type { RtiClientOptions, TargetSource, TargetStream } from './sdk/rti-client.js';
export { DEFAULT_ARM_HOST, RtiClient } from './sdk/rti-client.js';
export type { RtiErr, RtiError } from './sdk/rti-error.js';
export { isRtiError, RtiVendorError } from './sdk/rti-error.js';
export type { LatencySummary, RtiStreamStats } from './sdk/rti-stream.js';
export { summarizeMs } from './sdk/rti-stream.js';
export type { ArmClock } from './sim/arm/arm-clock.js';
export { RealTimeClock, SteppableClock } from './sim/arm/arm-clock.js';
export type {
  CreateRobotOptions,
  FaultKnobs,
  ReplyFault,
  SimCounters,
  SimRobotInfo,
  Simulator,
  SimulatorOptions,
} from './sim/index.js';
export {
  DEFAULT_ESTIMATE_STALE_MS,
  DEFAULT_FRAMES_KEEPALIVE_MS,
  DEFAULT_PHYSICS_PERIOD_MS,
  DEFAULT_SCENE_FRAME_ID,
  DEFAULT_SERVICE_DELAY_MS,
  DEFAULT_STATE_PERIOD_MS,
  SKINS,
  startSimulator,
} from './sim/index.js';
export { timestampedLog } from './sim/sim-log.js';
export type { ListTopicsOptions } from './tools/list-topics.js';
export { DEFAULT_LIST_WINDOW_MS, listTopics } from './tools/list-topics.js';
export { DEFAULT_RATE_WINDOW_MS, isWildcardKey, measureRate } from './tools/measure-rate.js';
export type { RateReport } from './tools/rate-stats.js';
export { RawBytesService } from './tools/raw-bytes.js';
export type { TopicListing, TopicRow } from './tools/topic-table.js';
