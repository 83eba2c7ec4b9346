import { Link } from "react-router";

export default function NotFoundScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-brand-text">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="max-w-md text-muted-foreground">The page you were looking for does not exist or has moved.</p>
      <Link to="/" className="rounded-md bg-brand px-4 py-2 font-medium text-brand-foreground focus-visible:outline-2 focus-visible:outline-offset-2">
        Back to home
      </Link>
    </main>
  );
}
