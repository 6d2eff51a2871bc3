/** vrobots bags: the simulator's protobuf topics recorded into rosbag2 MCAP bags and read back. */
export * from './record-swarm.js';
export * from './swarm-topics.js';
export * from './swarm-playback.js';
export * from './replay-swarm.js';
