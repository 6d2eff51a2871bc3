/**
 * A session whose nodes record every rmw declaration and send, and can make a declaration
 * fail, so a test sees what reached the middleware and what a failure leaves behind.
 */
import type { ResultOf } from '../../src/index.js';
import type { RmwEndpointSpec, RmwNode, RmwPublisher, RmwServiceClient, RmwSession } from '../../src/rmw/rmw.js';

export type Declaration = 'createPublisher' | 'createSubscriber' | 'createServiceServer' | 'createServiceClient';

export interface SpySession {
  readonly session: RmwSession;
  /** `createSubscriber /name`, `publish /name`, `sendRequest /name`, in order */
  readonly calls: string[];
  /** the spec of every declaration, in order */
  readonly specs: { readonly declaration: Declaration; readonly spec: RmwEndpointSpec }[];
  /** Replaces a declaration's answer (a throw, an error) until set to undefined. */
  fail: ((declaration: Declaration, spec: RmwEndpointSpec) => ResultOf<never>) | undefined;
  /** Replaces verbs of the service clients declared from now on (e.g. a sendRequest that throws). */
  clientVerbs: Partial<Pick<RmwServiceClient, 'sendRequest' | 'serviceIsReady'>>;
  /** Replaces verbs of the publishers declared from now on. */
  publisherVerbs: Partial<Pick<RmwPublisher, 'publish'>>;
}

export function spySession(inner: RmwSession): SpySession {
  const spy: SpySession = {
    session: inner,
    calls: [],
    specs: [],
    fail: undefined,
    clientVerbs: {},
    publisherVerbs: {},
  };
  const declare = <T>(declaration: Declaration, spec: RmwEndpointSpec, made: () => ResultOf<T>): ResultOf<T> => {
    spy.calls.push(`${declaration} ${spec.name}`);
    spy.specs.push({ declaration, spec });
    return spy.fail !== undefined ? spy.fail(declaration, spec) : made();
  };
  const wrapNode = (node: RmwNode): RmwNode => ({
    info: node.info,
    close: () => node.close(),
    createPublisher: (spec) => {
      const made = declare('createPublisher', spec, () => node.createPublisher(spec));
      if (!made.ok) return made;
      const pub = made.value;
      return {
        ok: true,
        value: Object.assign(
          Object.create(pub),
          {
            publish: (bytes: Uint8Array) => {
              spy.calls.push(`publish ${spec.name}`);
              return pub.publish(bytes);
            },
          },
          spy.publisherVerbs,
        ),
      };
    },
    createSubscriber: (spec, cb) => declare('createSubscriber', spec, () => node.createSubscriber(spec, cb)),
    createServiceServer: (spec, cb) => declare('createServiceServer', spec, () => node.createServiceServer(spec, cb)),
    createServiceClient: (spec, cb) => {
      const made = declare('createServiceClient', spec, () => node.createServiceClient(spec, cb));
      if (!made.ok) return made;
      const client = made.value;
      return {
        ok: true,
        value: Object.assign(
          Object.create(client),
          {
            sendRequest: (bytes: Uint8Array, budget: number) => {
              spy.calls.push(`sendRequest ${spec.name}`);
              return client.sendRequest(bytes, budget);
            },
          },
          spy.clientVerbs,
        ),
      };
    },
  });
  const session: RmwSession = Object.assign(Object.create(inner), {
    createNode: (info: Parameters<RmwSession['createNode']>[0]) => {
      const made = inner.createNode(info);
      return made.ok ? { ok: true as const, value: wrapNode(made.value) } : made;
    },
  });
  return Object.assign(spy, { session });
}
