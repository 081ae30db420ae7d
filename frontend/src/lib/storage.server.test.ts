// @vitest-environment node
/** Storage while rendering on the server is a bug to see at once. */
import { describe, expect, it } from 'vitest';
import { createStorageSlot, StorageKeys } from './storage';

describe('storage during server rendering', () => {
  it('throws an illegal-use error', () => {
    const slot = createStorageSlot(StorageKeys.theme);
    expect(() => slot.get()).toThrow(/Illegal use of browser storage during server rendering/);
    expect(() => slot.set('dark')).toThrow(/Illegal use/);
    expect(() => slot.del()).toThrow(/Illegal use/);
  });
});
