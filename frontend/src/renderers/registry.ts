/** The components a content tree may name. Keep in step with ../registry.json (the builder reads it). */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import registry from '../registry.json';
import { CodeBlock } from './CodeBlock';
import { Tabs, TabItem } from './Tabs';
import { OperationCard } from './OperationCard';
import { Details } from './Details';
import { TableWrapper } from './TableWrapper';
import { Math } from './Math';
import { Diagram } from './Diagram';
import { TOCInline } from './TOCInline';
import { CodeSample } from '../api/CodeSample';

// The widget simulator is a chunk of its own, loaded only by the pages that place it.
const LazySimulator = lazy(() => import('../simulator/WidgetSimulator').then((m) => ({ default: m.WidgetSimulator })));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const WidgetSimulator = (props: any) => createElement(Suspense, { fallback: null }, createElement(LazySimulator, props));
// An API sample the page does not carry (its code is fetched when its language is picked). Not a
// lazy chunk: on an API page reached by a link, each suspended sample let React commit the page in
// parts, and a link's target near the end showed 470 px low for a frame (tests/e2e/test_deep_links.py).
// So is the webhook signature checker (the webhooks page's).
const LazySignatureChecker = lazy(() => import('../webhooks/SignatureChecker').then((m) => ({ default: m.SignatureChecker })));
const SignatureChecker = () => createElement(Suspense, { fallback: null }, createElement(LazySignatureChecker));

type Name = (typeof registry.directives)[number] | (typeof registry.builtin)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const contentComponents: Record<Name, ComponentType<any>> = {
  CodeBlock,
  Tabs,
  TabItem,
  OperationCard,
  Details,
  TableWrapper,
  Math,
  Diagram,
  TOCInline,
  WidgetSimulator,
  CodeSample,
  SignatureChecker,
};
