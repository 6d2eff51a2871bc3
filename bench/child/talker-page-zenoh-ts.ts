/** The same page on bare zenoh-ts (bench/startup.ts): a session, a subscriber, one put. */
import { Config, Session } from '@eclipse-zenoh/zenoh-ts';

export async function talk(router: string): Promise<number> {
  const session = await Session.open(new Config(router));
  let got = 0;
  await session.declareSubscriber('chatter', { handler: () => void (got += 1) });
  await session.put('chatter', new TextEncoder().encode('hello'));
  await session.close();
  return got;
}
