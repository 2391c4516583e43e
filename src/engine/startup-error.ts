/**
 * The engine raises the application's StartupError (a broken plugin, an unloadable rule set):
 * one class, so `main.ts` prints its fix-it message without a stack.
 */
export { StartupError } from '../common/startup.error';
