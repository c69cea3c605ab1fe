import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/routes-list";

export default {
  ssr: true,
  prerender: prerenderedPaths,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
