/**
 * Renders a content tree from the builder: strings are text, `[tag, props, ...children]` are
 * elements, capitalised tags are the registered components. Internal links become router links; an
 * `<a>` without an href (a legacy anchor, `<a id="old-anchor">`) stays a plain element.
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { ContentNode } from '../types';
import { contentComponents } from './registry';
import { SiteLink } from '../lib/SiteLink';

export function Content({ nodes }: { nodes: ContentNode[] }) {
  return element(Fragment, null, nodes.map(renderNode));
}

/** Children given one by one as arguments, the way JSX gives them (no keys needed), up to this
 * many: a function call's arguments live on the stack, and a long page (a list of 200,000 items)
 * overflowed it. More children are given as one array, each in a keyed fragment (no DOM of its own). */
const ARGUMENTS_LIMIT = 10_000;

// any element type: an HTML tag or a component, with the props the tree gives it
function element(type: string | ComponentType<any>, props: object | null, children: ReactNode[]) {
  if (children.length <= ARGUMENTS_LIMIT) return createElement(type, props, ...children);
  return createElement(
    type,
    props,
    children.map((child, index) => createElement(Fragment, { key: index }, child)),
  );
}

export function renderNode(node: ContentNode): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const rendered = children.map(renderNode);
  if (tag === 'a' && typeof props?.href === 'string') {
    return element(SiteLink, props, rendered);
  }
  if (/^[A-Z]/.test(tag)) {
    const component = (contentComponents as Record<string, ComponentType<Record<string, unknown>>>)[tag];
    if (!component) throw new Error(`No content component named "${tag}" is registered (frontend/src/renderers/registry.ts).`);
    return element(component, props ?? {}, rendered);
  }
  return element(tag, props, rendered);
}
