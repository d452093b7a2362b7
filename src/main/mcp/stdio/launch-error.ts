// A stdio server that could not be started, for a reason already put in words a user can act on
// (a missing command, a missing working folder): connect-errors.ts shows its message as it is.
/** A failure to start a stdio server that is already explained (its message is the reason). */
export class LaunchError extends Error {
  override name = 'LaunchError';
}
