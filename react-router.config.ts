import type { Config } from "@react-router/dev/config";
import { prerenderedAnswerPaths, prerenderedPaths } from "./app/routes-list";

export default {
  ssr: true,
  prerender: [...prerenderedPaths, ...prerenderedAnswerPaths],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
