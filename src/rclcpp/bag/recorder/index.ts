/** Recording (rosbag2_transport's Recorder): what src/rclcpp/bag/index.ts exports of it. */
export { DEFAULT_DISCOVERY_PERIOD_MS, DEFAULT_RECORD_QUEUE_DEPTH, type RecordOptions } from './record-options.js';
export {
  RecordDrop,
  type RecordedTopicStats,
  type Recorder,
  type RecorderEvent,
  type RecordReport,
  RecordSkip,
  type RecordStats,
  startRecording,
} from './recorder.js';
