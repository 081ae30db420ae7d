/** `::OperationCard{operationId="..."}`: an API operation's method, path and summary, linking to the reference. */
import { SiteLink } from '../lib/SiteLink';

interface Props {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  href: string;
  api: string;
}

export function OperationCard({ method, path, summary, href, api }: Props) {
  return (
    <SiteLink href={href} className="operation-card">
      <span className={`http-method http-method-${method.toLowerCase()}`}>{method}</span>
      <code className="operation-card-path">{path}</code>
      <span className="operation-card-summary">{summary}</span>
      <span className="operation-card-api">{api}</span>
    </SiteLink>
  );
}
