import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Not found | Admin" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="rounded-xl bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">This admin screen isn't available</h1>
      <p className="mt-2 text-slate-600">
        It may not be part of this version of the site yet. Choose another screen from the sidebar.
      </p>
      <Link to="/admin" className="btn-primary mt-6">
        Go to the Dashboard
      </Link>
    </div>
  );
}
