// Icons of servers, tools, prompts and resources: only https: and data: sources are fetched
// by main (here from a local HTTPS server whose certificate only the tests trust, handed to the
// manager as its TLS agent), with no credentials and no redirect followed, at most 256 KB read
// (a 50 MB body is cut off while it streams), the bytes judged by themselves (PNG, JPEG, WebP,
// SVG, decoded by sharp), kept per server, and a bad icon costing only that icon; one refused for
// its source says why in the logs as soon as it is listed, and in `inspect icons` (a child). A
// remote server's icons are fetched from public addresses only: the same local HTTPS server, under
// a name the fetch's DNS lookup (injected) points at 127.0.0.1, or reached by an agent that
// connects there whatever the name resolved to, is refused for a remote server and used for a
// local one.
import type { LookupAddress } from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIcon, sniffIconType } from '../../src/main/mcp/icons/icon-check.js';
import { iconBytes } from '../../src/main/mcp/icons/icon-fetch.js';
import { iconId, keptIcons, type KeptIcon } from '../../src/main/mcp/icons/icon-refs.js';
import { IconStore } from '../../src/main/mcp/icons/icon-store.js';
import { isPrivateAddress, isRemoteServer } from '../../src/main/mcp/icons/addresses.js';
import type { Mcp } from '../../src/main/mcp.js';
import { MAX_ICON_BYTES } from '../../src/types/icons.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, serve, startMcp, statusOf, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';
import { startTlsServer, type TlsServer } from './helpers/tls-server.js';

const SVG = '<?xml version="1.0"?>\n<!-- a comment -->\n<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><script>alert(1)</script><rect width="16" height="16" fill="teal"/></svg>';
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let tlsServer: TlsServer;
/** A name the icons' DNS lookup (injected) points at 127.0.0.1, where the test's HTTPS server is; the certificate names it. */
const ICON_HOST = 'icons.remote-cdn.example';

beforeAll(async () => {
  const square = sharp({ create: { width: 16, height: 16, channels: 4, background: '#c03' } });
  [png, jpeg, webp] = await Promise.all([square.clone().png().toBuffer(), square.clone().jpeg().toBuffer(), square.clone().webp().toBuffer()]);
  tlsServer = await startTlsServer({
    '/ok.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    '/ok.jpg': (_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
    '/ok.webp': (_req, res) => void res.writeHead(200, { 'content-type': 'image/webp' }).end(webp),
    '/ok.svg': (_req, res) => void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG),
    // What the server says of it does not count: its bytes are a PNG.
    '/mislabelled': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(png),
    '/html.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>'),
    '/redirect.png': (_req, res) => void res.writeHead(302, { location: '/ok.png' }).end(),
    '/gone.png': (_req, res) => void res.writeHead(404).end(),
    // 50 MB, sent as fast as the client reads, with no Content-Length.
    '/huge.png': (_req, res, count) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = (): void => {
        while (sent < 50 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          count(chunk.length);
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
    '/declared-huge.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) }).end(png),
  }, [ICON_HOST]);
});

afterAll(async () => {
  await tlsServer?.close();
  await stopServed();
  removeTempDirs();
});

describe('which icons are kept', () => {
  it('https: and data: sources only, at most four per entry, each by a short id of its source; refused ones kept with why', () => {
    const kept = keptIcons([
      { src: 'https://example.com/a.png', mimeType: 'image/png', theme: 'light' },
      { src: 'http://example.com/b.png' },
      { src: 'file:///etc/passwd' },
      { src: 'javascript:alert(1)' },
      { src: 'https://user:pw@example.com/c.png' },
      { nope: 1 },
      { src: 'data:image/png;base64,AAAA', theme: 'dark' },
      { src: '/relative.png' },
      { src: 'https://example.com/d.png' },
      { src: 'https://example.com/e.png' },
      { src: 'https://example.com/f.png' },
    ]);
    const usable = kept.filter((icon) => icon.problem === undefined);
    expect(usable.map((icon) => icon.src)).toEqual(['https://example.com/a.png', 'data:image/png;base64,AAAA', 'https://example.com/d.png', 'https://example.com/e.png']);
    expect(kept[0]).toEqual({ id: iconId('https://example.com/a.png'), src: 'https://example.com/a.png', theme: 'light', mimeType: 'image/png' });
    // Refused for their source, four at most, each with its reason (never fetched).
    expect(kept.filter((icon) => icon.problem !== undefined).map((icon) => [icon.src, icon.problem])).toEqual([
      ['http://example.com/b.png', 'only https: and data: icons are fetched, not http:'],
      ['file:///etc/passwd', 'only https: and data: icons are fetched, not file:'],
      ['javascript:alert(1)', 'only https: and data: icons are fetched, not javascript:'],
      ['https://user:pw@example.com/c.png', 'its address holds credentials'],
    ]);
    const long = `data:image/png;base64,${'A'.repeat(400_000)}`;
    expect(keptIcons([{ src: long }])).toEqual([{ id: iconId(long), src: long.slice(0, 200), problem: 'its source is 400,022 characters long' }]);
    expect(kept[0]!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keptIcons('not a list')).toEqual([]);
  });
});

