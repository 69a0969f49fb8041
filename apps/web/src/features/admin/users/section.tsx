import { useId, type ReactNode } from 'react';

/** One part of the user page, named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="staff-user-section" aria-labelledby={id}>
      <h2 id={id} className="h5">
        {title}
      </h2>
      {children}
    </section>
  );
}
