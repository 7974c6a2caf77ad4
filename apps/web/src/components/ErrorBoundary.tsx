import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusView } from './StatusView';

/**
 * Route `errorElement`: a thrown 404 response shows the 404 page; anything else (a render error, a failed lazy chunk)
 * shows the 500 page instead of a blank screen.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <StatusView kind="notFound" />;
  if (import.meta.env.DEV) console.error(error);
  return <StatusView kind="serverError" />;
}
