import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  level = 2,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="section-heading" data-reveal>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <Heading id={id}>{title}</Heading>
      {children ? <p className="lead">{children}</p> : null}
    </div>
  );
}
