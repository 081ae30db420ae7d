/**
 * What the reader sees when something fails: the crash screen ('This page crashed.', 'Try again',
 * the error and its chain of causes) and the load-failure box (Retry).
 */
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { MAIN_ID } from '../lib/ids';

/** The error's message followed by each `cause`, recursively. */
export function errorChain(error: unknown): string[] {
  const chain: string[] = [];
  let current: unknown = error;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    if (current instanceof Error) {
      chain.push(`${current.name}: ${current.message}`);
      current = current.cause;
    } else {
      chain.push(String(current));
      break;
    }
  }
  return chain;
}

export function CrashScreen({ error, onTryAgain }: { error: unknown; onTryAgain: () => void }) {
  const chain = errorChain(error);
  return (
    <main id={MAIN_ID} className="crash container" role="alert" tabIndex={-1}>
      <h1>This page crashed.</h1>
      <button type="button" className="button button-primary" onClick={onTryAgain}>
        Try again
      </button>
      <ol className="crash-causes">
        {chain.map((message, index) => (
          <li key={index}>
            {index > 0 && <span className="crash-cause-label">Cause: </span>}
            <code>{message}</code>
          </li>
        ))}
      </ol>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Wraps page content: a crash in the page leaves the chrome working and offers to try again. */
export class CrashBoundary extends Component<{ children: ReactNode; resetKey?: string }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page crashed.', error, info.componentStack);
  }

  render() {
    if (this.state.error !== null) {
      return <CrashScreen error={this.state.error} onTryAgain={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

/** The history entry's state field that remembers a reload after a load failure. */
const RELOADED = 'docsiteReloadedAfterLoadFailure';

/**
 * After a load failure, reload the page from the server, once per address: returns false when this
 * address was reloaded already (then the load-failure box offers Retry). The guard is kept in the
 * history entry's state, which survives the reload: no browser storage is written, so it holds with
 * `storage.type: none` and where storage is unavailable.
 */
export function reloadOnce(): boolean {
  const state = (window.history.state ?? {}) as Record<string, unknown>;
  if (state[RELOADED] === window.location.href) return false;
  window.history.replaceState({ ...state, [RELOADED]: window.location.href }, '');
  window.location.reload();
  return true;
}

/**
 * What the reader can do about a page that could not be loaded, and why it could not. The title is
 * the page's heading, or (`heading="p"`) a line of a notice on a page that has its own.
 */
function LoadFailureMessage({ error, text, heading: Heading }: { error: unknown; text: string; heading: 'h1' | 'p' }) {
  return (
    <>
      <Heading className="load-failure-title">This page could not be loaded.</Heading>
      <p>{text}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Retry
      </button>
      <details>
        <summary>Details</summary>
        <ol className="crash-causes">
          {errorChain(error).map((message, index) => (
            <li key={index}>
              <code>{message}</code>
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

/** A page reached by a link could not be loaded: reload it from the server once, else offer Retry. */
export function LoadFailure({ error }: { error: unknown }) {
  useEffect(() => {
    reloadOnce();
  }, []);
  return (
    <main id={MAIN_ID} className="load-failure container" role="alert" tabIndex={-1}>
      <LoadFailureMessage error={error} heading="h1" text="Check your connection and try again." />
    </main>
  );
}

/**
 * The page the reader arrived on could not load its code or data, even after a reload: its
 * prerendered content stays readable above this box, which says why nothing responds and offers Retry.
 */
export function FirstLoadFailure({ error }: { error: unknown }) {
  return (
    <div className="load-failure load-failure-notice" role="alert">
      <LoadFailureMessage
        error={error}
        heading="p"
        text="Its content is shown, but links, search and other controls may not work. Check your connection and try again."
      />
    </div>
  );
}

/** Forget the reload guard once a page has loaded fine. */
export function clearReloadGuard(): void {
  const state = window.history.state as Record<string, unknown> | null;
  if (state && RELOADED in state) {
    const { [RELOADED]: _reloaded, ...rest } = state;
    window.history.replaceState(rest, '');
  }
}

