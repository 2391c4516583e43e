/** A boot problem whose message tells the operator what to fix; printed without a stack. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
