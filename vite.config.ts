import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The public pages share many small components (cards, images, the modal). Left to
 * itself the bundler gives each its own file, and a phone on a slow network then waits
 * on a dozen round trips before the page is interactive; they are grouped into one
 * chunk instead. Nothing that pulls in form validation (zod, conform) joins it, so the
 * public pages never download what only the admin and donation forms need.
 */
const PUBLIC_SLICE_COMPONENT =
  /[\\/]app[\\/](content[\\/](stories|events|testimonials|homepage|public-layout|sharing)|appeals[\\/]emergency-banner|community[\\/]newsletter)[\\/]components[\\/]/;
// The shared UI the public pages use; the admin's tables, row menus and panels stay out.
const PUBLIC_SHARED_UI =
  /[\\/]app[\\/]ui[\\/](arrival-status|card-grid|form-alert|honeypot|icon|image-sizes|media-image|modal|nonce|page-hero|page-scripts|page-states|public-form|record-missing|safe-image|test-mode-notice|use-escape-key|use-focus-on-arrival|use-foundation-contact|use-hydrated)\.tsx?$/;
const PUBLIC_COMPONENT = { test: (id: string) => PUBLIC_SLICE_COMPONENT.test(id) || PUBLIC_SHARED_UI.test(id) };
const FORM_MACHINERY = /[\\/](form-fields|field-error)\.tsx$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "site", test: (id: string) => PUBLIC_COMPONENT.test(id) && !FORM_MACHINERY.test(id) }],
            },
          },
        },
      },
    },
  },
});
