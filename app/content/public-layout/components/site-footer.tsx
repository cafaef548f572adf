import { Link } from "react-router";
import { FOUNDATION, MAIN_NAVIGATION } from "./navigation";
import { NewsletterForm } from "~/community/newsletter/index.ui";
import { useFoundationContact } from "~/ui/use-foundation-contact";

/**
 * The header's pages, the appeals (the header keeps the nine links it began with),
 * Testimonials (where anyone can read and share experiences), a donor's own giving, where
 * the Zakat went and how the foundation handles it, where a family in need asks for help
 * (Get help), and quick pay for the obligations (its name is long: it takes the whole row).
 */
const FOOTER_LINKS: { to: string; label: string; wide?: boolean }[] = [
  ...MAIN_NAVIGATION,
  { to: "/appeals", label: "Appeals" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/my-giving", label: "My Giving" },
  { to: "/transparency", label: "Transparency" },
  { to: "/zakat-policy", label: "Zakat Policy" },
  { to: "/get-help", label: "Get help" },
  { to: "/obligations", label: "Pay Zakat al-Fitr, Fidya or Kaffarah", wide: true },
];

/**
 * `zakatPolicyPublished`: the policy is linked only once staff have written it (a template is never offered as the
 * foundation's word).
 */
export function SiteFooter({ zakatPolicyPublished }: { zakatPolicyPublished: boolean }) {
  const contact = useFoundationContact();
  const links = zakatPolicyPublished ? FOOTER_LINKS : FOOTER_LINKS.filter((item) => item.to !== "/zakat-policy");
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold text-white">
            {FOUNDATION.name}
          </h2>
          <p className="mt-3 text-sm leading-relaxed">
            We collect Zakat and Sadaqa and deliver them to families, orphans and communities in crisis, with full
            transparency.
          </p>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-bold text-white">
            Quick Links
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm whitespace-nowrap">
            {links.map((item) => (
              <li key={item.to} className={item.wide ? "col-span-2 whitespace-normal" : undefined}>
                <Link to={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-bold text-white">
            Contact Us
          </h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{contact.address}</p>
            <p>
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`} className="hover:text-white hover:underline">
                {contact.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${contact.email}`} className="hover:text-white hover:underline">
                {contact.email}
              </a>
            </p>
          </address>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Social media">
            {FOUNDATION.social.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="hover:text-white hover:underline"
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-lg font-bold text-white">
            Newsletter
          </h2>
          <div className="mt-3">
            <NewsletterForm />
          </div>
        </section>
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-4 text-xs text-slate-400">
          © {new Date().getFullYear()} {FOUNDATION.name}. A registered charity. All amounts in US dollars.
        </p>
      </div>
    </footer>
  );
}
