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
const PUBLIC_COMPONENT = /[\\/]app[\\/]components[\\/](ui|content|home|layout)[\\/]/;
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
