import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';

export function AuthCard({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const { text } = useI18n();
  return (
    <div className="auth-card card shadow-sm mx-auto my-4">
      <div className="card-body p-4">
        <h1 className="h3 mb-4">{title}</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {text(error)}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
