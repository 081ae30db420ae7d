/**
 * Renders a content tree from the builder: strings are text, `[tag, props, ...children]` are
 * elements, capitalised tags are components. Internal links become router links; an `<a>` without
 * an href (a legacy anchor, `<a id="old-anchor">`) stays a plain element. Which components a tree
 * may name is the caller's: the whole registry for a page's content (Content.tsx), fewer where a
 * part of it is shown again (a heading in the table of contents).
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { ContentNode } from '../types';
import { SiteLink } from '../lib/SiteLink';

/** Children given one by one as arguments, the way JSX gives them (no keys needed), up to this
 * many: a function call's arguments live on the stack, and a long page (a list of 200,000 items)
 * overflowed it. More children are given as one array, each in a keyed fragment (no DOM of its own). */
const ARGUMENTS_LIMIT = 10_000;

// any element type: an HTML tag or a component, with the props the tree gives it
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function element(type: string | ComponentType<any>, props: object | null, children: ReactNode[]) {
  if (children.length <= ARGUMENTS_LIMIT) return createElement(type, props, ...children);
  return createElement(
    type,
    props,
    children.map((child, index) => createElement(Fragment, { key: index }, child)),
  );
}

/**
 * The function that renders a node with these components; a component the tree names and they do
 * not have is `missing`'s to render, from its name and its rendered children.
 */
export function treeRenderer(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props are the tree's
  components: Readonly<Record<string, ComponentType<any>>>,
  missing: (tag: string, children: ReactNode[]) => ReactNode,
): (node: ContentNode) => ReactNode {
  const render = (node: ContentNode): ReactNode => {
    if (typeof node === 'string') return node;
    const [tag, props, ...children] = node;
    const rendered = children.map(render);
    if (tag === 'a' && typeof props?.href === 'string') {
      return element(SiteLink, props, rendered);
    }
    if (/^[A-Z]/.test(tag)) {
      const component = components[tag];
      return component ? element(component, props ?? {}, rendered) : missing(tag, rendered);
    }
    return element(tag, props, rendered);
  };
  return render;
}
