// An HTTP answer that carried no JSON-RPC message: its status and the start of its body, so that
// the revision probe can tell an older server (a 4xx) from no answer at all.
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the server answered HTTP ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
    this.name = 'HttpStatusError';
  }
}
