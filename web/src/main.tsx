// The Tollgate console: one page per route, a header whose navigation follows the signed-in role.
import { render } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { type Me, api, sessionEnded } from "./api.ts";
import { AlertsPage } from "./pages/alerts/alerts.tsx";
import { AuditPage } from "./pages/audit/audit.tsx";
import { CallGuidePage } from "./pages/call-guide/call-guide.tsx";
import { KeysPage } from "./pages/keys/keys.tsx";
import { MarketplacePage } from "./pages/marketplace/marketplace.tsx";
import { MembersPage } from "./pages/members/members.tsx";
import { ChannelsPage } from "./pages/operator/channels.tsx";
import { GroupsPage } from "./pages/operator/groups.tsx";
import { FirstRun } from "./pages/operator/first-run.tsx";
import { OrganizationsPage } from "./pages/operator/organizations.tsx";
import { IdentityProvidersPage } from "./pages/operator/identity-providers.tsx";
import { SignInPage } from "./pages/sign-in/sign-in.tsx";
import { ForgotPasswordPage } from "./pages/sign-in/forgot-password.tsx";
import { ResetPasswordPage, resetRoute } from "./pages/sign-in/reset-password.tsx";
import { InvitationPage, invitationRoute } from "./pages/sign-in/invitation.tsx";
import { SignUpPage, VerifySignUpPage, verifySignUpRoute } from "./pages/sign-in/sign-up.tsx";
import { TokensPage } from "./pages/tokens/tokens.tsx";
import { AccountPage } from "./pages/account/account.tsx";
import { UsagePage } from "./pages/usage/usage.tsx";
import { go, useRoute } from "./router.ts";
import "./styles.css";

type NavItem = { route: string; label: string };

/** The sign-in page, also with a refused single sign-on's `?error=` (handlers-sso.ts). */
const isSignIn = (route: string) => route === "/sign-in" || route.startsWith("/sign-in?");

function navFor(me: Me | null): NavItem[] {
  const items: NavItem[] = [{ route: "/marketplace", label: "Marketplace" }];
  if (!me) return items;
  if (me.role === "operator") {
    items.push(
      { route: "/operator/organizations", label: "Organizations" },
      { route: "/operator/groups", label: "Groups" },
      { route: "/operator/channels", label: "Channels" },
      { route: "/operator/sign-on", label: "Sign-on" },
      { route: "/usage", label: "Usage" },
      { route: "/audit", label: "Audit log" },
      { route: "/alerts", label: "Alerts" },
      { route: "/tokens", label: "Tokens" },
      { route: "/account", label: "Account" },
    );
    return items;
  }
  items.push({ route: "/keys", label: "API Keys" }, { route: "/call-guide", label: "Call Guide" });
  if (me.role !== "developer") items.push({ route: "/usage", label: "Usage" });
  if (me.role === "owner") items.push({ route: "/members", label: "Members" }, { route: "/audit", label: "Audit log" }, { route: "/alerts", label: "Alerts" }, { route: "/tokens", label: "Tokens" });
  items.push({ route: "/account", label: "Account" });
  return items;
}

function homeFor(me: Me | null): string {
  if (!me) return "/marketplace";
  return me.role === "operator" ? "/operator/organizations" : "/keys";
}

