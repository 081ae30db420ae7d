/** A page's content tree, rendered with every component of the registry (registry.ts). */
import { Fragment, type ReactNode } from 'react';
import type { ContentNode } from '../types';
import { contentComponents } from './registry';
import { element, treeRenderer } from './tree';

export function Content({ nodes }: { nodes: ContentNode[] }) {
  return element(Fragment, null, nodes.map(renderNode));
}

export const renderNode = treeRenderer(contentComponents, (tag): ReactNode => {
  throw new Error(`No content component named "${tag}" is registered (frontend/src/renderers/registry.ts).`);
});
