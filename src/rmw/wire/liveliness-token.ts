/**
 * rmw_zenoh liveliness tokens (graph discovery):
 *   node:     `@ros2_lv/<domain>/<session>/<nid>/<nid>/NN/<enclave>/<ns>/<node>`
 *   endpoint: `@ros2_lv/<domain>/<session>/<nid>/<eid>/<kind>/<enclave>/<ns>/<node>/<name>/<type>/<hash>/<qos>`
 * Every `/` inside a chunk becomes `%`; an empty namespace or enclave is `%`.
 */
import type { RmwQos } from '../qos.js';
import type { EndpointKind, RmwEndpointInfo, RmwNodeInfo } from '../rmw.js';
import { rosTypeName } from './data-key.js';
import { gidOfToken } from './gid.js';
import { decodeQosChunk, encodeQosChunk } from './qos-chunk.js';

export const LIVELINESS_ADMIN_SPACE = '@ros2_lv';

/** The token's kind chunk for each endpoint kind. */
export const ENDPOINT_KIND_CODE: { readonly [K in EndpointKind]: string } = {
  publisher: 'MP',
  subscription: 'MS',
  service: 'SS',
  client: 'SC',
};
const NODE_CODE = 'NN';
const KIND_BY_CODE = new Map<string, EndpointKind>(
  (Object.entries(ENDPOINT_KIND_CODE) as [EndpointKind, string][]).map(([k, c]) => [c, k]),
);

/** `/ns/sub` -> `%ns%sub`; empty -> `%` (zenoh forbids empty chunks). */
export function mangleName(s: string): string {
  return s.length === 0 ? '%' : s.replaceAll('/', '%');
}

export function demangleName(s: string): string {
  return s.replaceAll('%', '/');
}

/** Key expression of every token of one domain (what a graph subscribes to). */
export function livelinessDomainKey(domainId: number): string {
  return `${LIVELINESS_ADMIN_SPACE}/${domainId}/**`;
}

export interface TokenOwner {
  readonly domainId: number;
  readonly sessionId: string;
  readonly nodeId: string;
  readonly node: RmwNodeInfo;
}

function nodePrefix(o: TokenOwner, entityId: string, code: string): string {
  const n = o.node;
  return [
    LIVELINESS_ADMIN_SPACE,
    o.domainId,
    o.sessionId,
    o.nodeId,
    entityId,
    code,
    mangleName(n.enclave),
    mangleName(n.namespace),
    mangleName(n.name),
  ].join('/');
}

export function nodeToken(owner: TokenOwner): string {
  return nodePrefix(owner, owner.nodeId, NODE_CODE);
}

export interface TokenEndpoint {
  readonly kind: EndpointKind;
  readonly entityId: string;
  /** Fully qualified ROS name (`/chatter`). */
  readonly name: string;
  /** DDS-mangled type (`std_msgs::msg::dds_::String_`). */
  readonly ddsTypeName: string;
  readonly typeHash: string;
  readonly qos: RmwQos;
}

export function endpointToken(owner: TokenOwner, e: TokenEndpoint): string {
  return [
    nodePrefix(owner, e.entityId, ENDPOINT_KIND_CODE[e.kind]),
    mangleName(e.name),
    mangleName(e.ddsTypeName),
    mangleName(e.typeHash),
    encodeQosChunk(e.qos),
  ].join('/');
}

/** What a token says: always a node; an endpoint too unless it is an `NN` token. */
export interface ParsedToken {
  readonly domainId: number;
  readonly sessionId: string;
  readonly nodeId: string;
  readonly entityId: string;
  readonly node: RmwNodeInfo;
  readonly endpoint: RmwEndpointInfo | undefined;
}

/** Parses a token back; undefined for anything malformed (rmw_zenoh ignores those too). */
export function parseToken(key: string): ParsedToken | undefined {
  const p = key.split('/');
  if (p.length < 9 || p[0] !== LIVELINESS_ADMIN_SPACE || p.some((c) => c.length === 0)) return undefined;
  const [, domain, sessionId, nodeId, entityId, code, enclave, ns, name] = p as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!/^\d+$/.test(domain)) return undefined;
  const node: RmwNodeInfo = { name: demangleName(name), namespace: demangleName(ns), enclave: demangleName(enclave) };
  const base = { domainId: Number(domain), sessionId, nodeId, entityId, node };
  if (code === NODE_CODE) return p.length === 9 ? { ...base, endpoint: undefined } : undefined;
  const kind = KIND_BY_CODE.get(code);
  if (kind === undefined || p.length !== 13) return undefined;
  const qos = decodeQosChunk(p[12] as string);
  if (qos === undefined) return undefined;
  const endpoint: RmwEndpointInfo = {
    kind,
    node,
    naming: 'ros',
    name: demangleName(p[9] as string),
    typeName: rosTypeName(demangleName(p[10] as string)),
    typeHash: demangleName(p[11] as string),
    qos,
    gid: gidOfToken(key),
  };
  return { ...base, endpoint };
}
