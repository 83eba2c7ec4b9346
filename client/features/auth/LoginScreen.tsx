import { useBoot } from "../../app/boot";

/** The sign-in page wears the partner's look (logo, platform name, brand colour). */
export default function LoginScreen() {
  const { styling } = useBoot();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gradient-1 to-gradient-2 p-6">
      <section className="w-full max-w-sm rounded-2xl bg-card p-8 shadow-xl" aria-labelledby="login-title">
        {styling.logo && styling.showLogoOnLogin ? <img src={styling.logo.uri} alt="" className="mb-4 h-12 w-12" /> : null}
        <p className="text-sm font-semibold text-brand-text" data-testid="platform-name">
          {styling.platformName}
        </p>
        <h1 id="login-title" className="mt-1 text-2xl font-semibold tracking-tight">
          Sign in
        </h1>
      </section>
    </main>
  );
}
