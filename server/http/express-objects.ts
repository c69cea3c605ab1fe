import http from "node:http";
import express, { type Express } from "express";

/**
 * Node's request and response objects, made with Express's prototypes from the start.
 *
 * Express 5 gives every request and response its app's prototypes (`app.request`,
 * `app.response`) with `Object.setPrototypeOf` when the request arrives. V8 then drops what it
 * knows of the objects' shape, and every later property access of every middleware and of Node's
 * own HTTP code runs the slow way. Created by the server as instances of these classes, and with
 * the app's prototypes being these classes' own (`useExpressObjects`), the swap sets the
 * prototype the object already has, which changes nothing.
 */
class ExpressRequest extends http.IncomingMessage {}
class ExpressResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {}
Object.setPrototypeOf(ExpressRequest.prototype, express.request);
Object.setPrototypeOf(ExpressResponse.prototype, express.response);

/** The options of the HTTP server that serves the app. */
export const expressServerOptions: http.ServerOptions = { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse };

/** Makes the classes' prototypes the app's own (one app per process: the last one wins). */
export function useExpressObjects(app: Express): void {
  for (const prototype of [ExpressRequest.prototype, ExpressResponse.prototype]) {
    Object.defineProperty(prototype, "app", { configurable: true, enumerable: true, writable: true, value: app });
  }
  app.request = ExpressRequest.prototype as unknown as Express["request"];
  app.response = ExpressResponse.prototype as unknown as Express["response"];
}
