/**
 * The bench's "default stack" baseline for POST /newsletter: what a React Router team writes
 * without thinking about speed. An Express 5 app handing every request to React Router
 * (`createRequestHandler` from @react-router/express), and a route whose action reads the JSON
 * body, checks it with zod and inserts the subscriber with Kysely into SQLite (WAL,
 * synchronous=NORMAL, as the site). The route is a resource route (an action, no component), so
 * its answer is the action's own JSON, no page render. No consent record, no mail, no log.
 * Prints "listening PORT" on stdout. Run by bench/scenarios/newsletter.ts.
 */
import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { Kysely, SqliteDialect } from "kysely";
import type { ActionFunctionArgs, ServerBuild } from "react-router";
import { z } from "zod";
import { SqliteDatabase } from "../../../server/db/sqlite-driver";

interface Tables {
  subscribers: {
    id: string;
    email: string;
    subscribed_at: string;
    status: string;
  };
}

const sqlite = new SqliteDatabase(path.join(process.env.DATA_DIR ?? ".", "express-react-router.db"));
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("synchronous = NORMAL");
const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database: sqlite }),
});
await db.schema
  .createTable("subscribers")
  .ifNotExists()
  .addColumn("id", "text", (c) => c.primaryKey())
  .addColumn("email", "text", (c) => c.notNull().unique())
  .addColumn("subscribed_at", "text", (c) => c.notNull())
  .addColumn("status", "text", (c) => c.notNull())
  .execute();

const SignUp = z.object({ email: z.email() });

/** routes/newsletter.ts: the sign-up form's action. */
async function action({ request }: ActionFunctionArgs): Promise<Response> {
  const parsed = SignUp.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return Response.json({ error: "Please enter a valid email address." }, { status: 400 });
  const inserted = await db
    .insertInto("subscribers")
    .values({
      id: crypto.randomUUID(),
      email: parsed.data.email,
      subscribed_at: new Date().toISOString(),
      status: "active",
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows
    ? Response.json({ message: "Thank you for subscribing!" }, { status: 201 })
    : Response.json({ error: "This email is already subscribed." }, { status: 409 });
}

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
/** A resource route's module has no component; the build's type always asks for one. */
const newsletterRoute = { action } as Omit<RouteModule, "default"> as RouteModule;

/**
 * The server build `react-router build` would emit for a root layout and that one route, written
 * out: the bench runs without a Vite build of its own. Pages are never rendered here (the root
 * renders nothing; a document request gets an empty 404).
 */
type ManifestEntry = NonNullable<ServerBuild["assets"]["routes"][string]>;

/** A route of the browser manifest: nothing on the client, no loader, the action as given. */
const manifestEntry = (route: Pick<ManifestEntry, "id" | "path" | "module" | "hasAction"> & { parentId?: string }): ManifestEntry => ({
  ...route,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
});

const build: ServerBuild = {
  entry: {
    module: {
      default: (_request, status, headers) => new Response(null, { status, headers }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/newsletter": {
      id: "routes/newsletter",
      parentId: "root",
      path: "newsletter",
      module: newsletterRoute,
    },
  },
  assets: {
    entry: { imports: [], module: "/entry.client.js" },
    routes: {
      root: manifestEntry({ id: "root", path: "", module: "/root.js", hasAction: false }),
      "routes/newsletter": manifestEntry({ id: "routes/newsletter", parentId: "root", path: "newsletter", module: "/newsletter.js", hasAction: true }),
    },
    url: "/manifest.js",
    version: "bench",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
    v8_middleware: false,
  },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
};

const app = express();
app.disable("x-powered-by");
app.all("*splat", createRequestHandler({ build, mode: "production" }));

const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close();
  void db.destroy().then(() => process.exit(0));
});
