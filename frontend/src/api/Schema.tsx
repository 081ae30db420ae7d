/**
 * Schema trees: a body, a response or a schema as rows of properties. A row with nested fields
 * (an object, an array of objects, a composition, a named schema) expands on demand; its children
 * are rendered only when open. Named schemas come from the page's table: a schema that contains
 * itself shows a "circular" marker with a link to its definition instead of expanding again.
 */
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiText, SchemaNode } from '../types';
import { useApi } from './context';
import { Text } from './Text';

type Schemas = Record<string, SchemaNode>;

/** The schema a node stands for: a reference followed to its definition. */
export function resolve(node: SchemaNode, schemas: Schemas): SchemaNode {
  let current = node;
  for (let hops = 0; current.ref && schemas[current.ref] && hops < 32; hops++) current = schemas[current.ref]!;
  return current;
}

/** The named schemas a node refers to on its way to its fields (itself, or its array's items). */
function refsOf(node: SchemaNode, schemas: Schemas): string[] {
  const refs: string[] = [];
  let current: SchemaNode | undefined = node;
  for (let hops = 0; current && hops < 32; hops++) {
    if (current.ref) {
      if (refs.includes(current.ref)) break;
      refs.push(current.ref);
      current = schemas[current.ref];
    } else if (current.items && !current.properties) current = current.items;
    else break;
  }
  return refs;
}

/** The node whose fields a row shows: through references and array items. */
function fieldsOf(node: SchemaNode, schemas: Schemas): SchemaNode {
  let current = resolve(node, schemas);
  for (let hops = 0; current.items && !current.properties && hops < 32; hops++) current = resolve(current.items, schemas);
  return current;
}

export function hasFields(node: SchemaNode, schemas: Schemas): boolean {
  const fields = fieldsOf(node, schemas);
  return Boolean(
    (fields.properties && Object.keys(fields.properties).length) ||
      fields.additionalProperties ||
      fields.patternProperties ||
      fields.prefixItems ||
      fields.oneOf ||
      fields.anyOf ||
      fields.allOf ||
      fields.not ||
      fields.if,
  );
}

export function TypeLabel({ node }: { node: SchemaNode }): ReactNode {
  let label: ReactNode;
  if (node.ref) label = <a href={`#schema-${node.ref}`}>{node.ref}</a>;
  else if (node.items)
    label = (
      <>
        array of <TypeLabel node={node.items} />
      </>
    );
  else if (node.oneOf) label = 'one of';
  else if (node.anyOf) label = 'any of';
  else if (node.allOf) label = 'all of';
  else if (node.not) label = 'not';
  else label = node.type ?? 'any';
  return (
    <span className="api-type">
      {label}
      {node.format && <span className="api-format">{`<${node.format}>`}</span>}
      {node.nullable && ' | null'}
    </span>
  );
}

function Badges({ node, required }: { node: SchemaNode; required?: boolean }) {
  return (
    <>
      {required && <span className="api-badge api-required">required</span>}
      {node.readOnly && <span className="api-badge">read-only</span>}
      {node.writeOnly && <span className="api-badge">write-only</span>}
      {node.deprecated && <span className="api-badge api-deprecated">deprecated</span>}
    </>
  );
}

function Values({ label, values }: { label: string; values: string[] }) {
  return (
    <p className="api-values">
      <span className="api-values-label">{label}</span>{' '}
      {values.map((value, index) => (
        <code key={index}>{value}</code>
      ))}
    </p>
  );
}

/** What a row says about its schema: description, constraints, allowed values, default, example. */
function Facts({ node, target, description, example }: { node: SchemaNode; target: SchemaNode; description?: ApiText; example?: string }) {
  const text = description ?? node.description ?? target.description;
  const constraints = [...(node.constraints ?? []), ...(node.items?.constraints ?? [])];
  const examples = example ? [example] : (node.examples ?? target.examples);
  return (
    <div className="api-facts">
      <Text value={text} />
      {constraints.length > 0 && <p className="api-constraints">{constraints.join(' · ')}</p>}
      {node.pattern && <Values label="Pattern" values={[node.pattern]} />}
      {node.const !== undefined && <Values label="Value" values={[node.const]} />}
      {(node.enum ?? target.enum) && <Values label="Allowed" values={(node.enum ?? target.enum)!} />}
      {node.default !== undefined && <Values label="Default" values={[node.default]} />}
      {examples && <Values label="Example" values={examples.slice(0, 1)} />}
      {node.contentMediaType && <Values label="Content" values={[node.contentMediaType]} />}
      {node.externalDocs && (
        <p>
          <a href={node.externalDocs.url}>{node.externalDocs.description}</a>
        </p>
      )}
    </div>
  );
}

