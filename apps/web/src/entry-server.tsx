import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';

import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { PageHeadContext, type PageHead } from './hooks/use-meta-description';

// The build's server entry (vite-plugins/prerender.ts): each public page rendered by the app's own
// components into HTML, as the browser's first render will draw it (no data yet, no session, no
// cart), so the browser takes it over without redrawing.

export type RenderedPage = {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description?: string;
};

export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: PageHead = {};
  const markup = renderToString(
    <StrictMode>
      <PageHeadContext value={head}>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </PageHeadContext>
    </StrictMode>,
  );
  // React writes the page's <title> (components/ui/page-title.tsx) ahead of the markup; it goes
  // into <head>, where the browser's React finds it again.
  const hoisted = /^<title>([^<]*)<\/title>/.exec(markup);
  if (!hoisted?.[1]) throw new Error(`${path} renders no <title>`);
  return {
    html: markup.slice(hoisted[0].length),
    title: hoisted[1],
    description: head.description,
  };
}
