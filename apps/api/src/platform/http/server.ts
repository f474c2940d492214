import http from 'node:http';
import type { Express } from 'express';

/**
 * The app's HTTP server, whose requests and responses are born as the app's own objects.
 *
 * Express gives every request its methods with `Object.setPrototypeOf(req, app.request)` (and the
 * same for the response). In V8 an object whose prototype was changed outlives the next minor
 * garbage collection: every request and everything it allocated survived its scavenge and was
 * moved to the old generation. Measured with `--trace-gc-nvp` under a steady load, a bare Express 5
 * app kept 3-5 MB alive through each scavenge, which took 3-5 ms and filled the old generation
 * for a full collection every few seconds; a plain Node server answering the same bytes kept
 * nothing and scavenged in 0.1 ms. Those pauses were among the catalogue's slowest answers.
 *
 * Here Node builds each request and response from classes whose prototypes are the app's
 * `request` and `response` (the server's `IncomingMessage` and `ServerResponse` options), so
 * Express's call finds the prototype already in place and changes nothing. The same bare app
 * then kept nothing through its scavenges (0.5 ms each) and answered a quarter to a half more
 * requests a second. Apps built by `createApp` and served some other way (the tests' in-process
 * servers) behave as before: the prototypes are the same objects, only set later.
 *
 * Call it once per app: it gives the app's `request` and `response` prototypes to the new classes.
 */
export function appServer(app: Express): http.Server {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse extends http.ServerResponse {}
  app.request = adopt(app.request, AppRequest.prototype);
  app.response = adopt(app.response, AppResponse.prototype);
  return http.createServer(
    { IncomingMessage: AppRequest, ServerResponse: AppResponse },
    app as unknown as http.RequestListener<typeof AppRequest, typeof AppResponse>,
  );
}

/**
 * Makes `proto` (a class's prototype, set up once at start) stand where `current` stood: the
 * same prototype chain (Express's methods, then Node's) and the same own properties (`app`).
 */
function adopt<T extends object>(current: T, proto: object): T {
  Object.setPrototypeOf(proto, Object.getPrototypeOf(current) as object);
  Object.defineProperties(proto, Object.getOwnPropertyDescriptors(current));
  return proto as T;
}

/** Stops listening; resolves once the server's open connections have ended. */
export function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Listens on `port` and `host`; resolves once listening, rejects when the port cannot be had. */
export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
