import type { ReactNode } from 'react';

import { PageTitle } from './page-title';
import './page-header.css';

type PageHeaderProps = {
  title: string;
  /** Small line above the title. */
  eyebrow?: string;
  lead?: ReactNode;
  /** Document title when it should differ from the heading. */
  documentTitle?: string;
  align?: 'center' | 'start';
  children?: ReactNode;
};

/** The heading block at the top of a page; also sets the document title. */
export function PageHeader({
  title,
  eyebrow,
  lead,
  documentTitle,
  align = 'center',
  children,
}: PageHeaderProps) {
  return (
    <header className={`page-header page-header--${align}`}>
      <PageTitle title={documentTitle ?? title} />
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 className="page-header__title">{title}</h1>
      {lead ? <p className="page-header__lead">{lead}</p> : null}
      {children}
    </header>
  );
}
