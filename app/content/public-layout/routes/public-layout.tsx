import { Outlet } from "react-router";
import type { Route } from "./+types/public-layout";
import { EmergencyBanner } from "~/appeals/emergency-banner/index.ui";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import type { EmergencyBanner as EmergencyBannerView } from "~/appeals/emergency-banner";
import { emergencyBanner } from "~/appeals/emergency-banner/index.server";
import { isZakatPolicyPublished } from "~/funds/zakat-policy/index.server";

/**
 * The banner's setting, and whether the footer may link the Zakat policy (only once staff
 * have written it). Neither takes the page down: an unreadable banner keeps its general
 * words, an unreadable policy is not linked.
 */
export async function loader(): Promise<{ banner: EmergencyBannerView; zakatPolicyPublished: boolean }> {
  const [banner, zakatPolicyPublished] = await Promise.all([
    emergencyBanner().catch((error: unknown): EmergencyBannerView => {
      console.error("The emergency banner's setting failed to load:", error);
      return { kind: "general" };
    }),
    isZakatPolicyPublished().catch((error: unknown) => {
      console.error("Whether the Zakat policy is published failed to load:", error);
      return false;
    }),
  ]);
  return { banner, zakatPolicyPublished };
}

/**
 * The banner and the policy's link change when staff change them: the next page load reads them again.
 * Nothing else does, like the root's data: a form posted on the page whose connection
 * drops must leave the page (and what was typed) standing, not fail the layout.
 */
export function shouldRevalidate() {
  return false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <EmergencyBanner banner={loaderData.banner} />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter zakatPolicyPublished={loaderData.zakatPolicyPublished} />
    </>
  );
}