interface RowProps {
  name: string;
  node: SchemaNode;
  required?: boolean;
  /** Named schemas above this row: one of them again is a circular reference. */
  ancestors: string[];
  description?: ApiText;
  example?: string;
  deprecated?: boolean;
}

/** One property (or parameter, or header): name, type, marks, facts, and its fields on demand. */
export function PropertyRow({ name, node, required, ancestors, description, example, deprecated }: RowProps) {
  const { schemas } = useApi();
  const [open, setOpen] = useState(false);
  const refs = refsOf(node, schemas);
  const circular = refs.find((ref) => ancestors.includes(ref));
  const expandable = !circular && hasFields(node, schemas);
  const target = resolve(node, schemas);
  const shown = deprecated ? { ...node, deprecated: true } : node;
  return (
    <li className="api-prop">
      <div className="api-prop-head">
        {expandable ? (
          <button type="button" className="api-prop-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            <code className="api-prop-name">{name}</code>
          </button>
        ) : (
          <code className="api-prop-name">{name}</code>
        )}
        <TypeLabel node={node} />
        <Badges node={shown} required={required} />
        {circular && (
          <a className="api-badge api-circular" href={`#schema-${circular}`} title={`${circular} contains itself`}>
            circular
          </a>
        )}
      </div>
      <Facts node={shown} target={target} description={description} example={example} />
      {open && (
        <div className="api-prop-fields">
          <Fields node={node} ancestors={[...ancestors, ...refs]} />
        </div>
      )}
    </li>
  );
}

/** The fields of a schema: properties, additional properties, array items, compositions. */
export function Fields({ node, ancestors }: { node: SchemaNode; ancestors: string[] }) {
  const { schemas } = useApi();
  const fields = fieldsOf(node, schemas);
  const required = new Set(fields.required ?? []);
  const properties = Object.entries(fields.properties ?? {});
  const rows = (
    <>
      {properties.map(([name, child]) => (
        <PropertyRow key={name} name={name} node={child} required={required.has(name)} ancestors={ancestors} />
      ))}
      {Object.entries(fields.patternProperties ?? {}).map(([pattern, child]) => (
        <PropertyRow key={pattern} name={`/${pattern}/`} node={child} ancestors={ancestors} />
      ))}
      {fields.additionalProperties && (
        <PropertyRow name="additional properties" node={fields.additionalProperties} ancestors={ancestors} />
      )}
      {fields.prefixItems?.map((child, index) => (
        <PropertyRow key={`item-${index}`} name={`[${index}]`} node={child} ancestors={ancestors} />
      ))}
    </>
  );
  return (
    <>
      {(properties.length > 0 || fields.patternProperties || fields.additionalProperties || fields.prefixItems) && (
        <ul className="api-props">{rows}</ul>
      )}
      {fields.additionalProperties === false && properties.length > 0 && (
        <p className="api-note">No other properties are allowed.</p>
      )}
      {fields.oneOf && <Variants kind="One of" node={fields} members={fields.oneOf} ancestors={ancestors} />}
      {fields.anyOf && <Variants kind="Any of" node={fields} members={fields.anyOf} ancestors={ancestors} />}
      {fields.allOf && <Variants kind="All of" node={fields} members={fields.allOf} ancestors={ancestors} all />}
      {fields.not && (
        <p className="api-note">
          Must not be: <TypeLabel node={fields.not} />
        </p>
      )}
      {fields.if && (
        <div className="api-conditional">
          <Variants kind="If" node={fields} members={[fields.if]} ancestors={ancestors} all />
          {fields.then && <Variants kind="Then" node={fields} members={[fields.then]} ancestors={ancestors} all />}
          {fields.else && <Variants kind="Else" node={fields} members={[fields.else]} ancestors={ancestors} all />}
        </div>
      )}
    </>
  );
}

