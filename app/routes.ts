import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("zakat-education", "routes/zakat-education.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("donate", "routes/donate.tsx"),
    route("donation-success", "routes/donation-success.tsx"),
    route("zakat-calculator", "routes/zakat-calculator.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  route("sandbox/checkout/:sessionId", "routes/sandbox-checkout.tsx"),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("donations", "routes/admin/donations.tsx"),
    route("donations/export", "routes/admin/donations-export.ts"),
    route("subscriptions", "routes/admin/subscriptions.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  ...prefix("api", [
    route("auth/login", "routes/api/auth-login.ts"),
    route("auth/logout", "routes/api/auth-logout.ts"),
    route("settings", "routes/api/settings.ts"),
    route("settings/:key", "routes/api/setting.ts"),
    route("stories", "routes/api/stories.ts"),
    route("donations", "routes/api/donations.ts"),
    route("donations/stats", "routes/api/donation-stats.ts"),
    route("donations/create-payment-session", "routes/api/donation-checkout.ts"),
    route("donations/create-subscription", "routes/api/donation-subscription-checkout.ts"),
    route("donations/calculate-zakat", "routes/api/calculate-zakat.ts"),
    route("donations/subscriptions", "routes/api/subscriptions.ts"),
    route("donations/cancel-subscription", "routes/api/cancel-subscription.ts"),
    route("donations/sync-stripe-data", "routes/api/sync-provider.ts"),
    route("donations/update-subscription-status", "routes/api/refresh-subscriptions.ts"),
    route("webhooks/stripe", "routes/api/stripe-webhook.ts"),
    route("admin/dashboard", "routes/api/admin-dashboard.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
