import type { ReactNode } from 'react';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: ReactNode;
  /** The page's one line under its title: what it does, or what it shows. */
  description?: ReactNode;
  /** Buttons and links that act on the whole page, at the header's end. */
  actions?: ReactNode;
  /** 1 for a screen; 2 for a page inside a screen that has its own h1 (settings). */
  level?: 1 | 2;
  titleId?: string;
  /** More classes on the header, after `page-header`. */
  className?: string;
  /** Classes of the block that holds the title and the description. */
  headingClassName?: string;
}

/** A page's header: its title, the line that says what it is, and its actions. */
export function PageHeader({ title, description, actions, level = 1, titleId, className, headingClassName }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={className ? `page-header ${className}` : 'page-header'}>
      <div className={headingClassName}>
        <Heading id={titleId} className="page-title">
          {title}
        </Heading>
        {description !== undefined ? <p className="page-subtitle">{description}</p> : null}
      </div>
      {actions}
    </header>
  );
}
