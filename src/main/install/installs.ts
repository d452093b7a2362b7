// Installing servers, as the hosts reach it (core.ts makes one): from a registry, from a bundle
// (opened from a path or sent by the page in pieces), and deleting a server with its bundle folder.
import type { BundlePreview } from '../../types/install.js';
import type { BundleOptions } from './bundle/install.js';
import { BundleInstalls } from './bundle/install.js';
import { BundleUploads } from './bundle/uploads.js';
import { BUNDLE_LIMITS } from './bundle/entries.js';
import type { InstallContext } from './context.js';
import { RegistryInstalls } from './registry/install.js';

export interface InstallOptions extends BundleOptions {
  /**
   * Certificates (PEM) trusted when a registry's bundle is downloaded, besides Node's roots: only
   * tests set it, for their local https server (docs/security.md, Registries).
   */
  trustedCertificates?: readonly string[];
}

export class Installs {
  readonly registry: RegistryInstalls;
  readonly bundles: BundleInstalls;
  readonly uploads: BundleUploads;

  constructor(context: InstallContext, options: InstallOptions = {}) {
    const maxFileBytes = (options.limits ?? BUNDLE_LIMITS).maxFileBytes;
    this.bundles = new BundleInstalls(context, options);
    this.registry = new RegistryInstalls(context, this.bundles, { maxBytes: maxFileBytes, ...(options.trustedCertificates ? { trustedCertificates: options.trustedCertificates } : {}) });
    this.uploads = new BundleUploads(maxFileBytes);
  }

  /** Opens a bundle the page finished sending. */
  openUpload(uploadId: string): Promise<BundlePreview> {
    const { fileName, content } = this.uploads.take(uploadId);
    return this.bundles.open(content, fileName);
  }

  /** Deletes a server (its names, selections and secrets), and its bundle's folder when it came from one. */
  removeServer(uuid: string): Promise<{ removedFromSelections: number }> {
    return this.bundles.removeServer(uuid);
  }
}