describe('an icon\'s bytes', () => {
  it('are judged by themselves, and decoded; an SVG goes out as an image, never as markup', async () => {
    expect(sniffIconType(png)).toBe('image/png');
    expect(sniffIconType(jpeg)).toBe('image/jpeg');
    expect(sniffIconType(webp)).toBe('image/webp');
    expect(sniffIconType(Buffer.from(SVG))).toBe('image/svg+xml');
    expect(sniffIconType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    const svg = await checkIcon(Buffer.from(SVG));
    expect(svg.mimeType).toBe('image/svg+xml');
    expect(svg.dataUrl).toBe(`data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`);
    await expect(checkIcon(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY x "y"></svg>'))).rejects.toThrow(/declares entities/);
    // A PNG signature on bytes that are not one.
    await expect(checkIcon(Buffer.concat([png.subarray(0, 8), Buffer.alloc(64)]))).rejects.toThrow(/does not decode as image\/png/);
    await expect(checkIcon(Buffer.from('GIF89a'))).rejects.toThrow('it is not a PNG, JPEG, WebP or SVG image');
  });

  it('data: sources are decoded within the same size limit', async () => {
    expect(await iconBytes(`data:image/png;base64,${png.toString('base64')}`)).toEqual(png);
    expect((await iconBytes(`data:image/svg+xml,${encodeURIComponent(SVG)}`)).toString()).toBe(SVG);
    await expect(iconBytes(`data:image/png;base64,${Buffer.alloc(MAX_ICON_BYTES + 1).toString('base64')}`)).rejects.toThrow(/more than 262,144/);
  });
});

describe('icons through the manager', () => {
  let mcp: Mcp;
  let logs: string[];
  let icon: (path: string) => { src: string };

  beforeAll(async () => {
    icon = (path) => ({ src: `${tlsServer.origin}${path}` });
    const server = await serve({
      id: 'pictured',
      transport: 'http',
      icons: [icon('/ok.svg'), { src: `data:image/png;base64,${png.toString('base64')}`, theme: 'dark' }],
      tools: [
        { name: 'png', icons: [icon('/ok.png')] },
        { name: 'jpeg', icons: [icon('/ok.jpg')] },
        { name: 'webp', icons: [icon('/ok.webp')] },
        { name: 'mislabelled', icons: [icon('/mislabelled')] },
        { name: 'html', icons: [icon('/html.png')] },
        { name: 'redirects', icons: [icon('/redirect.png')] },
        { name: 'gone', icons: [icon('/gone.png')] },
        { name: 'huge', icons: [icon('/huge.png')] },
        { name: 'declared', icons: [icon('/declared-huge.png')] },
        { name: 'plain_http', icons: [{ src: 'http://127.0.0.1:1/x.png' }, { src: 'javascript:alert(1)' }] },
        'no_icon',
      ],
      prompts: [{ name: 'pictured_prompt', icons: [icon('/ok.png')] }],
      resources: [{ uri: 'fixture:///r', name: 'r', icons: [icon('/ok.webp')] }],
    });
    ({ mcp, logs } = await startMcp(tempDir(), [urlEntry('pictured', 'Pictured', 'http', server.url, { headers: { Authorization: 'Bearer server-secret' } })], { icons: { agent: tlsServer.agent } }));
  });

  const toolIcon = (name: string): string => {
    const found = statusOf(mcp, 'pictured').tools.find((tool) => tool.original === name)?.icons?.[0]?.id;
    if (!found) throw new Error(`no icon on ${name}`);
    return found;
  };

  it('the status names the icons of the server, its tools, prompts and resources by id, never by source', () => {
    const status = statusOf(mcp, 'pictured');
    expect(status.icons).toEqual([{ id: iconId(`${tlsServer.origin}/ok.svg`) }, { id: expect.any(String), theme: 'dark' }]);
    expect(status.tools.find((tool) => tool.original === 'png')?.icons).toEqual([{ id: iconId(`${tlsServer.origin}/ok.png`) }]);
    expect(status.tools.find((tool) => tool.original === 'plain_http')?.icons).toEqual([
      { id: iconId('http://127.0.0.1:1/x.png'), problem: 'only https: and data: icons are fetched, not http:' },
      { id: iconId('javascript:alert(1)'), problem: 'only https: and data: icons are fetched, not javascript:' },
    ]);
    expect(status.tools).toHaveLength(11);
    expect(status.prompts[0]?.icons).toEqual([{ id: iconId(`${tlsServer.origin}/ok.png`) }]);
    expect(status.resources[0]?.icons).toEqual([{ id: iconId(`${tlsServer.origin}/ok.webp`) }]);
    expect(JSON.stringify(status)).not.toContain(tlsServer.origin);
  });

  it('fetches PNG, JPEG, WebP and SVG once each, with no credentials, and gives checked data URLs', async () => {
    const before = tlsServer.requests.length;
    expect(await mcp.icons.get('pictured', toolIcon('png'))).toEqual({ dataUrl: `data:image/png;base64,${png.toString('base64')}`, mimeType: 'image/png', bytes: png.length });
    expect((await mcp.icons.get('pictured', toolIcon('jpeg'))).mimeType).toBe('image/jpeg');
    expect((await mcp.icons.get('pictured', toolIcon('webp'))).mimeType).toBe('image/webp');
    expect((await mcp.icons.get('pictured', statusOf(mcp, 'pictured').icons![0]!.id)).dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await mcp.icons.get('pictured', statusOf(mcp, 'pictured').icons![1]!.id)).mimeType).toBe('image/png');
    expect((await mcp.icons.get('pictured', toolIcon('mislabelled'))).mimeType).toBe('image/png');
    // Kept: asked again, nothing is fetched again.
    await mcp.icons.get('pictured', toolIcon('png'));
    const fetched = tlsServer.requests.slice(before);
    expect(fetched.map((request) => request.path).sort()).toEqual(['/mislabelled', '/ok.jpg', '/ok.png', '/ok.svg', '/ok.webp']);
    for (const { headers } of fetched) {
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
    }
  });

  it('a bad icon costs only the icon: each says why, and is tried once', async () => {
    const problem = (name: string): Promise<string> => mcp.icons.get('pictured', toolIcon(name)).then(() => 'shown', (error: unknown) => String(error));
    expect(await problem('redirects')).toMatch(/answered 302, a redirect \(to \/ok\.png\); icons are not followed elsewhere/);
    expect(await problem('gone')).toMatch(/answered 404/);
    expect(await problem('html')).toMatch(/it is not a PNG, JPEG, WebP or SVG image/);
    expect(await problem('declared')).toMatch(/it is 52,428,800 bytes, more than 262,144/);
    expect(await problem('huge')).toMatch(/it is more than 262,144 bytes/);
    // Cut off while streaming: far less than 50 MB ever left the server.
    expect(tlsServer.written.get('/huge.png') ?? 0).toBeLessThan(8 * 1024 * 1024);
    const hits = tlsServer.requests.filter((request) => request.path === '/redirect.png').length;
    expect(await problem('redirects')).toMatch(/redirect/);
    expect(tlsServer.requests.filter((request) => request.path === '/redirect.png').length).toBe(hits);
    expect(logs).toContainEqual(expect.stringMatching(/^server pictured: The icon https:\/\/127\.0\.0\.1:\d+\/redirect\.png is not shown/));
    await expect(mcp.icons.get('pictured', 'no-such-icon')).rejects.toThrow('Server pictured lists no icon "no-such-icon".');
  });

  it('an icon refused for its source says why in both logs as soon as it is listed, once; asked for, it gives the same reason', async () => {
    const refused = 'The icon http://127.0.0.1:1/x.png is not shown: only https: and data: icons are fetched, not http:.';
    // Nothing asked for it: the listing alone put it in the app's log and the server's.
    expect(logs.filter((line) => line === `server pictured: ${refused}`)).toHaveLength(1);
    expect(mcp.logs.read('pictured').filter((entry) => entry.text === refused && entry.level === 'warning')).toHaveLength(1);
    await expect(mcp.icons.get('pictured', iconId('http://127.0.0.1:1/x.png'))).rejects.toThrow(refused);
    await expect(mcp.icons.get('pictured', iconId('javascript:alert(1)'))).rejects.toThrow('not javascript:');
    expect(logs.filter((line) => line === `server pictured: ${refused}`)).toHaveLength(1);
  });

  it('TLS is checked: without the tests\' CA the same server is refused', async () => {
    await expect(iconBytes(`${tlsServer.origin}/ok.png`, { agent: new https.Agent({ keepAlive: false }) })).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});

describe('inspect icons, as a child process', () => {
  it('lists an icon refused for its scheme or its size with why, beside the ones shown', async () => {
    const long = `data:image/png;base64,${'A'.repeat(400_000)}`;
    const server = await serve({
      id: 'mixed',
      transport: 'http',
      icons: [{ src: `data:image/png;base64,${png.toString('base64')}` }, { src: 'http://example.com/plain.png' }, { src: long }],
      tools: [{ name: 'ftp_icon', icons: [{ src: 'ftp://example.com/x.png', theme: 'dark' }] }],
      prompts: [{ name: 'pictured', icons: [{ src: 'http://example.com/prompt.png' }] }],
      resources: [{ uri: 'fixture:///r', name: 'r', icons: [{ src: 'file:///etc/hostname' }] }],
    });
    const dir = tempDir('inspect-icons-');
    seedStore(dir, [urlEntry('mixed', 'Mixed', 'http', server.url)]);
    const run = await inspectChild(['--user-data', dir, 'icons', 'Mixed', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      uuid: 'mixed',
      label: 'Mixed',
      icons: [
        { for: 'server', id: expect.any(String), mimeType: 'image/png', bytes: png.length },
        { for: 'server', id: iconId('http://example.com/plain.png'), problem: 'The icon http://example.com/plain.png is not shown: only https: and data: icons are fetched, not http:.' },
        { for: 'server', id: iconId(long), problem: 'The icon a data: icon is not shown: its source is 400,022 characters long.' },
        { for: 'tool ftp_icon', id: iconId('ftp://example.com/x.png'), theme: 'dark', problem: 'The icon ftp://example.com/x.png is not shown: only https: and data: icons are fetched, not ftp:.' },
        { for: 'prompt pictured', id: iconId('http://example.com/prompt.png'), problem: 'The icon http://example.com/prompt.png is not shown: only https: and data: icons are fetched, not http:.' },
        { for: 'resource fixture:///r', id: iconId('file:///etc/hostname'), problem: 'The icon file:///etc/hostname is not shown: only https: and data: icons are fetched, not file:.' },
      ],
    });
    // In the log as soon as the server was listed: a plain listing asks for no icon, and says so.
    const listing = await inspectChild(['--user-data', dir, '--json']);
    for (const [src, scheme] of [['http://example.com/plain.png', 'http'], ['ftp://example.com/x.png', 'ftp'], ['http://example.com/prompt.png', 'http'], ['file:///etc/hostname', 'file']]) {
      expect(listing.stderr.split('\n').filter((line) => line === `server mixed: The icon ${src} is not shown: only https: and data: icons are fetched, not ${scheme}:.`), src).toHaveLength(1);
    }
    const text = await inspectChild(['--user-data', dir, 'icons', 'Mixed']);
    expect(text.stdout).toContain('server  ' + iconId('http://example.com/plain.png') + '  not shown: The icon http://example.com/plain.png is not shown: only https: and data: icons are fetched, not http:.');
  }, 60_000);
});

describe('addresses: the user\'s own, and remote servers', () => {
  it('loopback, private, link-local, shared, multicast and reserved addresses are not public, in either family and every spelling', () => {
    const own = [
      '127.0.0.1', '127.255.0.9', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '198.18.0.1',
      '224.0.0.1', '255.255.255.255', '192.0.2.1', '::1', '::', '[::1]', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'fec0::1', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:192.168.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', '64:ff9b:1::1', '2002:c0a8:0101::1', '::127.0.0.1', '2001:db8::1',
      'not an address', '',
    ];
    for (const address of own) expect(isPrivateAddress(address), address).toBe(true);
    const open = ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1'];
    for (const address of open) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('a server is remote when the app reaches it over HTTP at a public address or name', () => {
    const remote = (url: string): boolean => isRemoteServer({ type: 'http', url });
    expect(isRemoteServer({ type: 'stdio' })).toBe(false);
    for (const url of ['http://127.0.0.1:3000/mcp', 'http://localhost:8080/mcp', 'http://app.localhost/mcp', 'http://[::1]:9000/mcp', 'http://192.168.1.20/mcp', 'http://nas.local/mcp', 'http://mcp.internal/x', 'http://router.lan/', 'http://box.home.arpa/', 'http://devbox:8080/mcp']) expect(remote(url), url).toBe(false);
    for (const url of ['https://mcp.example.com/mcp', 'https://93.184.215.14/mcp', 'https://[2606:4700::1111]/mcp', 'not a url']) expect(remote(url), url).toBe(true);
    expect(isRemoteServer({ type: 'sse', url: 'https://mcp.example.com/sse' })).toBe(true);
  });
});

describe('a remote server\'s icon on the user\'s own network', () => {
  const REMOTE = { type: 'http' as const, url: 'https://mcp.example.com/mcp' };
  const LOCAL = { type: 'http' as const, url: 'http://127.0.0.1:3000/mcp' };

  /** The DNS lookup the fetch is given: ICON_HOST is 127.0.0.1 (as a hostile name server could say); other names are public. */
  const lookup: LookupFunction = (hostname, options, callback) => {
    const address: LookupAddress = { address: hostname === ICON_HOST ? '127.0.0.1' : '93.184.215.14', family: 4 };
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };

  /** An IconStore whose icons are `srcs` (by id), for a server with `settings`. */
  function store(settings: { type: 'http' | 'stdio'; url?: string }, srcs: string[], agent: https.Agent = tlsServer.agent): IconStore {
    const icons = new Map<string, KeptIcon>(srcs.map((src) => [iconId(src), { id: iconId(src), src }]));
    return new IconStore({ source: (_uuid, id) => icons.get(id), serverOf: () => settings, agent, lookup });
  }
  const outcome = (icons: IconStore, src: string): Promise<string> => icons.get('s', iconId(src)).then((image) => image.mimeType, (error: unknown) => String(error));

  it('is refused by its address, by what its name resolves to, and by where the socket connected; nothing reaches the server', async () => {
    const byAddress = `https://127.0.0.1:${tlsServer.port}/ok.png`;
    const mapped = `https://[::ffff:127.0.0.1]:${tlsServer.port}/ok.png`;
    const byName = `https://${ICON_HOST}:${tlsServer.port}/ok.png`;
    const before = tlsServer.requests.length;
    const icons = store(REMOTE, [byAddress, mapped, byName]);
    expect(await outcome(icons, byAddress)).toBe('Error: The icon ' + byAddress + ' is not shown: its address is on this machine or its network, and the server is remote: a remote server\'s icons are fetched from public addresses only.');
    expect(await outcome(icons, mapped)).toMatch(/its address is on this machine or its network, and the server is remote/);
    expect(await outcome(icons, byName)).toBe(`Error: The icon ${byName} is not shown: ${ICON_HOST} is at 127.0.0.1, which is on this machine or its network, and the server is remote: a remote server's icons are fetched from public addresses only.`);
    // The name resolves to a public address, but the connection (an agent that connects where it
    // likes, as a proxy or a rebinding would) lands on 127.0.0.1: the socket's address decides.
    class ToLoopback extends https.Agent {
      override createConnection(options: tls.ConnectionOptions): tls.TLSSocket {
        return tls.connect({ ...options, host: '127.0.0.1', servername: ICON_HOST, ca: tlsServer.ca });
      }
    }
    const elsewhere = `https://cdn.example.net:${tlsServer.port}/ok.png`;
    const rebound = store(REMOTE, [elsewhere], new ToLoopback({ keepAlive: false }));
    expect(await outcome(rebound, elsewhere)).toBe(`Error: The icon ${elsewhere} is not shown: cdn.example.net is at 127.0.0.1, which is on this machine or its network, and the server is remote: a remote server's icons are fetched from public addresses only.`);
    expect(tlsServer.requests.length).toBe(before);
  });

  it('is fetched for a local server, from the same address and name', async () => {
    const byName = `https://${ICON_HOST}:${tlsServer.port}/ok.png`;
    const byAddress = `https://127.0.0.1:${tlsServer.port}/ok.jpg`;
    const before = tlsServer.requests.length;
    for (const settings of [LOCAL, { type: 'stdio' as const }, { type: 'http' as const, url: 'http://nas.local/mcp' }]) {
      const icons = store(settings, [byName, byAddress]);
      expect(await outcome(icons, byName)).toBe('image/png');
      expect(await outcome(icons, byAddress)).toBe('image/jpeg');
    }
    expect(tlsServer.requests.length).toBe(before + 6);
  });
});
