import { RouteErrorScreen } from './RouteErrorScreen';

/** Error element of the root route: the shell itself failed, so draw the error page on its own. */
export function RootErrorScreen() {
  return (
    <div className="page-wrapper template-amora is-logged-out route-error">
      <main id="main" className="container py-5">
        <RouteErrorScreen />
      </main>
    </div>
  );
}
