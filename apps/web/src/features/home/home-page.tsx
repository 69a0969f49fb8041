import { Link } from 'react-router';
import { useCurrentUser } from '../auth/api/get-current-user';
import { paths } from '../../lib/paths';

export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (user) {
    return (
      <section className="py-4">
        <h1 className="h2">Welcome back, {user.first_name}</h1>
        <p className="lead">
          You are signed in as {user.email}
          {user.company ? ` for ${user.company.name}` : ''}.
        </p>
        <Link className="btn btn-primary" to={paths.profile}>
          Edit your profile
        </Link>
      </section>
    );
  }
  return (
    <section className="py-5 text-center">
      <h1 className="display-6">Buy and sell with people and companies near you</h1>
      <p className="lead text-body-secondary">Create a free account as an individual or a company to get started.</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Link className="btn btn-primary btn-lg" to={paths.register}>
          Create an account
        </Link>
        <Link className="btn btn-outline-primary btn-lg" to={paths.login}>
          Log in
        </Link>
      </div>
    </section>
  );
}
