/** The status routes of spec 01 §2.2: each a heading, an explanation and a way home. */
import { StatusView } from '@/components/StatusView';

export function NotFoundPage() {
  return <StatusView kind="notFound" />;
}

export function ServerErrorPage() {
  return <StatusView kind="serverError" />;
}

export function MaintenancePage() {
  return <StatusView kind="maintenance" />;
}

export function ComingSoonPage() {
  return <StatusView kind="comingSoon" />;
}
