/**
 * A configuration problem that must stop start-up (a broken plugin, an unloadable rule set).
 * The message says what is wrong and how to fix it; it never contains turn text.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
