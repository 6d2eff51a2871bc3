/** Lifecycle nodes over the in-process backend: the state machine, callback answers, managed publishers. */
import { describe, expect, it } from 'vitest';
import { CallbackReturn, LifecycleNode, LifecycleStateId, std_msgs } from '../../../src/index.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('lifecycle node', () => {
  it('walks unconfigured -> inactive -> active -> inactive -> unconfigured -> finalized, calling each callback with the previous state', async () => {
    const { executor } = makeFixture();
    const calls: string[] = [];
    const record = (name: string) => (prev: { label: string }) => {
      calls.push(`${name}<-${prev.label}`);
      return CallbackReturn.SUCCESS;
    };
    const lc = unwrap(
      LifecycleNode.create(executor, 'lc', {
        callbacks: {
          onConfigure: record('configure'),
          onActivate: record('activate'),
          onDeactivate: record('deactivate'),
          onCleanup: record('cleanup'),
          onShutdown: record('shutdown'),
        },
      }),
    );
    expect(lc.getCurrentState().label).toBe('unconfigured');
    expect(expectErr(await lc.activate())).toBe('NotAllowed');
    expect(unwrap(await lc.configure()).id).toBe(LifecycleStateId.INACTIVE);
    expect(unwrap(await lc.activate()).label).toBe('active');
    expect(unwrap(await lc.deactivate()).label).toBe('inactive');
    expect(unwrap(await lc.cleanup()).label).toBe('unconfigured');
    expect(unwrap(await lc.shutdown()).label).toBe('finalized');
    expect(calls).toEqual([
      'configure<-unconfigured',
      'activate<-inactive',
      'deactivate<-active',
      'cleanup<-inactive',
      'shutdown<-unconfigured',
    ]);
  });

  it('FAILURE goes back where it started; ERROR (or a throw) goes through errorprocessing to onError', async () => {
    const { executor } = makeFixture();
    let answer: CallbackReturn = CallbackReturn.FAILURE;
    const errors: string[] = [];
    const lc = unwrap(
      LifecycleNode.create(executor, 'lc2', {
        callbacks: {
          onConfigure: () => answer,
          onActivate: async () => {
            throw new Error('camera missing');
          },
          onError: (prev) => {
            errors.push(prev.label);
            return CallbackReturn.SUCCESS;
          },
        },
      }),
    );
    expect(expectErr(await lc.configure())).toBe('Rejected');
    expect(lc.getCurrentState().label).toBe('unconfigured');
    answer = CallbackReturn.SUCCESS;
    unwrap(await lc.configure());
    expect(expectErr(await lc.activate())).toBe('Error');
    expect(errors).toEqual(['inactive']);
    expect(lc.getCurrentState().label).toBe('unconfigured');
    unwrap(lc.on('onError', () => CallbackReturn.FAILURE));
    answer = CallbackReturn.ERROR;
    expect(expectErr(await lc.configure())).toBe('Error');
    expect(lc.getCurrentState().label).toBe('finalized');
  });

  it('a lifecycle publisher publishes only while active and answers NotAllowed otherwise', async () => {
    const { executor } = makeFixture();
    const lc = unwrap(LifecycleNode.create(executor, 'lc3'));
    const pub = unwrap(lc.createPublisher(std_msgs.msg.String, 'chatter'));
    const refused = pub.publish({ data: 'x' });
    expect(expectErr(refused)).toBe('NotAllowed');
    if (!refused.ok) expect(refused.error.message).toContain('unconfigured');
    unwrap(await lc.configure());
    expect(expectErr(pub.publish({ data: 'x' }))).toBe('NotAllowed');
    unwrap(await lc.activate());
    expect(pub.isActivated()).toBe(true);
    unwrap(pub.publish({ data: 'x' }));
    unwrap(await lc.deactivate());
    expect(expectErr(pub.publish({ data: 'x' }))).toBe('NotAllowed');
  });

  it('refuses a second transition while one runs', async () => {
    const { executor } = makeFixture();
    let release: () => void = () => {};
    const lc = unwrap(
      LifecycleNode.create(executor, 'lc4', {
        callbacks: { onConfigure: () => new Promise((r) => (release = () => r(CallbackReturn.SUCCESS))) },
      }),
    );
    const first = lc.configure();
    expect(lc.getCurrentState().label).toBe('configuring');
    expect(expectErr(await lc.configure())).toBe('BadSequence');
    release();
    unwrap(await first);
    expect(lc.getCurrentState().label).toBe('inactive');
  });
});
