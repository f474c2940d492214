import { apiRoutes, toExpressPath } from '@vanya/contracts';
import type { ApiRoute, ApiRouteKey, ContractRouteOf } from '@vanya/contracts';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { validate } from './validate';

/** What the contract's schema for `part` gives after parsing; undefined where it declares none. */
type Parsed<R, P extends string> = R extends { [K in P]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** The request's parts as the route's contract parsed them. */
export interface RouteInput<R> {
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
  body: Parsed<R, 'body'>;
}

export type ContractHandler<R> = (
  req: Request,
  res: Response,
  input: RouteInput<R>,
) => void | Promise<void>;

/** The parts validated, in this order (a bad id is reported before a bad body). */
const PARTS = ['params', 'query', 'body'] as const;

/** Handlers that require a session (requireAuth, requireSession, requireOwner). */
const sessionGuards = new WeakSet<RequestHandler>();
/** Path prefixes a router guards as a whole (the owner area's '/admin'). */
const guardedPrefixes = new WeakMap<Router, string[]>();

/** Marks `guard` as one that requires a session, so routes given it may be `auth: true`. */
export function sessionGuard(guard: RequestHandler): RequestHandler {
  sessionGuards.add(guard);
  return guard;
}

/** Puts every route of `router` below `prefix` behind `guards`, the first a session guard. */
export function guardAll(router: Router, prefix: string, ...guards: RequestHandler[]): void {
  if (!sessionGuards.has(guards[0]!))
    throw new Error(`${prefix}: the first guard must be a session guard`);
  router.use(prefix, ...guards);
  guardedPrefixes.set(router, [...(guardedPrefixes.get(router) ?? []), prefix]);
}

function contractRoute(key: string): ApiRoute {
  const route = apiRoutes.find((r) => `${r.method} ${r.path}` === key);
  if (!route) throw new Error(`${key} is not in the contracts (packages/contracts/src/api.ts)`);
  return route;
}

/** Refuses at start-up a route whose session guard disagrees with the contract's `auth`. */
function checkAuth(router: Router, key: string, route: ApiRoute, middleware: RequestHandler[]) {
  const path = toExpressPath(route.path);
  const guarded =
    middleware.some((m) => sessionGuards.has(m)) ||
    (guardedPrefixes.get(router) ?? []).some(
      (prefix) => path === prefix || path.startsWith(`${prefix}/`),
    );
  if (guarded !== route.auth)
    throw new Error(
      `${key}: the contract says auth: ${route.auth}, but the route is ${guarded ? '' : 'not '}given a session guard`,
    );
}

function register(
  router: Router,
  key: string,
  handlers: unknown[],
  parts: readonly (typeof PARTS)[number][],
): void {
  const route = contractRoute(key);
  const middleware = handlers.slice(0, -1) as RequestHandler[];
  const handler = handlers.at(-1) as ContractHandler<unknown>;
  checkAuth(router, key, route, middleware);
  const validators = parts.flatMap((part) => {
    const schema = route[part];
    return schema ? [validate(schema, part)] : [];
  });
  router[route.method](toExpressPath(route.path), ...middleware, ...validators, (req, res) =>
    handler(req, res, {
      params: res.locals.params,
      query: res.locals.query,
      body: res.locals.body,
    } as RouteInput<unknown>),
  );
}

/**
 * Registers the contract's route `key` ('post /orders/{id}/cancel') on `router`: its Express path,
 * then `middleware` (guards, rate limits, uploads), then a validator for each of params, query and
 * body the contract declares, then `handler` with the parsed parts typed by the contract.
 * Throws at start-up for a route the contracts do not list, or whose session guard disagrees
 * with the contract's `auth`.
 */
export function handle<K extends ApiRouteKey>(
  router: Router,
  key: K,
  ...handlers: [...RequestHandler[], ContractHandler<ContractRouteOf<K>>]
): void {
  register(router, key, handlers, PARTS);
}

/**
 * As `handle`, for a route that reads its body raw (a signed webhook: the signature covers the
 * exact bytes, which the handler checks before it parses them).
 */
export function handleRawBody<K extends ApiRouteKey>(
  router: Router,
  key: K,
  ...handlers: [...RequestHandler[], ContractHandler<ContractRouteOf<K>>]
): void {
  register(router, key, handlers, ['params', 'query']);
}
