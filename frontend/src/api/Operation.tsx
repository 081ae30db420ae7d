/**
 * One operation: its anchor (`operation-<operationId>`), method and path, description, security,
 * parameters, request body and responses as schema trees; beside them (on wide screens) the code
 * samples and the examples. Only the first success response is expanded at first. A webhook (an
 * operation the platform calls) shows its body as "Payload", and its `x-retries` under "Retries".
 */
import { lazy, Suspense, useState } from 'react';
import type { ApiExample, ApiMedia, ApiOperation, ApiParameter, ApiResponse, ApiSecurity, ApiText } from '../types';
import { CodeBlock } from '../renderers/CodeBlock';
import { renderNode } from '../renderers/Content';
import { useApi } from './context';
import { PropertyRow, SchemaView } from './Schema';
import { Method, Path, Text } from './Text';

/** The Try-it panel and its validator: a chunk of their own, loaded when a reader opens a panel. */
const TryItPanel = lazy(() => import('./tryit/TryIt'));

const PLACES = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

export function Operation({ op, security }: { op: ApiOperation; security?: ApiSecurity }) {
  const { responses } = useApi();
  const success = op.responses?.find((r) => r.status.startsWith('2'));
  const successBody = success?.ref ? responses[success.ref] : success;
  const requestExamples = op.requestBody?.content?.[0];
  const responseExamples = successBody?.content?.find((media) => media.examples?.length);
  const title = op.summary || `${op.method} ${op.path}`;
  return (
    <section id={op.id} className={`api-operation${op.deprecated ? ' api-operation-deprecated' : ''}`}>
      <div className="api-operation-main">
        <h3 className="api-operation-title">
          {title}
          <a className="hash-link" href={`#${op.id}`} aria-label={`Direct link to ${title}`}>
            #
          </a>
        </h3>
        <p className="api-endpoint">
          <Method method={op.method} /> <Path path={op.path} />
          {op.deprecated && <span className="api-badge api-deprecated">deprecated</span>}
        </p>
        {op.webhook ? <p className="api-security">Sent by the platform to your endpoint.</p> : <Security security={op.security ?? security} />}
        <Text value={op.description} />
        <Parameters parameters={op.parameters ?? []} />
        {op.requestBody && (
          <div className="api-block api-skippable">
            <h4>
              {op.webhook ? 'Payload' : 'Request body'} {op.requestBody.required && <span className="api-badge api-required">required</span>}
            </h4>
            <Text value={op.requestBody.description} />
            <MediaTypes content={op.requestBody.content ?? []} withExamples={false} />
          </div>
        )}
        {op.responses && op.responses.length > 0 && (
          <div className="api-block api-skippable">
            <h4>Responses</h4>
            <ul className="api-responses">
              {op.responses.map((response) => (
                <Response key={response.status} response={response} initiallyOpen={response === success} />
              ))}
            </ul>
          </div>
        )}
        {op.retries && (
          <div className="api-block api-skippable">
            <h4>Retries</h4>
            <Text value={op.retries} />
          </div>
        )}
        {op.callbacks?.map((callback) => (
          <div key={callback.name} className="api-block api-skippable api-callback">
            <h4>Callback {callback.name}</h4>
            {callback.operations.map((inner) => (
              <Operation key={inner.id} op={inner} security={security} />
            ))}
          </div>
        ))}
        {op.externalDocs && (
          <p>
            <a href={op.externalDocs.url}>{op.externalDocs.description}</a>
          </p>
        )}
        {op.samples && <TryIt op={op} />}
      </div>
      <div className="api-operation-aside">
        {op.samples && (
          <div className="api-samples api-skippable">
            <p className="api-aside-title">Request</p>
            {renderNode(op.samples)}
          </div>
        )}
        {op.webhook && requestExamples?.examples && (
          <Examples title="Payload" examples={requestExamples.examples} />
        )}
        {!op.webhook && requestExamples?.examples && <Examples title="Request body" examples={requestExamples.examples} />}
        {responseExamples?.examples && (
          <Examples title={`Response ${success!.status}`} examples={responseExamples.examples} />
        )}
      </div>
    </section>
  );
}

