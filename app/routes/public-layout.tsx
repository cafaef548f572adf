import { Outlet } from "react-router";
import type { Route } from "./+types/public-layout";
import { EmergencyBanner } from "~/components/layout/emergency-banner";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { EmergencyBanner as EmergencyBannerView } from "~/domain/appeals/emergency-banner";
import { emergencyBanner } from "~/services/appeals";

/** The banner's setting: if it cannot be read, the banner keeps its general words rather than taking the page down. */
export async function loader(): Promise<{ banner: EmergencyBannerView }> {
  try {
    return { banner: await emergencyBanner() };
  } catch (error) {
    console.error("The emergency banner's setting failed to load:", error);
    return { banner: { kind: "general" } };
  }
}

/**
 * The banner changes when staff change a setting: the next page load reads it again.
 * Nothing else does, like the root's data: a form posted on the page whose connection
 * drops must leave the page (and what was typed) standing, not fail the layout.
 */
export function shouldRevalidate() {
  return false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <EmergencyBanner banner={loaderData.banner} />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