function App() {
  const route = useRoute();
  const [me, setMe] = useState<Me | null | undefined>(undefined);

  useEffect(() => {
    api.GET("/api/me").then(({ data }) => setMe(data ?? null), () => setMe(null));
    // An expired session: back to the sign-in form, which returns to this page afterwards.
    const ended = () => setMe(null);
    addEventListener(sessionEnded, ended);
    return () => removeEventListener(sessionEnded, ended);
  }, []);

  // Pages anyone may open: the Marketplace, and the way in (sign-in, a forgotten password, sign-up, a mailed link).
  const open =
    route === "/marketplace" || isSignIn(route) || route === "/" || route === "/forgot-password" || route === "/sign-up" || [resetRoute, invitationRoute, verifySignUpRoute].some((prefix) => route.startsWith(prefix));
  const needsSignIn = !me && !open;
  const page = needsSignIn ? "/sign-in" : route === "/" ? homeFor(me ?? null) : route;
  const nav = navFor(me ?? null);
  const current = nav.find((item) => page.startsWith(item.route));

  // A new page: its name in the title, and focus at the top of the content for screen readers.
  const main = useRef<HTMLElement>(null);
  const firstPage = useRef(true);
  useEffect(() => {
    if (me === undefined) return;
    const named =
      isSignIn(page) ? "Sign in"
      : page === "/forgot-password" ? "Forgot password"
      : page === "/sign-up" ? "Sign up"
      : page.startsWith(resetRoute) ? "Set a new password"
      : page.startsWith(invitationRoute) ? "Join an organization"
      : page.startsWith(verifySignUpRoute) ? "Confirm sign-up"
      : current?.label;
    document.title = `${named ?? "Console"} · Tollgate`;
    // On phones the navigation scrolls sideways: keep the current page's link in view.
    document.querySelector(".topbar nav a.active")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (firstPage.current) firstPage.current = false;
    else {
      scrollTo(0, 0);
      main.current?.focus({ preventScroll: true });
    }
  }, [page, me === undefined]);

  if (me === undefined) return <div class="boot" aria-busy="true" />;

  const signOut = async () => {
    await api.DELETE("/api/session");
    setMe(null);
    go("/marketplace");
  };
  // Back to the page that asked for a sign-in, or to the role's home page.
  const signedIn = (who: Me) => {
    setMe(who);
    if (!needsSignIn || !navFor(who).some((item) => item.route === route)) go(homeFor(who));
  };

  return (
    <>
      <a class="skip" href="#main" onClick={(event) => (event.preventDefault(), document.getElementById("main")?.focus())}>
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="#/">
          <span class="brand-mark" aria-hidden="true" />
          Tollgate
        </a>
        <nav aria-label="Console">
          {nav.map((item) => (
            <a href={`#${item.route}`} class={item === current ? "active" : ""} aria-current={item === current ? "page" : undefined}>
              {item.label}
            </a>
          ))}
        </nav>
        <div class="account">
          <a class="docs-link" href="/docs" title="The relay and console API reference (OpenAPI)">
            API docs
          </a>
          {me ? (
            <>
              <span class="account-name" title={me.email}>
                {me.organization ? `${me.organization.name} · ` : ""}
                {me.name}
              </span>
              <button type="button" class="button button-small" onClick={signOut}>
                Sign out
              </button>
            </>
          ) : (
            <a class="button button-small button-primary" href="#/sign-in">
              Sign in
            </a>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        {me?.role === "operator" && page.startsWith("/operator") && <FirstRun route={page} />}
        <Page route={page} me={me} onSignedIn={signedIn} />
      </main>
    </>
  );
}

function Page({ route, me, onSignedIn }: { route: string; me: Me | null; onSignedIn: (me: Me) => void }) {
  if (isSignIn(route)) return <SignInPage onSignedIn={onSignedIn} />;
  if (route === "/forgot-password") return <ForgotPasswordPage />;
  if (route.startsWith(resetRoute)) return <ResetPasswordPage route={route} onSignedIn={onSignedIn} />;
  if (route.startsWith(invitationRoute)) return <InvitationPage route={route} onSignedIn={onSignedIn} />;
  if (route === "/sign-up") return <SignUpPage />;
  if (route.startsWith(verifySignUpRoute)) return <VerifySignUpPage route={route} onSignedIn={onSignedIn} />;
  if (route === "/marketplace" || !me) return <MarketplacePage role={me?.role} />;
  switch (route) {
    case "/keys":
      return <KeysPage me={me} />;
    case "/call-guide":
      return <CallGuidePage />;
    case "/usage":
      return <UsagePage me={me} />;
    case "/members":
      return <MembersPage />;
    case "/tokens":
      return me.role === "operator" || me.role === "owner" ? <TokensPage me={me} /> : <MarketplacePage role={me.role} />;
    case "/audit":
      return me.role === "operator" || me.role === "owner" ? <AuditPage me={me} /> : <MarketplacePage role={me.role} />;
    case "/alerts":
      return me.role === "operator" || me.role === "owner" ? <AlertsPage me={me} /> : <MarketplacePage role={me.role} />;
    case "/account":
      return <AccountPage me={me} />;
    case "/operator/organizations":
      return <OrganizationsPage />;
    case "/operator/groups":
      return <GroupsPage />;
    case "/operator/channels":
      return <ChannelsPage />;
    case "/operator/sign-on":
      return <IdentityProvidersPage />;
    default:
      return <MarketplacePage role={me.role} />;
  }
}

render(<App />, document.getElementById("app")!);
