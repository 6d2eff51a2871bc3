/**
 * The messages that travel on vrobots topics (`z/state`, `z/estimate`, `z/cmd`, `z/frames`),
 * as rclts type support. Each name is both the plain TS shape and its type support value:
 * `createSubscription(State, stateKey(id), (s: State) => ...)`.
 */
import type * as shapes from '../generated/swarmbotix-types.js';
import { protoMessageType } from './proto-codec.js';

/** `swarmbotix.states.State`: what the simulator publishes on `vrobots/{id}/z/state` (25 Hz). */
export type State = shapes.State;
export const State = protoMessageType('swarmbotix.states.State');

/** `swarmbotix.states.EstimateState`: a client's estimate on `vrobots/{id}/z/estimate`. */
export type EstimateState = shapes.EstimateState;
export const EstimateState = protoMessageType('swarmbotix.states.EstimateState');

/** `swarmbotix.commands.Command`: one command id plus CmdArgs on `vrobots/{id}/z/cmd`. */
export type Command = shapes.Command;
export const Command = protoMessageType('swarmbotix.commands.Command');

/** `swarmbotix.commands.CmdArgs`: the arguments block of a Command. */
export type CmdArgs = shapes.CmdArgs;
export const CmdArgs = protoMessageType('swarmbotix.commands.CmdArgs');

/** `swarmbotix.coordinates.CoordFrameDef`: one frame definition on `vrobots/{id}/z/frames`. */
export type CoordFrameDef = shapes.CoordFrameDef;
export const CoordFrameDef = protoMessageType('swarmbotix.coordinates.CoordFrameDef');

/** `swarmbotix.common.Header`: carried by every message. */
export type Header = shapes.Header;
export const Header = protoMessageType('swarmbotix.common.Header');
