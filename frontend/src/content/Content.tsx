/**
 * Renders a content tree from the builder: strings are text, `[tag, props, ...children]` are
 * elements, capitalised tags are the registered components. Internal links become router links; an
 * `<a>` without an href (a legacy anchor, `<a id="old-anchor">`) stays a plain element.
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { ContentNode } from '../types';
import { contentComponents } from './registry';
import { SiteLink } from './SiteLink';

export function Content({ nodes }: { nodes: ContentNode[] }) {
  return createElement(Fragment, null, ...nodes.map(renderNode));
}

export function renderNode(node: ContentNode): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const rendered = children.map(renderNode);
  if (tag === 'a' && typeof props?.href === 'string') {
    return createElement(SiteLink, props as { href: string }, ...rendered);
  }
  if (/^[A-Z]/.test(tag)) {
    const component = (contentComponents as Record<string, ComponentType<Record<string, unknown>>>)[tag];
    if (!component) throw new Error(`No content component named "${tag}" is registered (frontend/src/content/registry.ts).`);
    return createElement(component, props ?? {}, ...rendered);
  }
  return createElement(tag, props, ...rendered);
}
