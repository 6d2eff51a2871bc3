/**
 * The `vrobots` command line's usage text: one line per command (what a misuse prints) and
 * the whole help, with the defaults it quotes; and the misuse value itself.
 */
import { DEFAULT_SERVICE_TIMEOUT_MS } from '../../vrobots/index.js';
import { EXIT_CODES_HELP } from '../usage.js';

/** Misuse: one line saying what was wrong, and the usage line of the command at hand; exit 2. */
export interface CliMisuse {
  readonly kind: 'misuse';
  readonly message: string;
  readonly usage: string;
}

export const DEFAULT_LIST_SECONDS = 1.5;
export const DEFAULT_HZ_SECONDS = 5;
/** `vrobots web` listens on 127.0.0.1 at this port unless --port says otherwise. */
export const DEFAULT_WEB_PORT = 8760;
/** robot create / delete wait as long as the SDK's service_timeout. */
export const DEFAULT_ROBOT_TIMEOUT_SECONDS = DEFAULT_SERVICE_TIMEOUT_MS / 1000;
export const DEFAULT_SWEEP_SECONDS = 5;
export const DEFAULT_SWEEP_AMPLITUDE = 0.2;
export const DEFAULT_ARM_CLIENT = 'vrobots-cli';
export const ARM_CLI_VERBS = ['status', 'connect', 'claim', 'release', 'disconnect', 'sweep'] as const;

/** One usage line per command: the hint a misuse prints. */
export const COMMAND_USAGE = {
  sim: 'vrobots sim [--router EP] [--robots TYPE,...] [--service-delay MS] [--arm-port PORT] [-q]',
  'topic list': `vrobots topic list [-t SECS=${DEFAULT_LIST_SECONDS}] [-k KEYWORD] [--router EP]`,
  'topic hz': `vrobots topic hz KEY [-w SECS=${DEFAULT_HZ_SECONDS}] [--router EP]`,
  'robot create': `vrobots robot create TYPE [--router EP] [--timeout SECS=${DEFAULT_ROBOT_TIMEOUT_SECONDS}]`,
  'robot delete': `vrobots robot delete ID [--router EP] [--timeout SECS=${DEFAULT_ROBOT_TIMEOUT_SECONDS}]`,
  web: `vrobots web [--router EP] [--port N=${DEFAULT_WEB_PORT}]`,
  arm: `vrobots arm <${ARM_CLI_VERBS.join(' | ')}> ID [--router EP] [--client NAME] [--pc-ip IP] [--rate HZ] [--transport udp|tcp] [--wait] [--arm-host HOST] [--secs SECS=${DEFAULT_SWEEP_SECONDS}] [--amp RAD=${DEFAULT_SWEEP_AMPLITUDE}]`,
  bag: 'vrobots bag record -o DIR [-d SECS] [--router EP] | vrobots bag play PATH [--rate R=1] [--router EP]',
  any: 'vrobots <sim | topic list | topic hz | robot create | robot delete | web | arm | bag> [options]',
} as const;
export type UsageOf = keyof typeof COMMAND_USAGE;

export const USAGE = `usage: vrobots <command> [options]

commands:
  ${COMMAND_USAGE.sim.slice('vrobots '.length)}
                               run the headless simulator until Ctrl-C (scene robots get ids
                               from 0; --arm-port: the first arm's stream port, the next
                               arms count up from it; -q: no event log)
  ${COMMAND_USAGE['topic list'].slice('vrobots '.length)}
                               list the vrobots keys that speak, with measured Hz and bytes
  ${COMMAND_USAGE['topic hz'].slice('vrobots '.length)}
                               rate, intervals, latency, seq and size of one key
  ${COMMAND_USAGE['robot create'].slice('vrobots '.length)}
                               ask the simulator's manager for a new robot; prints its sys_id
  ${COMMAND_USAGE['robot delete'].slice('vrobots '.length)}
                               delete a robot
  ${COMMAND_USAGE.web.slice('vrobots '.length)}
                               serve the web console on http://127.0.0.1:N/ (opens nothing;
                               without --router the page runs the simulator itself)
  arm <status | connect | claim | release | disconnect | sweep> ID [options]
                               the arm's real-time session: its status, the immediate
                               commands (--pc-ip, --rate HZ selects SOFT_RTI, --transport,
                               --wait) and a sine-sweep demo (--secs, --amp); --client names
                               the control owner (default ${DEFAULT_ARM_CLIENT})
  bag record -o DIR [-d SECS] [--router EP]
                               record the swarm's vrobots topics (protobuf) into a rosbag2
                               MCAP folder until Ctrl-C or SECS
  bag play PATH [--rate R=1] [--router EP]
                               publish a bag's vrobots topics again in their recorded timing
options:
  --router EP[,EP...]          zenoh router with the remote-api plugin, e.g. ws/127.0.0.1:10000;
                               several (commas): tried in order, the next one after a router loss
  -V, --version                print the versions of rclts, zenoh-ts and node
  -h, --help                   print this help
${EXIT_CODES_HELP}`;

/** A misuse with the usage line of `command`. */
export const misuse = (message: string, command: UsageOf = 'any'): CliMisuse => ({
  kind: 'misuse',
  message,
  usage: COMMAND_USAGE[command],
});
