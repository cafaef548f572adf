import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The v8 behaviours, adopted now so the upgrade to React Router 8 changes nothing.
  future: {
    // Route middleware guards the whole admin area before any child loader runs.
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Loaders and actions read their address from the `url` argument, not request.url.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
