import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router-dom';
import { RevealWhenMounted } from '../../prerender/RevealWhenMounted';
import { loadingBar } from '../loading-bar/loading-bar';
import { scheduleChunkReload } from './chunk-reload';
import { ErrorPage } from './ErrorPage';
import { describeError } from './page-error';

/** Route `errorElement`: 404s from the route table and anything a screen throws. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const info = describeError(error, pathname);

  useEffect(() => {
    if (info.status === 404) return;
    console.error(error);
    loadingBar.fail();
    return info.chunkLoadFailed ? scheduleChunkReload() : undefined;
  }, [error, info.status, info.chunkLoadFailed]);

  return (
    <>
      <ErrorPage status={info.status} message={info.message} path={info.path} />
      <RevealWhenMounted />
    </>
  );
}
