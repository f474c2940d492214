// What other features may use of auth.
export { RequireAuth } from './components/require-auth';
export { SessionWatcher } from './components/session-watcher';
