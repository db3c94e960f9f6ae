import type { ReactNode } from 'react';
import './panel.css';

/** A titled box for page content; lighter than antd's Card, which also ships Tabs and Skeleton. */
export function Panel({ title, extra, children, className }: { title: ReactNode; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={className ? `gx-panel ${className}` : 'gx-panel'}>
      <header className="gx-panel-header">
        <span>{title}</span>
        {extra !== undefined && <span className="gx-panel-extra">{extra}</span>}
      </header>
      <div className="gx-panel-body">{children}</div>
    </section>
  );
}
