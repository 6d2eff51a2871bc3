/**
 * One real zenoh router per test run: built once (cached) at the pinned zenoh release,
 * started on free loopback ports, its locator handed to tests with `inject('zenohLocator')`.
 * Tests that need their own router (router loss, restarts) start one from `inject('routerBinary')`
 * with startRouter() from scripts/zenoh-router-lib.mjs.
 */
import type { TestProject } from 'vitest/node';
import { installRouter, type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `ws/127.0.0.1:PORT` of the shared router. */
    zenohLocator: string;
    /** Path of the router binary, to start extra routers. */
    routerBinary: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const installed = await installRouter({ log: (line) => console.log(`[zenoh-router] ${line}`) });
  if (!installed.ok) throw new Error(installed.message);
  const router: RunningRouter = await startRouter({ binary: installed.binary });
  console.log(`[zenoh-router] ${router.locator} (pid ${router.pid}) up in ${router.startupMs} ms`);
  project.provide('zenohLocator', router.locator);
  project.provide('routerBinary', installed.binary);
  return async () => {
    await router.stop();
  };
}
