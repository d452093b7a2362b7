// The SDK's OAuthClientProvider for one interactive sign-in. It holds everything in memory (the
// registration, the PKCE verifier, the discovery, the tokens) and the sign-in flow commits it to
// the secret store only once the tokens are in hand: a sign-in that fails leaves nothing behind.
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** The app as an OAuth client: a public native client (RFC 8252), no secret of its own. */
export interface AppClientIdentity {
  /** Shown by the authorization server on its consent page. */
  clientName: string;
  /**
   * An https URL where the app's client ID metadata document is published; used as the client
   * ID with servers that support such documents, instead of registering.
   */
  clientMetadataUrl?: string;
}

export interface FlowProviderOptions {
  identity: AppClientIdentity;
  redirectUri: string;
  state: string;
  /** Client information to reuse: the user's client ID, or an earlier registration. */
  client?: OAuthClientInformationMixed;
  /** The user entered this client: it is never replaced by a registration. */
  preRegistered: boolean;
  /** Called with the address to open; the flow shows it to the user. */
  onAuthorizationUrl: (url: URL) => void;
  /** The discovery the flow made and checked (the metadata's issuer) before handing over to `auth()`. */
  discovery: OAuthDiscoveryState;
}

export class FlowProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;
  /** What the sign-in obtained, for the flow to commit. */
  registered: OAuthClientInformationMixed | undefined;
  obtained: OAuthTokens | undefined;
  discovery: OAuthDiscoveryState;
  #client: OAuthClientInformationMixed | undefined;
  #verifier: string | undefined;

  constructor(private readonly options: FlowProviderOptions) {
    this.#client = options.client;
    this.discovery = options.discovery;
    // A user-entered client ID wins: the server's own registration is what they set up.
    this.clientMetadataUrl = options.preRegistered ? undefined : options.identity.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.options.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata & { application_type: 'native' } {
    return {
      client_name: this.options.identity.clientName,
      redirect_uris: [this.options.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // A desktop app with a loopback redirect (SEP-837, OpenID Connect Registration).
      application_type: 'native',
    };
  }

  state(): string {
    return this.options.state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.#client = client;
    if (!this.options.preRegistered) this.registered = client;
  }

  // A sign-in always asks the user: no saved token is offered to `auth()` here, so it never
  // refreshes instead of authorizing (refresh is the session's job, one at a time).
  tokens(): undefined {
    return undefined;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.obtained = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.options.onAuthorizationUrl(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error('the sign-in has no PKCE verifier');
    return this.#verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if ((scope === 'all' || scope === 'client') && !this.options.preRegistered) this.#client = this.registered = undefined;
    if (scope === 'all' || scope === 'tokens') this.obtained = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
    // The discovery stays the one the flow checked: `auth()` would otherwise discover again
    // without the issuer check.
    if (scope === 'all' || scope === 'discovery') this.discovery = this.options.discovery;
  }
}
