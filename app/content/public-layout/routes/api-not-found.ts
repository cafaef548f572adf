import { apiError } from "~/lib/api.server";

/** Unknown API paths answer in the API's own shape, never with an HTML page. */
export function loader() {
  return apiError(404, "Not Found");
}

export function action() {
  return apiError(404, "Not Found");
}
