import Markdown from 'react-markdown';

/** Markdown rendered safely: raw HTML in it is shown as text, links open nothing inside the app. */
export function MarkdownView({ text }: { text: string }) {
  return (
    <div className="content-markdown">
      <Markdown
        skipHtml
        components={{
          a: ({ children, href }) => (
            <span className="content-md-link" title={href}>
              {children}
            </span>
          ),
          img: ({ alt }) => <span className="muted">[image: {alt}]</span>,
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