/** "Try it": a button that opens the panel (loading its code the first time). */
function TryIt({ op }: { op: ApiOperation }) {
  const [open, setOpen] = useState(false);
  const panel = `${op.id}-tryit`;
  return (
    <div className="api-tryit">
      <button type="button" className="api-tryit-toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        Try it
      </button>
      <div id={panel} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="api-tryit-message">Loading…</p>}>
            <TryItPanel op={op} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

function Security({ security }: { security?: ApiSecurity }) {
  if (!security) return null;
  if (security.length === 0 || security.every((alternative) => alternative.length === 0)) {
    return <p className="api-security">No credentials needed.</p>;
  }
  return (
    <p className="api-security">
      <span className="api-values-label">Authorization</span>{' '}
      {security.map((alternative, index) => (
        <span key={index}>
          {index > 0 && ' or '}
          {alternative.map((need) => (
            <span key={need.scheme}>
              <a href="#authentication">{need.scheme}</a>
              {need.scopes.map((scope) => (
                <code key={scope}>{scope}</code>
              ))}
            </span>
          ))}
        </span>
      ))}
    </p>
  );
}

export function Parameters({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <>
      {PLACES.map(([place, title]) => {
        const here = parameters.filter((p) => p.in === place);
        if (!here.length) return null;
        return (
          <div key={place} className="api-block api-skippable">
            <h4>{title}</h4>
            <ParameterRows parameters={here} />
          </div>
        );
      })}
    </>
  );
}

function ParameterRows({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <ul className="api-props">
      {parameters.map((p) => (
        <PropertyRow
          key={p.name}
          name={p.name}
          node={p.schema ?? {}}
          required={p.required}
          deprecated={p.deprecated}
          description={p.description}
          example={p.example ?? p.examples?.[0]?.value}
          ancestors={[]}
        />
      ))}
    </ul>
  );
}

/** A body's media types (a choice when there are several), each with its schema. */
function MediaTypes({ content, withExamples }: { content: ApiMedia[]; withExamples: boolean }) {
  const [selected, setSelected] = useState(0);
  const media = content[selected] ?? content[0];
  if (!media) return null;
  return (
    <div className="api-media">
      {content.length > 1 && (
        <div className="api-choices" role="group" aria-label="Media type">
          {content.map((m, index) => (
            <button key={m.type} type="button" className="api-choice" aria-pressed={index === selected} onClick={() => setSelected(index)}>
              {m.type}
            </button>
          ))}
        </div>
      )}
      {media.schema ? (
        <SchemaView node={media.schema} mediaType={media.type} />
      ) : (
        <p className="api-schema-type">
          <code>{media.type}</code>
        </p>
      )}
      {media.encoding && (
        <p className="api-note">
          Encoding:{' '}
          {Object.entries(media.encoding).map(([part, type]) => (
            <code key={part}>{`${part}: ${type}`}</code>
          ))}
        </p>
      )}
      {withExamples && media.examples && <Examples title="Example" examples={media.examples} />}
    </div>
  );
}

function statusClass(status: string): string {
  return `api-status api-status-${/^[1-5]/.test(status) ? status[0] : 'default'}`;
}

function Response({ response, initiallyOpen }: { response: ApiResponse; initiallyOpen: boolean }) {
  const { responses } = useApi();
  const [open, setOpen] = useState(initiallyOpen);
  const body = response.ref ? (responses[response.ref] ?? {}) : response;
  return (
    <li className="api-response">
      <button type="button" className="api-response-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={statusClass(response.status)}>{response.status}</span>
        <span className="api-response-summary">
          <Text value={firstParagraph(body.description)} inline />
        </span>
      </button>
      {open && (
        <div className="api-response-body">
          {typeof body.description !== 'string' && <Text value={body.description} />}
          {body.headers && body.headers.length > 0 && (
            <>
              <h5>Headers</h5>
              <ParameterRows parameters={body.headers} />
            </>
          )}
          {body.content && body.content.length > 0 && <MediaTypes content={body.content} withExamples={!initiallyOpen} />}
          {body.links && body.links.length > 0 && (
            <>
              <h5>Links</h5>
              <ul className="api-links">
                {body.links.map((link) => (
                  <li key={link.name}>
                    {link.href ? <a href={link.href}>{link.name}</a> : <b>{link.name}</b>}
                    {link.parameters && (
                      <>
                        {' '}
                        {Object.entries(link.parameters).map(([name, value]) => (
                          <code key={name}>{`${name} = ${value}`}</code>
                        ))}
                      </>
                    )}
                    <Text value={link.description} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** The first paragraph of a description, for a response's one-line summary. */
function firstParagraph(text?: ApiText): ApiText | undefined {
  if (!text || typeof text === 'string') return text;
  const first = text[0];
  return Array.isArray(first) && first[0] === 'p' ? (first.slice(2) as ApiText) : text;
}

/** Examples of a body: one code block, with a choice when the spec names several. */
export function Examples({ title, examples }: { title: string; examples: ApiExample[] }) {
  const [selected, setSelected] = useState(0);
  const example = examples[selected] ?? examples[0]!;
  return (
    <div className="api-examples api-skippable">
      <p className="api-aside-title">{title}</p>
      {examples.length > 1 && (
        <div className="api-choices" role="group" aria-label={`${title} examples`}>
          {examples.map((e, index) => (
            <button key={index} type="button" className="api-choice" aria-pressed={index === selected} onClick={() => setSelected(index)}>
              {e.summary ?? e.name ?? `Example ${index + 1}`}
            </button>
          ))}
        </div>
      )}
      <Text value={example.description} />
      {example.html !== undefined ? (
        <CodeBlock
          key={selected}
          language="json"
          html={example.html}
          title={examples.length > 1 ? undefined : (example.summary ?? example.name)}
        />
      ) : example.externalValue ? (
        <p>
          <a href={example.externalValue}>{example.externalValue}</a>
        </p>
      ) : null}
    </div>
  );
}
