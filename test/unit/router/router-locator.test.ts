/**
 * One table of router locators, asked of every entry point that takes a router: they must
 * agree (accepted by all, or refused by all with the same explanation).
 */
import { describe, expect, it } from 'vitest';
import { Executor, MAX_ROUTER_LOCATORS, parseRouterLocator, parseRouterLocators } from '../../../src/index.js';
import { parseCli } from '../../../src/cli/vrobots/cli-args.js';
import { VirtualRobot } from '../../../src/vrobots/index.js';

const ACCEPTED = [
  'ws/127.0.0.1:10000',
  'ws://127.0.0.1:1',
  'wss/[::1]:443',
  'ws://robot-7.lan:8080/remote-api',
  'ws/router.example:10000?metadata',
];
/** The vendor's own transports and bare addresses: refused with the way to reach a router. */
const NATIVE = ['tcp/127.0.0.1:7447', 'udp/127.0.0.1:7447', 'quic/router.lan:7447', 'tls/h:7447', '127.0.0.1:7447'];
const MALFORMED = [
  '',
  'localhost',
  'ws/127.0.0.1',
  'ws/127.0.0.1:0',
  'ws/127.0.0.1:70000',
  'ws://127.0.0.1:10000#frag',
  'ws/ 127.0.0.1:10000',
  'ws/a\0b:10000',
  'http://127.0.0.1:10000',
];

async function executorCreate(locator: string | readonly string[]): Promise<string> {
  // A budget of 0 answers Timeout without touching the network once the locator is accepted.
  const r = await Executor.create({ router: locator, connectBudgetMs: 0 });
  if (r.ok) {
    await r.value.shutdown();
    return 'accepted';
  }
  return r.error.name === 'InvalidArgument' ? `refused: ${r.error.message}` : 'accepted';
}

async function virtualRobotConnect(locator: string | readonly string[]): Promise<string> {
  // As for Executor.create: an accepted locator with a zero budget answers a timeout, not invalid_argument.
  const r = await VirtualRobot.connect('multirotor', undefined, { router: locator, connectTimeoutMs: 0 });
  if (r.ok) {
    await r.value.close();
    return 'accepted';
  }
  return r.error.kind === 'invalid_argument' ? `refused: ${r.error.message}` : 'accepted';
}

function cli(locator: string): string {
  const r = parseCli(['topic', 'list', '--router', locator]);
  return r.kind === 'misuse' ? `refused: ${r.message}` : 'accepted';
}

