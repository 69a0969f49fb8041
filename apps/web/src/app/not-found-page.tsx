import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  return (
    <div className="text-center py-5">
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">The address you followed does not exist on this site.</p>
      <Link to={paths.home} className="btn btn-primary">
        Go to the home page
      </Link>
    </div>
  );
}
