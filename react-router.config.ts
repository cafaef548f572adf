import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Route middleware guards the whole admin area before any child loader runs.
    v8_middleware: true,
  },
} satisfies Config;
