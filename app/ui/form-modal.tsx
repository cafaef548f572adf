import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Modal } from "./modal";

/**
 * An admin create/edit form: a modal over the list with JavaScript, a panel on the page
 * without it. Closing goes back to the list's address.
 */
export function FormModal({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Modal title={title} onClose={() => navigate(closeTo, { preventScrollReset: true })}>
      {children}
    </Modal>
  );
}
