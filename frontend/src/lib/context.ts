import { createContext, useContext, type Context } from 'react';

/**
 * A context whose hook throws when used outside its provider, naming both: a missing provider is
 * a bug to see at once, not an undefined value to chase.
 */
export function createRequiredContext<T>(name: string): [Context<T | null>, () => T] {
  const context = createContext<T | null>(null);
  context.displayName = name;
  function useRequired(): T {
    const value = useContext(context);
    if (value === null) {
      throw new Error(`use${name}() was called outside <${name}Provider>. Wrap the component in the provider.`);
    }
    return value;
  }
  return [context, useRequired];
}
