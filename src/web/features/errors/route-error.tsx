import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/routing/chunk-load';
import { ChunkErrorScreen } from './chunk-error';
import { NotFoundPage } from './not-found-page';
import { ServerErrorPage } from './server-error-page';

/** errorElement of the router: 404 for unknown routes, "failed to load" for chunks, the 500 screen for the rest. */
export function RouteErrorScreen({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // The user sees a friendly screen; whoever debugs sees the real error.
    if (!chunk && !notFound) console.error(error);
  }, [error, chunk, notFound]);
  if (notFound) return <NotFoundPage inLayout={inLayout} />;
  if (chunk) return <ChunkErrorScreen error={error} inLayout={inLayout} />;
  return <ServerErrorPage inLayout={inLayout} />;
}
