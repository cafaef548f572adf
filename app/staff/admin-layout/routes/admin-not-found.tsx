import { data, Link } from "react-router";
import type { Route } from "./+types/admin-not-found";

export const meta: Route.MetaFunction = () => [{ title: "Not found | Admin" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="rounded-xl bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">We couldn't find that admin screen</h1>
      <p className="mt-2 text-slate-600">
        The address may be mistyped or out of date. Choose a screen from the sidebar, or start from the Dashboard.
      </p>
      <Link to="/admin" className="btn-primary mt-6">
        Go to the Dashboard
      </Link>
    </div>
  );
}
