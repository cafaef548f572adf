import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("zakat-education", "routes/zakat-education.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  ...prefix("api", [
    route("auth/login", "routes/api/auth-login.ts"),
    route("auth/logout", "routes/api/auth-logout.ts"),
    route("settings", "routes/api/settings.ts"),
    route("settings/:key", "routes/api/setting.ts"),
    route("stories", "routes/api/stories.ts"),
    route("donations/stats", "routes/api/donation-stats.ts"),
    route("admin/dashboard", "routes/api/admin-dashboard.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
