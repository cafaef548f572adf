import { Link } from "react-router";

export function EmergencyBanner() {
  return (
    <aside aria-label="Emergency appeal" className="bg-red-700 text-white">
      <div className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-1 py-2 text-center text-sm">
        <p>
          <strong className="font-semibold">Emergency Appeal:</strong> families displaced by floods need food, water and
          shelter now.
        </p>
        <Link
          to="/donate"
          className="rounded-full bg-white px-3 py-0.5 font-semibold text-red-800 hover:bg-red-50"
        >
          Donate Now
        </Link>
      </div>
    </aside>
  );
}
