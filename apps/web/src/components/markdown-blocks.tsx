import type { MarkdownBlock, MarkdownSpan } from '@marketplace/contracts/help-essentials';
import { Link } from 'react-router';

/**
 * Staff's Markdown as the server read it (decision 031): blocks of plain text spans, drawn as React
 * elements. Text is only ever text here (React escapes it); a link is this site's path (a router
 * link) or an http(s) address the server let through.
 */
function Spans({ spans }: { spans: readonly MarkdownSpan[] }) {
  return spans.map((span, index) => {
    let node: React.ReactNode = span.text;
    if (span.em) node = <em>{node}</em>;
    if (span.strong) node = <strong>{node}</strong>;
    if (span.href?.startsWith('/')) node = <Link to={span.href}>{node}</Link>;
    else if (span.href) {
      node = (
        <a href={span.href} rel="noopener noreferrer nofollow">
          {node}
        </a>
      );
    }
    return <span key={index}>{node}</span>;
  });
}

export function MarkdownBlocks({ blocks }: { blocks: readonly MarkdownBlock[] }) {
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'h2':
        return (
          <h2 key={index} className="h5 mt-4">
            <Spans spans={block.spans} />
          </h2>
        );
      case 'h3':
        return (
          <h3 key={index} className="h6 mt-3">
            <Spans spans={block.spans} />
          </h3>
        );
      case 'p':
        return (
          <p key={index}>
            <Spans spans={block.spans} />
          </p>
        );
      case 'ul':
      case 'ol': {
        const List = block.type;
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Spans spans={item} />
              </li>
            ))}
          </List>
        );
      }
    }
  });
}
