import type { ReactNode } from 'react';

export function AuthCard({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="auth-card card shadow-sm mx-auto my-4">
      <div className="card-body p-4">
        <h1 className="h3 mb-4">{title}</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
