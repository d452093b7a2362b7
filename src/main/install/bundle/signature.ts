// A bundle's signature: the PKCS#7 (detached SignedData) block `mcpb sign` appends to the zip,
// framed as "MCPB_SIG_V1" + length (u32 LE) + DER + "MCPB_SIG_END". Checked here with Node's
// crypto: the signed attributes' message digest is the zip's SHA-256, the signer's key signed
// those attributes, and the signer's certificate chains to a root Node trusts (its bundled
// Mozilla roots). The mcpb package's own verifier is not used: with node-forge 1.x it reports
// every signed bundle as unsigned (forge's PKCS#7 verify is not implemented).
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import type { BundleSignature } from '../../../types/install.js';
import { BundleRefused } from './entries.js';

const HEADER = Buffer.from('MCPB_SIG_V1', 'utf8');
const FOOTER = Buffer.from('MCPB_SIG_END', 'utf8');
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const DIGESTS: Record<string, string> = { '2.16.840.1.101.3.4.2.1': 'sha256', '2.16.840.1.101.3.4.2.2': 'sha384', '2.16.840.1.101.3.4.2.3': 'sha512' };

/** The zip, and the signature block's DER when the file ends with one. */
export function splitSignature(file: Buffer): { content: Buffer; der?: Buffer } {
  if (file.length < FOOTER.length || !file.subarray(file.length - FOOTER.length).equals(FOOTER)) return { content: file };
  const footer = file.length - FOOTER.length;
  const header = file.lastIndexOf(HEADER, footer);
  const length = header >= 0 && header + HEADER.length + 4 <= footer ? file.readUInt32LE(header + HEADER.length) : -1;
  if (header < 0 || header + HEADER.length + 4 + length !== footer) throw new BundleRefused('The bundle ends with a damaged signature block: it was refused.');
  return { content: file.subarray(0, header), der: file.subarray(header + HEADER.length + 4, footer) };
}

interface Node { tag: number; start: number; body: number; end: number }

/** One DER element at `at` (definite lengths only, as DER has). */
function element(der: Buffer, at: number, limit = der.length): Node {
  if (at + 2 > limit) throw new Error('truncated');
  const tag = der[at]!;
  let length = der[at + 1]!;
  let body = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4 || body + bytes > limit) throw new Error('bad length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[body + i]!;
    body += bytes;
  }
  if (body + length > limit) throw new Error('truncated');
  return { tag, start: at, body, end: body + length };
}

function children(der: Buffer, node: Node): Node[] {
  const out: Node[] = [];
  for (let at = node.body; at < node.end; at = out[out.length - 1]!.end) out.push(element(der, at, node.end));
  return out;
}

function oid(der: Buffer, node: Node): string {
  const bytes = der.subarray(node.body, node.end);
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

interface Parsed { certificates: X509Certificate[]; serial: string; digest: string; signedAttributes: Buffer; messageDigest: Buffer; signature: Buffer }

function parse(der: Buffer): Parsed {
  const [, explicit] = children(der, element(der, 0));
  const signedData = children(der, children(der, explicit!)[0]!);
  const certificates = signedData.filter((node) => node.tag === 0xa0).flatMap((node) => children(der, node).map((cert) => new X509Certificate(der.subarray(cert.start, cert.end))));
  const signerInfos = signedData[signedData.length - 1]!;
  const signer = children(der, children(der, signerInfos)[0]!);
  const serialNode = children(der, signer[1]!)[1]!;
  const serial = der.subarray(serialNode.body, serialNode.end).toString('hex').replace(/^(00)+(?=.)/, '').toUpperCase();
  const digest = DIGESTS[oid(der, children(der, signer[2]!)[0]!)];
  const attributes = signer[3]!;
  if (attributes.tag !== 0xa0 || !digest) throw new Error('no signed attributes');
  let messageDigest: Buffer | undefined;
  for (const attribute of children(der, attributes)) {
    const [type, values] = children(der, attribute);
    if (oid(der, type!) === OID_MESSAGE_DIGEST) {
      const value = children(der, values!)[0]!;
      messageDigest = der.subarray(value.body, value.end);
    }
  }
  if (!messageDigest) throw new Error('no message digest');
  // What was signed is the attributes as a SET (RFC 5652 5.4), not as the [0] they are stored in.
  const signedAttributes = Buffer.from(der.subarray(attributes.start, attributes.end));
  signedAttributes[0] = 0x31;
  const signatureNode = signer[5]!;
  return { certificates, serial, digest, signedAttributes, messageDigest, signature: der.subarray(signatureNode.body, signatureNode.end) };
}

function commonName(distinguished: string): string | undefined {
  return distinguished.split('\n').find((line) => line.startsWith('CN='))?.slice(3);
}

let roots: X509Certificate[] | undefined;

/** Whether `cert` chains, through `intermediates`, to a root Node trusts, each valid `now`. */
function chainsToRoot(cert: X509Certificate, intermediates: readonly X509Certificate[], now: Date): boolean {
  roots ??= tls.rootCertificates.map((pem) => new X509Certificate(pem));
  const valid = (c: X509Certificate): boolean => new Date(c.validFrom) <= now && now <= new Date(c.validTo);
  let current = cert;
  for (let depth = 0; depth < 8; depth++) {
    if (!valid(current)) return false;
    if (roots.some((root) => root.fingerprint256 === current.fingerprint256)) return true;
    const issuer = [...roots, ...intermediates].find((candidate) => current.checkIssued(candidate) && current.verify(candidate.publicKey));
    if (!issuer || issuer === current) return false;
    current = issuer;
  }
  return false;
}

/**
 * What the signature says about who made the bundle. A signature that does not match the zip
 * (changed after signing, or damaged) refuses the bundle: it is not what its signer made.
 */
export function checkSignature(content: Buffer, der: Buffer | undefined, now = new Date()): BundleSignature {
  if (!der) return { status: 'unsigned' };
  let parsed: Parsed;
  try {
    parsed = parse(der);
  } catch {
    throw new BundleRefused('The bundle carries a signature the app cannot read: it was refused.');
  }
  const cert = parsed.certificates.find((c) => c.serialNumber.replace(/^0+(?=.)/, '').toUpperCase() === parsed.serial) ?? parsed.certificates[0];
  const matches = cert !== undefined && createHash(parsed.digest).update(content).digest().equals(parsed.messageDigest) && verifySignature(parsed.digest, parsed.signedAttributes, cert.publicKey, parsed.signature);
  if (!matches) throw new BundleRefused('The bundle\'s signature does not match its contents (it was changed after it was signed, or is damaged): it was refused.');
  const info = {
    ...(commonName(cert.subject) ? { publisher: commonName(cert.subject) } : {}),
    ...(commonName(cert.issuer) ? { issuer: commonName(cert.issuer) } : {}),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    fingerprint: cert.fingerprint256,
  };
  if (chainsToRoot(cert, parsed.certificates.filter((c) => c !== cert), now)) return { status: 'signed', ...info };
  const selfSigned = cert.subject === cert.issuer && cert.verify(cert.publicKey);
  return { status: selfSigned ? 'self-signed' : 'untrusted', ...info };
}