function variantLabel(member: SchemaNode, node: SchemaNode, schemas: Schemas, index: number): string {
  const mapping = node.discriminator?.mapping ?? {};
  const value = Object.keys(mapping).find((key) => member.ref && mapping[key] === member.ref);
  if (value) return value;
  if (node.discriminator && member.ref) return member.ref;
  return member.ref ?? member.title ?? resolve(member, schemas).title ?? member.type ?? `Option ${index + 1}`;
}

/** oneOf / anyOf: a choice of variants (the discriminator's values name them); allOf: all of them. */
function Variants({ kind, node, members, ancestors, all }: { kind: string; node: SchemaNode; members: SchemaNode[]; ancestors: string[]; all?: boolean }) {
  const { schemas } = useApi();
  const [selected, setSelected] = useState(0);
  const member = members[selected] ?? members[0]!;
  const circular = refsOf(member, schemas).find((ref) => ancestors.includes(ref));
  return (
    <div className="api-variants">
      <p className="api-variants-title">
        {kind}
        {node.discriminator && (
          <>
            {' '}
            · discriminator <code>{node.discriminator.propertyName}</code>
          </>
        )}
      </p>
      {!all && members.length > 1 && (
        <div className="api-choices" role="group" aria-label={kind}>
          {members.map((option, index) => (
            <button
              key={index}
              type="button"
              className="api-choice"
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
            >
              {variantLabel(option, node, schemas, index)}
            </button>
          ))}
        </div>
      )}
      {(all ? members : [member]).map((option, index) => (
        <div key={all ? index : selected} className="api-variant">
          {(all || members.length === 1) && option.ref && (
            <p className="api-note">
              <TypeLabel node={option} />
            </p>
          )}
          {circular && !all ? (
            <p className="api-note">
              <a className="api-badge api-circular" href={`#schema-${circular}`}>
                circular
              </a>{' '}
              {circular} contains itself.
            </p>
          ) : hasFields(option, schemas) ? (
            <Fields node={option} ancestors={[...ancestors, ...refsOf(option, schemas)]} />
          ) : (
            <p className="api-note">
              <TypeLabel node={option} />
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** A request or response schema: what it is, then its fields. */
export function SchemaView({ node, mediaType }: { node: SchemaNode; mediaType?: string }) {
  const { schemas } = useApi();
  const target = resolve(node, schemas);
  return (
    <div className="api-schema-view">
      <p className="api-schema-type">
        {mediaType && <code>{mediaType}</code>}
        <TypeLabel node={node} />
        <Badges node={node} />
      </p>
      {node.ref && <Text value={node.description ?? target.description} />}
      {hasFields(node, schemas) && <Fields node={node} ancestors={refsOf(node, schemas)} />}
    </div>
  );
}

/** One entry of the schemas section: collapsed, expanded by a click or by a link to #schema-Name. */
export function SchemaEntry({ name, node }: { name: string; node: SchemaNode }) {
  const { openSchemas } = useApi();
  // closed in the prerendered HTML, and so while hydrating it; then as the store says
  const open = useSyncExternalStore(openSchemas.subscribe, () => openSchemas.isOpen(name), () => false);
  return (
    <section id={`schema-${name}`} className="api-schema api-skippable">
      <h3 className="api-schema-name">
        <button type="button" aria-expanded={open} onClick={() => openSchemas.setOpen(name, !open)}>
          {name}
        </button>{' '}
        <TypeLabel node={node} />
        <a className="hash-link" href={`#schema-${name}`} aria-label={`Direct link to ${name}`}>
          #
        </a>
      </h3>
      <Text value={node.description} />
      {open && (
        <div className="api-schema-fields">
          <Facts node={{ ...node, description: undefined }} target={{}} />
          <Fields node={node} ancestors={[name]} />
        </div>
      )}
    </section>
  );
}
