// Which addresses are the user's own (this machine, its network, link-local, …) and which servers
// are remote, for icons: an https icon of a remote server is fetched from public addresses only
// (icon-fetch.ts), since a request into the user's network on a stranger's say-so is what a
// hostile server would want from the app. Pure.
import { isIP } from 'node:net';
import type { McpServer } from '../../../types/config.js';

/** A dotted IPv4 address as a 32-bit number, or null. */
function ipv4(address: string): number | null {
  if (isIP(address) !== 4) return null;
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** An IPv6 address as its eight 16-bit groups (a zone and an embedded IPv4 address read), or null. */
function ipv6(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4(dotted[1]!)!;
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined): number[] => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const inV4 = (value: number, base: string, bits: number): boolean => {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return ((value & mask) >>> 0) === ((ipv4(base)! & mask) >>> 0);
};

/** IPv4 blocks that are not the public internet (RFC 6890 and its successors). */
const PRIVATE_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function privateV4(value: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => inV4(value, base, bits));
}

function privateV6(g: readonly number[]): boolean {
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((group) => group === 0);
  const embedded = (high: number, low: number): number => ((g[high]! << 16) >>> 0) + g[low]!;
  if (zeros(0, 5) && g[5] === 0xffff) return privateV4(embedded(6, 7)); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeros(0, 6)) return true; // ::, ::1, and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return privateV4(embedded(6, 7)); // NAT64
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // local-use NAT64
  if (g[0] === 0x2002) return privateV4(embedded(1, 2)); // 6to4
  if (g[0] === 0x100 && zeros(1, 4)) return true; // discard-only
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  const first = g[0]!;
  return (first & 0xfe00) === 0xfc00 /* unique local fc00::/7 */ || (first & 0xffc0) === 0xfe80 /* link-local */ || (first & 0xffc0) === 0xfec0 /* site-local */ || (first & 0xff00) === 0xff00 /* multicast */;
}

/**
 * Whether `address` (an IP address as a socket or DNS gives it) is this machine, the user's
 * network, link-local or otherwise not the public internet. Anything that does not read as an
 * address counts as private: it is never taken for a public one.
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4(address);
  if (v4 !== null) return privateV4(v4);
  const v6 = ipv6(address);
  return v6 === null || privateV6(v6);
}

/** Names only this machine or its own network can resolve: loopback, mDNS, private-use domains, single labels. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return !name.includes('.') || /(^|\.)(localhost|local|internal|lan|home\.arpa)$/.test(name);
}

/**
 * Whether a server is remote: one the app reaches over HTTP at a public address or a public name.
 * A stdio server runs on this machine, and one at a private address, or at a name only the local
 * network resolves, is the user's own; their icons may be anywhere. A public name counts as
 * remote whatever it resolves to: its owner chooses that, and could point it at the user's network.
 */
export function isRemoteServer(server: Pick<McpServer, 'type' | 'url'>): boolean {
  if (server.type === 'stdio') return false;
  let host: string;
  try {
    host = new URL(server.url ?? '').hostname.replace(/^\[|\]$/g, '');
  } catch {
    return true;
  }
  if (isIP(host) !== 0) return !isPrivateAddress(host);
  return !isLocalName(host);
}
