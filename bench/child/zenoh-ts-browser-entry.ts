/** The bare zenoh-ts browser bundle bench/startup.ts sizes rclts's entries against: zenoh-ts and nothing else. */
export * from '@eclipse-zenoh/zenoh-ts';
