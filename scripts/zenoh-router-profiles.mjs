// Secure router profiles as zenoh config entries (path -> value, each passed to the router as
// --cfg): TLS links, user/password authentication of zenoh peers, and the vrobots access
// control profile. Plain data, no process work: zenoh-router-lib.mjs starts routers with them.

/**
 * zenoh's TLS link settings (transport/link/tls) for a router whose links are `tls/`: its
 * certificate for the links it accepts, the CA it trusts for the routers it connects to, and
 * with `mutual` the client certificate it shows and demands (mutual TLS: a router without a
 * certificate of that CA is refused; the certificate's common name is an ACL subject).
 */
export function linkTlsConfig(tls) {
  if (tls === undefined) return {};
  const c = {
    'transport/link/tls/root_ca_certificate': tls.ca,
    'transport/link/tls/listen_certificate': tls.certificate,
    'transport/link/tls/listen_private_key': tls.privateKey,
  };
  if (tls.mutual === true) {
    c['transport/link/tls/enable_mtls'] = true;
    c['transport/link/tls/connect_certificate'] = tls.certificate;
    c['transport/link/tls/connect_private_key'] = tls.privateKey;
  }
  return c;
}

/**
 * zenoh's user/password authentication (transport/auth/usrpwd): `dictionaryFile` (lines of
 * `user:password`) makes the router demand credentials of every zenoh peer or router that
 * links to it; `user` + `password` are what it presents when it links to another.
 */
export function usrpwdConfig({ dictionaryFile, user, password } = {}) {
  const c = {};
  if (dictionaryFile !== undefined) c['transport/auth/usrpwd/dictionary_file'] = dictionaryFile;
  if (user !== undefined || password !== undefined) {
    if (user === undefined || password === undefined) throw new Error('usrpwd: user and password go together');
    c['transport/auth/usrpwd/user'] = user;
    c['transport/auth/usrpwd/password'] = password;
  }
  return c;
}

const ALL_MESSAGES = [
  'put',
  'delete',
  'declare_subscriber',
  'query',
  'declare_queryable',
  'reply',
  'liveliness_token',
  'declare_liveliness_subscriber',
  'liveliness_query',
];
const GRAPH = ['liveliness_token', 'declare_liveliness_subscriber', 'liveliness_query'];

/**
 * The access control of the router the vrobots simulator sits on, toward the routers its
 * clients sit on (identified by user name, certificate common name, or both). Whatever the
 * clients' routers send in is denied unless listed: commands and pose estimates
 * (`vrobots/<id>/z/cmd`, `.../estimate`), service calls (`vrobots/<id|manager|scene>/z/srv/<name>`),
 * subscriptions to vrobots keys, and the rclts/ROS graph's liveliness. So a client cannot
 * publish a robot's state or frames, serve the manager or a robot's services, or answer a call.
 * Everything the simulator's router sends out to them is allowed.
 * Note: zenoh ACL filters zenoh links only; sessions of this router's own WebSocket clients are
 * inside it and unfiltered (see docs/deployment.md).
 */
export function vrobotsSimulatorAcl({ usernames, certCommonNames } = {}) {
  const subject = { id: 'vrobots_clients' };
  if (usernames !== undefined && usernames.length > 0) subject.usernames = usernames;
  if (certCommonNames !== undefined && certCommonNames.length > 0) subject.cert_common_names = certCommonNames;
  if (subject.usernames === undefined && subject.cert_common_names === undefined) {
    throw new Error("the vrobots ACL profile needs the user names or certificate common names of the clients' routers");
  }
  return {
    enabled: true,
    default_permission: 'deny',
    rules: [
      {
        id: 'client_commands',
        messages: ['put'],
        flows: ['ingress'],
        permission: 'allow',
        key_exprs: ['vrobots/*/z/cmd', 'vrobots/*/z/estimate'],
      },
      {
        id: 'client_calls',
        messages: ['query'],
        flows: ['ingress'],
        permission: 'allow',
        key_exprs: ['vrobots/*/z/srv/*'],
      },
      {
        id: 'client_subscriptions',
        messages: ['declare_subscriber'],
        flows: ['ingress'],
        permission: 'allow',
        key_exprs: ['vrobots/**'],
      },
      { id: 'graph', messages: GRAPH, flows: ['ingress'], permission: 'allow', key_exprs: ['@ros2_lv/**'] },
      { id: 'to_clients', messages: ALL_MESSAGES, flows: ['egress'], permission: 'allow', key_exprs: ['**'] },
    ],
    subjects: [subject],
    policies: [
      {
        id: 'vrobots_clients_policy',
        rules: ['client_commands', 'client_calls', 'client_subscriptions', 'graph', 'to_clients'],
        subjects: ['vrobots_clients'],
      },
    ],
  };
}
