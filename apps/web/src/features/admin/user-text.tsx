import type { ReactNode } from 'react';

/**
 * What a person wrote (a name, a title, a note), shown as they wrote it in the back-office's screens:
 * isolated in its own direction within the line (`<bdi dir="auto">`), and marked as theirs, not the
 * page's words (the language tests leave it be).
 */
export const UserText = ({ children }: { children: string }) => (
  <bdi dir="auto" data-user-content="">
    {children}
  </bdi>
);

/**
 * A control's words (`children`, what it shows) and its full name for screen readers (`name`, which
 * holds what a person wrote: wrapped in UserText, it is read in its own language and left be by the
 * language tests, where an aria-label would mix it into the page's words).
 */
export const NamedControl = ({ name, children }: { name: ReactNode; children: ReactNode }) => (
  <>
    <span aria-hidden="true">{children}</span>
    <span className="visually-hidden">{name}</span>
  </>
);
