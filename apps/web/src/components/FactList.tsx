import type { ReactNode } from 'react';

import './fact-list.css';

export interface Fact {
  key: string;
  label: string;
  value: ReactNode;
}

export interface FactListProps {
  title: string;
  facts: readonly Fact[];
  testId?: string;
}

/** A titled section of label / value rows (coin and exchange profiles). */
export function FactList({ title, facts, testId }: FactListProps) {
  return (
    <section className="cl-facts" aria-label={title} data-testid={testId}>
      <h3 className="cl-facts-title">{title}</h3>
      <dl className="cl-facts-list">
        {facts.map((fact) => (
          <div key={fact.key} className="cl-fact" data-testid={`fact-${fact.key}`}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
