/** The components a content tree may name. Keep in step with ../registry.json (the builder reads it). */
import type { ComponentType } from 'react';
import registry from '../registry.json';
import { CodeBlock } from './CodeBlock';
import { Tabs, TabItem } from './Tabs';
import { OperationCard } from './OperationCard';
import { Details } from './Details';
import { TableWrapper } from './TableWrapper';
import { Math } from './Math';
import { Diagram } from './Diagram';

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
};
