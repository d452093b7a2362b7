// A bundle file sent by the page in pieces (base64, each under the browser host's request limit),
// put together in memory up to the bundle size limit. An upload not finished within ten minutes
// is dropped.
import { randomUUID } from 'node:crypto';

const UPLOAD_TTL_MS = 10 * 60_000;
const MAX_UPLOADS = 2;

interface Upload { fileName: string; chunks: Buffer[]; size: number; at: number }

export class BundleUploads {
  readonly #uploads = new Map<string, Upload>();
  readonly #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Adds one piece; starts an upload when `uploadId` is absent. Returns the id and the bytes so far. */
  append(uploadId: string | undefined, fileName: string, base64: string): { uploadId: string; received: number } {
    this.#expire();
    let id = uploadId;
    let upload = id === undefined ? undefined : this.#uploads.get(id);
    if (id !== undefined && !upload) throw new Error('This upload is no longer open: choose the file again.');
    if (!upload) {
      id = randomUUID();
      upload = { fileName, chunks: [], size: 0, at: Date.now() };
      this.#uploads.set(id, upload);
      while (this.#uploads.size > MAX_UPLOADS) this.#uploads.delete(this.#uploads.keys().next().value!);
    }
    const chunk = Buffer.from(base64, 'base64');
    upload.size += chunk.length;
    if (upload.size > this.#maxBytes) {
      this.#uploads.delete(id!);
      throw new Error(`The bundle is larger than ${this.#maxBytes} bytes, the most the app accepts.`);
    }
    upload.chunks.push(chunk);
    upload.at = Date.now();
    return { uploadId: id!, received: upload.size };
  }

  /** The whole file, and the upload forgotten. */
  take(uploadId: string): { fileName: string; content: Buffer } {
    const upload = this.#uploads.get(uploadId);
    if (!upload) throw new Error('This upload is no longer open: choose the file again.');
    this.#uploads.delete(uploadId);
    return { fileName: upload.fileName, content: Buffer.concat(upload.chunks) };
  }

  #expire(): void {
    const now = Date.now();
    for (const [id, upload] of this.#uploads) if (now - upload.at > UPLOAD_TTL_MS) this.#uploads.delete(id);
  }
}
