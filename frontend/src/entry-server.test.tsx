// @vitest-environment node
/** The server render: one synchronous pass when nothing suspends, the complete render otherwise. */
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderComplete } from './entry-server';

function Broken(): never {
  throw new Error('a layout crashed');
}

describe('renderComplete', () => {
  it('renders what suspends nowhere at once', async () => {
    const html = await renderComplete(
      <Suspense fallback={<p>loading</p>}>
        <p>ready</p>
      </Suspense>,
    );
    expect(html).toBe('<!--$--><p>ready</p><!--/$-->');
  });

  it('waits for a lazy component instead of writing its fallback', async () => {
    const Later = lazy(async () => ({ default: () => <p>loaded later</p> }));
    const html = await renderComplete(
      <Suspense fallback={<p>loading</p>}>
        <Later />
      </Suspense>,
    );
    expect(html).toContain('<p>loaded later</p>');
    expect(html).not.toContain('loading');
  });

  it('waits for a lazy component outside any Suspense boundary', async () => {
    const Later = lazy(async () => ({ default: () => <p>loaded later</p> }));
    expect(await renderComplete(<Later />)).toBe('<p>loaded later</p>');
  });

  it('fails on a component that fails, even inside a Suspense boundary', async () => {
    await expect(
      renderComplete(
        <Suspense fallback={<p>loading</p>}>
          <Broken />
        </Suspense>,
      ),
    ).rejects.toThrow('a layout crashed');
    await expect(renderComplete(<Broken />)).rejects.toThrow('a layout crashed');
  });
});
