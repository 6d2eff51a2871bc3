/** Playback (rosbag2_transport's Player): what src/rclcpp/bag/index.ts exports of it. */
export { DEFAULT_CLOCK_HZ, DEFAULT_READ_AHEAD, type PlayOptions } from './play-options.js';
export { createPlayer, type PlayedTopic, type Player, type PlayerEvent, type PlayStats } from './player.js';
export { PlayerClock } from './player-clock.js';