describe('router locators: one rule at every entry point', () => {
  it('accepts the WebSocket forms zenoh-ts opens, everywhere', async () => {
    for (const locator of ACCEPTED) {
      expect(parseRouterLocator(locator).ok, locator).toBe(true);
      expect(await executorCreate(locator), locator).toBe('accepted');
      expect(await virtualRobotConnect(locator), locator).toBe('accepted');
      expect(cli(locator), locator).toBe('accepted');
    }
  });

  it("refuses the vendor's transport locators, everywhere, saying how rclts reaches a router", async () => {
    for (const locator of NATIVE) {
      for (const answer of [await executorCreate(locator), await virtualRobotConnect(locator), cli(locator)]) {
        expect(answer, locator).toMatch(/^refused: /);
        expect(answer).toContain(JSON.stringify(locator));
        expect(answer).toContain("router's remote-api WebSocket");
        expect(answer).toContain('ws/HOST:PORT');
        expect(answer).toContain('npm run router:start');
      }
    }
  });

  it('refuses malformed locators, everywhere, naming them', async () => {
    for (const locator of MALFORMED) {
      const parsed = parseRouterLocator(locator);
      expect(parsed.ok ? 'ok' : parsed.error.name, locator).toBe('InvalidArgument');
      for (const answer of [await executorCreate(locator), await virtualRobotConnect(locator)]) {
        expect(answer, locator).toMatch(/^refused: /);
        expect(answer).toContain(JSON.stringify(locator));
      }
      // The CLI refuses an empty --router before the parser sees it.
      expect(cli(locator), locator).toMatch(/^refused: /);
    }
  });

  it('refuses a locator that is not a string', () => {
    for (const v of [undefined, null, 10000, {}, Object.create(null)]) {
      const r = parseRouterLocator(v);
      expect(r.ok ? 'ok' : r.error.name).toBe('InvalidArgument');
    }
  });

  it('takes a failover list (array, or commas) everywhere, and refuses a list with a bad, repeated or no locator', async () => {
    const two = ['ws/127.0.0.1:10000', 'wss/router-b.lan:10443'];
    expect(parseRouterLocators(two)).toMatchObject({ ok: true, value: { joined: two.join(',') } });
    expect(parseRouterLocators(` ${two[0]} , ${two[1]}`)).toMatchObject({ ok: true, value: { joined: two.join(',') } });
    expect(parseRouterLocators(two[0])).toMatchObject({ ok: true, value: { locators: [{ port: 10000 }] } });
    for (const list of [two, two.join(',')]) {
      expect(await executorCreate(list)).toBe('accepted');
      expect(await virtualRobotConnect(list)).toBe('accepted');
    }
    expect(cli(two.join(','))).toBe('accepted');

    const refusals: Array<[unknown, string]> = [
      [[two[0], 'tcp/127.0.0.1:7447'], '"tcp/127.0.0.1:7447" is a zenoh transport locator'],
      [`${two[0]},`, 'router locator "" is not a WebSocket locator'],
      [[two[0], two[0]], `router list names "${two[0]}" twice`],
      [[], 'router list is empty'],
      [Array.from({ length: MAX_ROUTER_LOCATORS + 1 }, (_, i) => `ws/h${i}:1`), `more than ${MAX_ROUTER_LOCATORS}`],
      [[two[0], 7447], 'router locator 7447 is not a WebSocket locator'],
    ];
    for (const [list, says] of refusals) {
      const r = parseRouterLocators(list);
      expect(r.ok ? 'ok' : r.error.name).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain(says);
      if (Array.isArray(list) && list.every((x) => typeof x === 'string')) {
        expect(await executorCreate(list)).toContain(says);
        expect(await virtualRobotConnect(list)).toContain(says);
        expect(cli(list.join(','))).toMatch(/^refused: /);
      }
    }
  });

  it('checks the tls option (a CA file path) the same way in Executor.create and VirtualRobot.connect', async () => {
    const router = 'wss/127.0.0.1:10443';
    const cases: Array<[unknown, string]> = [
      ['ca.pem', 'tls must be an object'],
      [{ caFile: 7 }, 'tls.caFile must be a file path'],
      [{ caFile: '' }, 'tls.caFile must be a file path'],
      [{ ca: 'x' }, 'tls has unknown option(s) ca'],
    ];
    for (const [tls, says] of cases) {
      const e = await Executor.create({ router, tls: tls as never, connectBudgetMs: 0 });
      expect(e.ok ? 'ok' : `${e.error.name}: ${e.error.message}`).toContain(`InvalidArgument: ${says}`);
      const v = await VirtualRobot.connect('multirotor', undefined, { router, tls: tls as never, connectTimeoutMs: 0 });
      expect(v.ok ? 'ok' : `${v.error.kind}: ${v.error.message}`).toMatch(
        /^invalid_argument: .*ConnectOptions\.tls is refused/,
      );
      if (!v.ok) expect(v.error.message).toContain(says);
    }
    // accepted shapes reach the network step (a zero budget answers Timeout, not InvalidArgument)
    expect(await executorCreate(router)).toBe('accepted');
    const r = await Executor.create({ router, tls: {}, connectBudgetMs: 0 });
    expect(r.ok ? 'ok' : r.error.name).not.toBe('InvalidArgument');
  });
});
