// Generated from spec/ by `npm run generate`. Do not edit by hand.
export interface paths {
    "/api/admin/call-state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operator only: the relay's per-call state, as its owner sees it now. */
        get: operations["adminGetCallState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["adminListChannels"];
        put?: never;
        post: operations["adminCreateChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Archives the channel (the ledger's history refers to it, so it is never deleted): it stops
         *     serving within a second, its credentials are wiped and its name freed.
         */
        delete: operations["adminArchiveChannel"];
        options?: never;
        head?: never;
        patch: operations["adminUpdateChannel"];
        trace?: never;
    };
    "/api/admin/channels/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Sends one small request upstream with the channel's first credential and model. */
        post: operations["adminTestChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["adminListGroups"];
        put?: never;
        post: operations["adminCreateGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Archives the group (the ledger's history refers to it, so it is never deleted): it leaves the
         *     Marketplace, the Call Guide and every grant, channels stop serving it, keys bound to it become
         *     unbound; its name and identifier are freed. Recent calls still show its (archived) name.
         */
        delete: operations["adminArchiveGroup"];
        options?: never;
        head?: never;
        patch: operations["adminUpdateGroup"];
        trace?: never;
    };
    "/api/admin/identity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["adminListIdentityProviders"];
        put?: never;
        /** @description Adds a provider. Its discovery document is fetched at the first sign-in; a wrong issuer shows there, on the sign-in page. */
        post: operations["adminCreateIdentityProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/identity-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Removes the provider and its links to accounts; the accounts stay. */
        delete: operations["adminDeleteIdentityProvider"];
        options?: never;
        head?: never;
        patch: operations["adminUpdateIdentityProvider"];
        trace?: never;
    };
    "/api/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["adminUpdateKey"];
        trace?: never;
    };
    "/api/admin/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["adminListOrganizations"];
        put?: never;
        post: operations["adminCreateOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Archives an organization whose balance is zero (409 otherwise): every member is archived (keys
         *     revoked, sign-in ended) and it leaves the lists; its calls and audit entries stay.
         */
        delete: operations["adminArchiveOrganization"];
        options?: never;
        head?: never;
        patch: operations["adminUpdateOrganization"];
        trace?: never;
    };
    "/api/admin/organizations/{id}/exclusive-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** @description Replace the set of exclusive groups this organization may use. */
        put: operations["adminSetExclusiveGroups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Every key of the organization (revoked ones included). */
        get: operations["adminListOrganizationKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations/{id}/top-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["adminTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/password-resets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Operator only, signed in (an automation token cannot): set another account's password, e.g. for a
         *     member who forgot theirs. Every session of that account ends, and the audit log records it. The
         *     operator's own password is changed under `/api/me/password`. (On the server's machine,
         *     `npm run admin -- reset-password` sets any account's.)
         */
        post: operations["adminResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["adminListSessions"];
        put?: never;
        post?: never;
        /** @description Ends every session of the account. */
        delete: operations["adminEndSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["adminEndSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAlertHook"];
        put: operations["putAlertHook"];
        post?: never;
        delete: operations["deleteAlertHook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The audit log, newest first and never editable. The operator reads every entry (or one
         *     organization's, with `organization_id`); an owner reads their organization's; anyone else 403.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/call-guide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Every group the signed-in member may use, with call names and SDK base URLs. */
        get: operations["getCallGuide"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitation-acceptances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Public: accepts an invitation with a name and a password, makes the account in the organization
         *     with the invitation's role and groups, and signs in. Works once: of two concurrent accepts one
         *     makes the account, the other is refused. A mistyped, expired, used or revoked invitation is 400 on
         *     `token`, saying which and what to do; an address that has an account meanwhile, 409. Counted
         *     against the client's sign-in throttle.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitation-previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Public: what an invitation link leads to (the token goes in the body, not the URL, so it reaches
         *     no access log). A mistyped or replaced token is 400 on `token`; an expired, accepted or revoked
         *     invitation answers its state and why. Counted against the client's sign-in throttle.
         */
        post: operations["previewInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Open invitations (pending and expired), newest first: what the member list shows beside the members. */
        get: operations["listInvitations"];
        put?: never;
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Revoke: the mailed link stops working. */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description A new link and a new expiry; the link mailed before stops working. */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The caller's keys (an owner sees every key of the organization). */
        get: operations["listKeys"];
        put?: never;
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Revoke: takes effect on every worker within a second. */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch: operations["updateKey"];
        trace?: never;
    };
    "/api/marketplace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no login. Public groups only; exclusive groups never appear. */
        get: operations["getMarketplace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * @description Change the signed-in account's own password (session only; an automation token cannot). Every
         *     other session of the account ends; this one stays. A wrong current password counts against the
         *     account's sign-in attempts: past the limit the answer is 429 until the window ends.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listMembers"];
        put?: never;
        post: operations["createMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Archives a member (the ledger names it, so it is never deleted): its keys are revoked, its
         *     sessions and automation tokens end, it can no longer sign in; its email stays taken. An owner
         *     cannot archive themselves.
         */
        delete: operations["archiveMember"];
        options?: never;
        head?: never;
        /** @description Set or remove the member's spend cap. */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/members/{id}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["setMemberGroups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Public, "forgot your password": mails a link that sets a new password to the account with this
         *     address. The answer is the same, and comes as fast, whether or not such an account exists; the
         *     mail leaves after it. The link works once, for 30 minutes by default, and only while it is the
         *     newest one and the password has not changed since. Counted against the sign-in throttle of the
         *     address and of the client. Without e-mail configured: 404, naming the operator's remedy.
         */
        post: operations["requestPasswordResetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-resets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Public: sets a new password with a mailed link's token, and signs in. Every other session of the
         *     account ends; the audit log records it. A mistyped, expired, used or replaced token is refused
         *     with 400 on `token`, saying which and what to do. Counted against the client's sign-in throttle.
         */
        post: operations["resetPasswordByLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Throttled per account and per client address (docs/console.md, "Sign-in throttling"). */
        post: operations["login"];
        delete: operations["logout"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-in-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: what the sign-in page offers (whether e-mail, and so "Forgot password?", is on). */
        get: operations["getSignInOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-up-verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Public: follows the mailed link. Opens the organization (the operator's starting balance and
         *     groups) with the account as its owner, and signs in. Works once, for 24 hours; a dead link is 400
         *     on `token`, saying why. Off: 404. Counted against the client's sign-in throttle.
         */
        post: operations["verifySignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Public, when the operator opened self sign-up (TOLLGATE_SIGNUP=true; `sign_up` in
         *     /api/sign-in-options): mails a link that confirms the address. The answer is the same, and as
         *     fast, whether or not an account has the address (which gets no mail). Off: 404, saying so.
         *     Counted against the sign-in throttle of the address and of the client.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/{providerId}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Public, where the provider sends the browser back. Checks state, PKCE, the ID token (signature
         *     from the provider's JWKS, issuer, audience, expiry, nonce) and the e-mail domain, then signs in a
         *     linked account, links an existing one by a verified e-mail, or creates one from the first claim
         *     rule that holds. Redirects to the console, or to its sign-in page with a message. Providers add
         *     parameters of their own (`session_state`, `iss`, `scope`…), which are ignored.
         */
        get: operations["finishSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/{providerId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Public, a browser navigation from the sign-in page's button: redirects to the provider's
         *     authorization endpoint (code flow, PKCE S256, state and nonce), the sign-in in progress kept
         *     server-side for 10 minutes and bound to this browser by a SameSite=Lax cookie. `return_to`: a
         *     console route (`#/keys`) to land on afterwards; anything else is ignored. Problems redirect back
         *     to the sign-in page with a message (too many attempts from this address among them: it is
         *     counted against the client's sign-in throttle, as the callback is). Only a request that breaks
         *     the contract (an unknown parameter) is answered with an error body, 400.
         */
        get: operations["startSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listTokens"];
        put?: never;
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Revoke: the next call with the token is refused. */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The request log, newest first, paged by cursor (keyset on time and id, on indexes: a page never
         *     scans the ledger). Every filter narrows within the caller's scope.
         */
        get: operations["listUsageCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/calls.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The same filters as CSV (up to 100,000 rows, newest first): one line per call, money in micros. */
        get: operations["exportUsageCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/calls/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One call of the log in detail: its channel, tokens by kind, base cost × multiplier = cost, latency and time to first byte, and how it ended. */
        get: operations["getUsageCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getUsageSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description What the operator may change on any organization's key. */
        AdminApiKeyUpdate: {
            rate_limits: components["schemas"]["RateLimitsInput"];
        };
        AlertEmail: string;
        AlertHook: {
            /** Format: uri */
            url: string;
            /** @enum {string} */
            scope: "organization" | "all_organizations";
            organization_id: string | null;
            /** @description Alert when a member's or key's spend reaches these percents of its cap (once per cap period). */
            cap_percents: components["schemas"]["CapPercent"][];
            /** @description Alert when an organization's balance is below this many micros (once a UTC day); null: never. */
            balance_below: (number & components["schemas"]["Micros"]) | null;
            /** @description Alert when a balance will not cover a day at the last 24 hours' rate (once a UTC day). */
            day_cover: boolean;
            /** @description Also mail each alert to the owners of the organization it concerns (needs e-mail, docs/email.md). */
            email_owners: boolean;
            /** @description Also mail each alert to these addresses. */
            email_addresses: string[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        AlertHookInput: {
            /** @description The webhook: an absolute http(s) URL. */
            url: string;
            /** @description Default [80, 100]. */
            cap_percents?: components["schemas"]["CapPercent"][];
            balance_below?: (number & components["schemas"]["Micros"]) | null;
            /** @description Default true. */
            day_cover?: boolean;
            /** @description Default false. Also mail each alert to the organization's owners; refused without e-mail configured. */
            email_owners?: boolean;
            /** @description Default none. Also mail each alert to these addresses (one plain user */
            email_addresses?: components["schemas"]["AlertEmail"][];
            /** @description A new signing secret (the old one stops at once); it is in the answer. */
            rotate_secret?: boolean;
        };
        ApiKey: {
            id: string;
            name: string;
            /** @description A recognisable, non-secret fragment: prefix and last four characters. */
            display: string;
            group_id: string | null;
            group_name: string | null;
            member_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** @description Spend cap in micros; null means no cap. */
            spend_cap: (number & components["schemas"]["Micros"]) | null;
            /** Format: int64 */
            spent: number;
            /** @description When the cap resets (null: never). What is spent counts from the start of the current period. */
            cap_period: components["schemas"]["CapPeriod"] | null;
            /** @description Set by the organization's owner or the operator. */
            rate_limits: components["schemas"]["RateLimits"];
        };
        ApiKeyCreate: {
            name: string;
            group_id?: (string & components["schemas"]["ResourceId"]) | null;
            /** Format: date-time */
            expires_at?: string | null;
            spend_cap?: (number & components["schemas"]["Micros"]) | null;
            /** @description When the cap resets (null or absent: never); needs a cap. */
            cap_period?: components["schemas"]["CapPeriod"] | null;
            /** @description Only the organization's owner (or the operator) may set rate limits. */
            rate_limits?: components["schemas"]["RateLimitsInput"];
        };
        ApiKeyUpdate: {
            name?: string;
            /** @description Rebind the key; null unbinds it. */
            group_id?: (string & components["schemas"]["ResourceId"]) | null;
            spend_cap?: (number & components["schemas"]["Micros"]) | null;
            /** @description When the cap resets (null or absent: never); needs a cap. */
            cap_period?: components["schemas"]["CapPeriod"] | null;
            /** @description Only the organization's owner (or the operator) may set rate limits. */
            rate_limits?: components["schemas"]["RateLimitsInput"];
        };
        /** @description What an archive did. */
        Archived: {
            id: string;
            /** @enum {boolean} */
            archived: true;
            /** @description Keys that were bound to an archived group and are now bound to none. */
            unbound_key_ids?: string[];
            /** @description Keys revoked with an archived member or organization. */
            revoked_key_ids?: string[];
        };
        /** @description Who changed something: the signed-in account; for a password reset by a mailed link, the account itself (it acted through the link, not signed in). */
        AuditActor: {
            id: string;
            email: string;
        };
        /**
         * @description One top-up or configuration change. `before` and `after` are the record's console view (as the
         *     matching GET returns it, credentials never included); `before` is null for a creation, `after`
         *     null for an archive or a revocation that removed it from lists.
         */
        AuditEntry: {
            id: string;
            /** Format: date-time */
            created_at: string;
            actor: components["schemas"]["AuditActor"];
            /** @description The organization the change concerns; null for service-wide configuration (groups, channels). */
            organization_id: string | null;
            /** @description `<target>.<verb>`: group.created, group.updated, group.archived, channel.created, channel.updated, channel.archived, organization.created, organization.updated, organization.topped_up, organization.grants_changed, organization.archived, member.created, member.updated, member.grants_changed, member.password_reset, member.password_reset_link_sent, member.password_reset_by_link, member.archived, token.created, token.revoked, key.created, key.updated, key.revoked, key.limits_changed. */
            action: string;
            target: components["schemas"]["AuditTarget"];
            before: unknown;
            after: unknown;
        };
        AuditPage: {
            data: components["schemas"]["AuditEntry"][];
            /** @description Pass as `cursor` for the next (older) page; null on the last page. */
            next_cursor: string | null;
        };
        AuditTarget: {
            /** @enum {string} */
            type: "group" | "channel" | "organization" | "member" | "key" | "token" | "identity_provider" | "invitation";
            id: string;
            /** @description The name at the time of the change. */
            name: string | null;
        };
        /** @description An Azure OpenAI api-version, as Azure spells it (`2024-10-21`, `2025-04-01-preview`). */
        AzureApiVersion: string;
        CallGuide: {
            base_urls: components["schemas"]["SdkBaseUrls"];
            group_routing: boolean;
            groups: components["schemas"]["CallGuideGroup"][];
        };
        CallGuideGroup: {
            id: string;
            name: string;
            identifier: string;
            /** @enum {string} */
            family: "A" | "B" | "C" | "domestic" | "compatible";
            /** Format: int32 */
            multiplier_milli: number;
            /** @enum {string} */
            visibility: "public" | "exclusive";
            /** @description The interfaces (paths) a key of this group can call: its family's, plus /v1/messages for a domestic or compatible group with an enabled anthropic channel, plus those it accepts translated. */
            interfaces: string[];
            /** @description The interfaces among them that are translated to the group's own format. */
            translated_interfaces: ("messages" | "chat" | "responses" | "generate-content")[];
            /** @description The SDK that fits this family and its base URL. */
            base_url: string;
            models: components["schemas"]["CallGuideModel"][];
        };
        CallGuideModel: {
            model_id: string;
            display_name: string;
            /** @description The plain call name (through a key bound to this group). */
            call_name: string;
            /** @description `<group_identifier>/<model_id>`, usable from any key of the organization when routing is on. */
            qualified_call_name: string;
            prices: components["schemas"]["GroupPrices"];
            /**
             * @description Whether an enabled channel serves this model in this group. Unavailable models are listed (so
             *     prices stay visible) but marked: a call to one would be answered 503 until a channel serves it.
             */
            available: boolean;
            limits: components["schemas"]["ModelLimits"];
        };
        /** @description Money in the relay's hands right now (micros). At rest every figure is 0 but `leased`. */
        CallStateStatus: {
            /**
             * Format: int32
             * @description Calls under way that hold money, over every worker.
             */
            holding_calls: number;
            /** @description What those calls hold, per kind of account. */
            held: {
                /** Format: int64 */
                organization: number;
                /** Format: int64 */
                member: number;
                /** Format: int64 */
                key: number;
            };
            /**
             * Format: int64
             * @description Slices of balances and caps leased to workers (held or not).
             */
            leased: number;
            /**
             * Format: int64
             * @description Charged to calls that ended but not yet written to the database.
             */
            unwritten: number;
            /**
             * Format: int32
             * @description Settled calls waiting for the next ledger batch.
             */
            queued_records: number;
        };
        /**
         * Format: int32
         * @description Where budget alerts go and when. An owner's hook covers their organization (its balance, members
         *     and keys); the operator's covers every organization. Each crossing is POSTed once per period as
         *     JSON, signed in `X-Tollgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`
         *     (docs/operations.md, "Budget alerts").A percent of a spend cap.
         */
        CapPercent: number;
        /**
         * @description When a member's or key's spend cap starts counting afresh, at UTC boundaries: every midnight,
         *     every Monday 00:00, or the 1st of every month. Null or absent: the cap never resets. A period
         *     needs a cap.
         * @enum {string}
         */
        CapPeriod: "daily" | "weekly" | "monthly";
        /**
         * @description Where a model's capabilities came from: its own catalog entry, its family's (by the id's shape), the conservative defaults for an id the catalog does not know, or the operator's changes over one of those.
         * @enum {string}
         */
        CapabilitySource: "catalog" | "family" | "default" | "operator";
        Channel: {
            id: string;
            name: string;
            /** @enum {string} */
            kind: "anthropic" | "openai" | "gemini" | "openai-compatible" | "bedrock" | "vertex" | "azure-openai";
            /** @enum {string|null} */
            preset: "deepseek" | "qwen" | "glm" | "kimi" | "minimax" | "self-hosted" | "custom" | null;
            base_url: string;
            /** @description Credentials are write-only: only how many there are and their last four characters. */
            credentials: {
                /** Format: int32 */
                count: number;
                hints: string[];
            };
            /** @description Public model ids served; empty means every model of the channel's groups. */
            models: string[];
            /** @description Public model id → upstream model id, where they differ. */
            model_mapping: {
                [key: string]: string;
            };
            group_ids: string[];
            /**
             * Format: int32
             * @description Higher first; weighted random among channels of equal priority.
             */
            priority: number;
            /** Format: int32 */
            weight: number;
            /** Format: int32 */
            timeout_ms: number;
            /** @description The User-Agent its upstream requests carry; null: Tollgate's own, `Tollgate/<version>`. */
            user_agent: string | null;
            /** @description `bedrock`: the AWS region requests are signed for; `vertex`: the location. Null for the other kinds. */
            region: string | null;
            /** @description `vertex`: the Google Cloud project. */
            project: string | null;
            /** @description `azure-openai`: the api-version of the deployments API; null: the version-less `/openai/v1/` API. */
            api_version: string | null;
            enabled: boolean;
            health: components["schemas"]["ChannelHealth"];
            /**
             * @description `environment` for channels created from environment variables at start.
             * @enum {string}
             */
            source: "console" | "environment";
        };
        ChannelCreate: {
            name: string;
            /** @enum {string} */
            kind: "anthropic" | "openai" | "gemini" | "openai-compatible" | "bedrock" | "vertex" | "azure-openai";
            /**
             * @description Must be one of the kind's presets (see ChannelPreset).
             * @enum {string}
             */
            preset?: "deepseek" | "qwen" | "glm" | "kimi" | "minimax" | "self-hosted" | "custom";
            /** @description Required unless a preset or the kind has a default base URL (bedrock and vertex: from the region; azure-openai: `https://<resource>.openai.azure.com`). */
            base_url?: string;
            /**
             * @description A self-hosted server that checks no key takes any placeholder. `bedrock`: `ACCESS_KEY_ID:SECRET_ACCESS_KEY`
             *     (`:SESSION_TOKEN` for temporary keys), `chain` for the environment's AWS credentials, or a Bedrock API key.
             *     `vertex`: a service account's JSON key. `azure-openai`: the API key, or an Entra ID app as JSON
             *     `{"tenant_id", "client_id", "client_secret"}`.
             */
            credentials: string[];
            /** @description Required for `bedrock` (the AWS region) and `vertex` (the location, `global` included). */
            region?: components["schemas"]["CloudRegion"];
            /** @description Required for `vertex`; defaults to the service account's project. */
            project?: components["schemas"]["CloudProject"];
            /** @description `azure-openai` only; omitted: the version-less `/openai/v1/` API. */
            api_version?: components["schemas"]["AzureApiVersion"];
            models?: string[];
            model_mapping?: {
                [key: string]: string;
            };
            /** @description Groups the kind can serve: anthropic → A, domestic, compatible; openai and openai-compatible → B, domestic, compatible; gemini → C. */
            group_ids: components["schemas"]["ResourceId"][];
            /** Format: int32 */
            priority?: number;
            /** Format: int32 */
            weight?: number;
            /** Format: int32 */
            timeout_ms?: number;
            /** @description The User-Agent its upstream requests carry (a provider or proxy that asks for its own); empty or omitted: Tollgate's own. */
            user_agent?: string;
            enabled?: boolean;
        };
        ChannelHealth: {
            /**
             * @description closed = healthy; open = skipped after its failure rate crossed the threshold; half-open = one probe in flight.
             * @enum {string}
             */
            state: "closed" | "open" | "half-open";
            /**
             * Format: int32
             * @description Calls and upstream failures seen in the recent window that the circuit judges by.
             */
            window_calls: number;
            /** Format: int32 */
            window_failures: number;
            /** Format: int32 */
            consecutive_failures: number;
            last_error: string | null;
            /** Format: date-time */
            last_failure_at: string | null;
            /**
             * Format: date-time
             * @description While open: when the next probe may go through.
             */
            retry_at: string | null;
        };
        ChannelTestResult: {
            ok: boolean;
            /**
             * Format: int32
             * @description The upstream's HTTP status, or null when it could not be reached.
             */
            status: number | null;
            /** Format: int32 */
            latency_ms: number;
            message: string;
        };
        ChannelUpdate: {
            name?: string;
            base_url?: string;
            /** @description Replaces every credential. */
            credentials?: string[];
            models?: string[];
            model_mapping?: {
                [key: string]: string;
            };
            group_ids?: components["schemas"]["ResourceId"][];
            /** Format: int32 */
            priority?: number;
            /** Format: int32 */
            weight?: number;
            /** Format: int32 */
            timeout_ms?: number;
            /** @description Printable ASCII, at most 256 characters; empty: back to Tollgate's own. */
            user_agent?: string;
            region?: components["schemas"]["CloudRegion"];
            project?: components["schemas"]["CloudProject"];
            /** @description Empty: back to the version-less `/openai/v1/` API. */
            api_version?: string;
            enabled?: boolean;
        };
        /**
         * @description Places a new account (and, with `rules_apply: every_sign_in`, sets a linked account's role) when
         *     its condition holds: `claim` + `value` (the claim equals the value, or is a list that holds it,
         *     e.g. `groups` holding `engineering`), or `email_domain` (the address is at that domain). Rules
         *     are tried in order; the first that holds wins.
         */
        ClaimRule: {
            /** @description A claim of the ID token or userinfo, e.g. `groups`, `roles`, `hd`. Needs `value`. */
            claim?: string;
            value?: string;
            /** @description Instead of a claim: the e-mail address's domain, e.g. `example.com`. */
            email_domain?: string;
            organization_id: components["schemas"]["ResourceId"];
            /** @enum {string} */
            role: "owner" | "sub-user" | "developer";
        };
        /** @description A Google Cloud project id. */
        CloudProject: string;
        /** @description An AWS region or a Vertex AI location: lower-case letters, digits and dashes (`us-east-1`, `us-east5`, `global`). */
        CloudRegion: string;
        /** @description `{"error":{"code","message"}}` — the message says what happened and what to do. */
        ConsoleError: {
            error: {
                /** @description Stable machine code: invalid_request, unauthenticated, forbidden, not_found, conflict, too_large, too_many_requests, internal, unavailable. */
                code: string;
                message: string;
                /** @description The offending field, when one is to blame. */
                field?: string;
            };
        };
        /** @description A console session, as the operator sees it (never its token). */
        ConsoleSession: {
            /** @description Identifies the session for `DELETE /api/admin/sessions/{id}`. */
            id: string;
            /** @description How it began: `password`, `sso:<provider id>`, `reset_link`; null for sessions older than this record. */
            method: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
        };
        /**
         * @description A named token for scripts and infrastructure tools: sent as `Authorization: Bearer <secret>` on
         *     any `/api/…` call, it acts with its creator's account and role (operator or owner).
         */
        ConsoleToken: {
            id: string;
            name: string;
            /** @description A recognisable, non-secret fragment: prefix and last four characters. */
            display: string;
            /**
             * @description The creator's role when the token was made; the token acts with this role only.
             * @enum {string}
             */
            role: "operator" | "owner";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
        };
        ConsoleTokenCreate: {
            name: string;
            /**
             * Format: date-time
             * @description Required: every token expires (at most a year ahead).
             */
            expires_at: string;
        };
        CreatedAlertHook: {
            /** Format: uri */
            url: string;
            /** @enum {string} */
            scope: "organization" | "all_organizations";
            organization_id: string | null;
            /** @description Alert when a member's or key's spend reaches these percents of its cap (once per cap period). */
            cap_percents: components["schemas"]["CapPercent"][];
            /** @description Alert when an organization's balance is below this many micros (once a UTC day); null: never. */
            balance_below: (number & components["schemas"]["Micros"]) | null;
            /** @description Alert when a balance will not cover a day at the last 24 hours' rate (once a UTC day). */
            day_cover: boolean;
            /** @description Also mail each alert to the owners of the organization it concerns (needs e-mail, docs/email.md). */
            email_owners: boolean;
            /** @description Also mail each alert to these addresses. */
            email_addresses: string[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret, shown only when the hook is created or its secret rotated. */
            secret?: string;
        };
        CreatedApiKey: {
            id: string;
            name: string;
            /** @description A recognisable, non-secret fragment: prefix and last four characters. */
            display: string;
            group_id: string | null;
            group_name: string | null;
            member_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** @description Spend cap in micros; null means no cap. */
            spend_cap: (number & components["schemas"]["Micros"]) | null;
            /** Format: int64 */
            spent: number;
            /** @description When the cap resets (null: never). What is spent counts from the start of the current period. */
            cap_period: components["schemas"]["CapPeriod"] | null;
            /** @description Set by the organization's owner or the operator. */
            rate_limits: components["schemas"]["RateLimits"];
            /** @description The secret, shown exactly once. Only its hash is stored. */
            secret: string;
        };
        CreatedConsoleToken: {
            id: string;
            name: string;
            /** @description A recognisable, non-secret fragment: prefix and last four characters. */
            display: string;
            /**
             * @description The creator's role when the token was made; the token acts with this role only.
             * @enum {string}
             */
            role: "operator" | "owner";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** @description The secret, shown exactly once. Only its hash is stored. */
            secret: string;
        };
        /** @description A domain name: `example.com`. */
        EmailDomain: string;
        Group: {
            id: string;
            name: string;
            identifier: string;
            /** @enum {string} */
            family: "A" | "B" | "C" | "domestic" | "compatible";
            /** @description Interfaces the group accepts beyond its family's: their calls are translated to the format of the channel that serves them. */
            translated_interfaces: ("messages" | "chat" | "responses" | "generate-content")[];
            /** Format: int32 */
            multiplier_milli: number;
            /** @enum {string} */
            visibility: "public" | "exclusive";
            models: components["schemas"]["GroupModel"][];
            /** @description Apply to each organization's calls through this group. */
            rate_limits: components["schemas"]["RateLimits"];
        };
        GroupCreate: {
            /** @description A name with a family keyword (Claude/Flagship/Premium → A, GPT → B, Gemini → C, DeepSeek/Qwen/GLM/Kimi/MiniMax → domestic) decides the family. */
            name: string;
            /**
             * @description Required when the name has no family keyword; when it has one, it must agree with it (or be omitted).
             * @enum {string}
             */
            family?: "A" | "B" | "C" | "domestic" | "compatible";
            /** @description Interfaces to accept beyond the family's, translated to the channels' format (none by default: the seed's rule); a name listed twice counts once. */
            translated_interfaces?: ("messages" | "chat" | "responses" | "generate-content")[];
            identifier: string;
            /** Format: int32 */
            multiplier_milli: number;
            /** @enum {string} */
            visibility: "public" | "exclusive";
            models?: components["schemas"]["GroupModel"][];
            rate_limits?: components["schemas"]["RateLimitsInput"];
        };
        GroupGrants: {
            group_ids: components["schemas"]["ResourceId"][];
        };
        GroupModel: {
            model_id: string;
            display_name?: string;
            prices: components["schemas"]["ModelPrices"];
            /**
             * @description The operator's changes to what the capability catalog says the model takes: each field given
             *     replaces the catalog's (docs/model-capabilities.md). Omitted or empty: the catalog's alone.
             */
            capabilities?: components["schemas"]["ModelCapabilityChanges"];
            /**
             * @description What the gateway holds the model to: the catalog's values for this model id with the operator's
             *     changes over them, and where they came from. Read only: ignored when sent. Calls are held to
             *     the values of the upstream model a channel maps the id to, where it maps it to another.
             */
            effective_capabilities?: components["schemas"]["ModelCapabilities"];
        };
        /** @description A price in a group: the base price × the group's multiplier, so it may exceed 10^15 micros. */
        GroupPrices: {
            /** Format: int64 */
            input: number;
            /** Format: int64 */
            output: number;
            /** Format: int64 */
            cache_read?: number;
            /** Format: int64 */
            cache_write?: number;
            /**
             * Format: int64
             * @description Present where the model has a 1-hour cache-write price; otherwise 1-hour writes cost `cache_write`.
             */
            cache_write_1h?: number;
        };
        GroupUpdate: {
            /** @description A new name with a family keyword moves the group to that family, as on creation. */
            name?: string;
            /**
             * @description Must agree with the name's family keyword, if it has one; channels bound to the group must be able to serve it.
             * @enum {string}
             */
            family?: "A" | "B" | "C" | "domestic" | "compatible";
            /** @description Replaces the list of interfaces accepted beyond the family's ([] returns to the seed's rule). */
            translated_interfaces?: ("messages" | "chat" | "responses" | "generate-content")[];
            /** Format: int32 */
            multiplier_milli?: number;
            /** @enum {string} */
            visibility?: "public" | "exclusive";
            models?: components["schemas"]["GroupModel"][];
            rate_limits?: components["schemas"]["RateLimitsInput"];
        };
        IdentityProvider: {
            id: string;
            /** @description The text on the sign-in button: "Sign in with <label>". */
            label: string;
            /** @description The provider's issuer URL, as its /.well-known/openid-configuration names it. */
            issuer: string;
            client_id: string;
            /** @description The last characters of the client secret; the secret itself is never shown again. */
            client_secret_hint: string;
            /** @description Addresses at these domains may sign in through this provider; others are refused. */
            email_domains: string[];
            claim_rules: components["schemas"]["ClaimRule"][];
            /** @enum {string} */
            rules_apply: "first_sign_in" | "every_sign_in";
            enabled: boolean;
            /** @description What to register at the provider as the redirect (callback) URI. Null until TOLLGATE_PUBLIC_URL is set. */
            redirect_uri: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        IdentityProviderCreate: {
            label: string;
            /** @description https:// (http:// only for a provider on this machine's loopback). */
            issuer: string;
            client_id: string;
            /** @description Write-only: stored sealed, shown afterwards as a hint. */
            client_secret: string;
            email_domains: components["schemas"]["EmailDomain"][];
            claim_rules?: components["schemas"]["ClaimRule"][];
            /** @enum {string} */
            rules_apply?: "first_sign_in" | "every_sign_in";
            enabled?: boolean;
        };
        IdentityProviderUpdate: {
            label?: string;
            issuer?: string;
            client_id?: string;
            /** @description A new secret replaces the stored one; absent keeps it. */
            client_secret?: string;
            email_domains?: components["schemas"]["EmailDomain"][];
            claim_rules?: components["schemas"]["ClaimRule"][];
            /** @enum {string} */
            rules_apply?: "first_sign_in" | "every_sign_in";
            enabled?: boolean;
        };
        /** @description An invitation to join an organization, as its owner and the operator see it. The token is never shown: it is only in the mailed link. */
        Invitation: {
            id: string;
            organization_id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "sub-user" | "developer";
            /** @description The groups the invitee's keys may use (a sub-user or developer); empty for an owner, who may use every group. */
            group_ids: string[];
            /** @description The account that invited. */
            invited_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            /** @enum {string} */
            state: "pending" | "expired" | "accepted" | "revoked";
        };
        InvitationAcceptance: {
            /** @description The token from the mailed link (the part after `#/invitation/`). */
            token: string;
            /** @description The name other members see. */
            name: string;
            password: string;
        };
        InvitationCreate: {
            email: string;
            /** @enum {string} */
            role: "owner" | "sub-user" | "developer";
            /** @description For a sub-user or developer: groups of the organization its keys may use. Not for an owner. */
            group_ids?: components["schemas"]["ResourceId"][];
            /** @description The operator names the organization; an owner leaves it out (their own). */
            organization_id?: string;
        };
        /** @description What the invitation page shows. A link that no longer works says why in `message`, and nothing else. */
        InvitationPreview: {
            /** @enum {string} */
            state: "pending" | "expired" | "accepted" | "revoked";
            /** @description Why the link no longer works, and what to do (absent while it works). */
            message?: string;
            email?: string;
            /** @enum {string} */
            role?: "owner" | "sub-user" | "developer";
            organization_name?: string;
            /** Format: date-time */
            expires_at?: string;
            /** @description An account already has this address: the invitation cannot be accepted (an account belongs to one organization). */
            account_exists?: boolean;
        };
        InvitationToken: {
            /** @description The token from the mailed link (the part after `#/invitation/`). */
            token: string;
        };
        LoginRequest: {
            email: string;
            password: string;
        };
        Marketplace: {
            groups: components["schemas"]["MarketplaceGroup"][];
        };
        MarketplaceGroup: {
            name: string;
            identifier: string;
            /** @enum {string} */
            family: "A" | "B" | "C" | "domestic" | "compatible";
            /** @description Interfaces the group also accepts, translated to its models' own format. */
            translated_interfaces: ("messages" | "chat" | "responses" | "generate-content")[];
            /** Format: int32 */
            multiplier_milli: number;
            models: components["schemas"]["MarketplaceModel"][];
        };
        MarketplaceModel: {
            model_id: string;
            display_name: string;
            /** @description Base price per million tokens, in micros. */
            base_prices: components["schemas"]["ModelPrices"];
            /** @description Price in this group = base price × multiplier, per million tokens, in micros. */
            prices: components["schemas"]["GroupPrices"];
            /**
             * @description Whether an enabled channel serves this model in this group. Unavailable models are listed (so
             *     prices stay visible) but marked: a call to one would be answered 503 until a channel serves it.
             */
            available: boolean;
            limits: components["schemas"]["ModelLimits"];
        };
        Me: {
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "operator" | "owner" | "sub-user" | "developer";
            organization: {
                id: string;
                name: string;
                group_routing: boolean;
            } | null;
            /**
             * Format: int64
             * @description What this member has spent, in micros (0 for the operator).
             */
            spent: number;
            /**
             * Format: int64
             * @description This member's spend cap in micros, set by the owner; null means no cap.
             */
            spend_cap: number | null;
            /** @description When the cap resets (null: never). What is spent counts from the start of the current period. */
            cap_period: components["schemas"]["CapPeriod"] | null;
        };
        Member: {
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "sub-user" | "developer";
            /** @description Groups granted to a sub-user or developer (an owner may use every group of the organization). */
            group_ids: string[];
            /**
             * Format: int64
             * @description Spend cap in micros across all of the member's keys; null means no cap.
             */
            spend_cap: number | null;
            /**
             * Format: int64
             * @description Micros the member has spent (in the current period, for a cap that resets).
             */
            spent: number;
            /** @description When the cap resets (null: never). What is spent counts from the start of the current period. */
            cap_period: components["schemas"]["CapPeriod"] | null;
        };
        MemberCreate: {
            email: string;
            name: string;
            password: string;
            /** @enum {string} */
            role: "owner" | "sub-user" | "developer";
            group_ids?: components["schemas"]["ResourceId"][];
            /** @description Spend cap in micros across all of the member's keys; null or absent means no cap. */
            spend_cap?: (number & components["schemas"]["Micros"]) | null;
            /** @description When the cap resets (null or absent: never); needs a cap. */
            cap_period?: components["schemas"]["CapPeriod"] | null;
        };
        /** @description Owner only. */
        MemberUpdate: {
            /** @description Spend cap in micros across all of the member's keys; null removes the cap. */
            spend_cap?: (number & components["schemas"]["Micros"]) | null;
            /** @description When the cap resets (null or absent: never); needs a cap. */
            cap_period?: components["schemas"]["CapPeriod"] | null;
        };
        /**
         * Format: int64
         * @description An amount of money in micros (1 currency unit = 1,000,000 micros). At most 10^15 micros (one
         *     billion units): every sum of such amounts stays exact in a JSON number (below 2^53).
         */
        Micros: number;
        /**
         * Format: int64
         * @description A change of a balance in micros: ±10^15 at most.
         */
        MicrosDelta: number;
        ModelCapabilities: {
            /** Format: int32 */
            context_window: number;
            /** Format: int32 */
            max_output_tokens: number;
            reasoning: components["schemas"]["ModelReasoning"] | null;
            tools: boolean;
            parallel_tool_calls: boolean;
            images: boolean;
            documents: boolean;
            structured_output: boolean;
            /** Format: int32 */
            stop_sequences: number | null;
            temperature: components["schemas"]["SamplingRange"] | null;
            prompt_caching: boolean;
            source: components["schemas"]["CapabilitySource"];
        };
        /** @description A model's capabilities to change; a field omitted keeps the catalog's. */
        ModelCapabilityChanges: {
            /**
             * Format: int32
             * @description Input and output tokens together.
             */
            context_window?: number;
            /**
             * Format: int32
             * @description The most output tokens a call may ask for: a call asking more is sent with this many.
             */
            max_output_tokens?: number;
            /** @description null: the model does not reason, and translated calls are sent no reasoning settings. */
            reasoning?: components["schemas"]["ModelReasoning"] | null;
            tools?: boolean;
            parallel_tool_calls?: boolean;
            images?: boolean;
            documents?: boolean;
            structured_output?: boolean;
            /**
             * Format: int32
             * @description How many stop sequences it takes (0: it refuses `stop`); null: no documented limit.
             */
            stop_sequences?: number | null;
            /** @description null: it refuses sampling settings (temperature, top_p), and translated calls are sent none. */
            temperature?: components["schemas"]["SamplingRange"] | null;
            prompt_caching?: boolean;
        };
        /** @description The limits a caller plans by: the model's context window and the most output tokens a call gets (an agent asking more is given this many). */
        ModelLimits: {
            /** Format: int32 */
            context_window: number;
            /** Format: int32 */
            max_output_tokens: number;
            /** @description Whether the model reasons (thinking, reasoning effort); a translated call's reasoning settings are dropped for one that does not. */
            reasons: boolean;
        };
        /**
         * @description Prices are integers in micro-units of currency (1 unit = 1,000,000 micros) per million tokens.
         *     Multipliers are integers in thousandths (2.5x = 2500). No floating-point money anywhere.
         */
        ModelPrices: {
            input: components["schemas"]["Micros"];
            output: components["schemas"]["Micros"];
            cache_read?: components["schemas"]["Micros"];
            /** @description Cache writes: Anthropic's 5-minute cache writes, and any other vendor's. */
            cache_write?: components["schemas"]["Micros"];
            /** @description Anthropic's 1-hour cache writes (`cache_control.ttl: "1h"`). Unset: they cost `cache_write`. */
            cache_write_1h?: components["schemas"]["Micros"];
        };
        /** @description How a model reasons. */
        ModelReasoning: {
            /** @description The effort levels it takes; empty when it is sized otherwise (a budget) or only switched on and off. */
            efforts: components["schemas"]["ReasoningEffort"][];
            /** @description The thinking-token budget it takes (Anthropic's budget_tokens, Gemini 2.5's thinkingBudget); null when none. */
            budget: components["schemas"]["ThinkingBudget"] | null;
            /** @description Whether reasoning can be turned off. */
            can_disable: boolean;
        };
        Ok: {
            /** @enum {boolean} */
            ok: true;
        };
        Organization: {
            id: string;
            name: string;
            /** @description Balance in micros. */
            balance: components["schemas"]["Micros"];
            group_routing: boolean;
            /** @description Members sign in only through single sign-on; password sign-in is refused (docs/sso.md). */
            sso_required: boolean;
            exclusive_group_ids: string[];
            /** Format: date-time */
            created_at: string;
            rate_limits: components["schemas"]["RateLimits"];
            /** @description The organization's owners (in the operator's list of organizations). */
            owners?: {
                name: string;
                email: string;
            }[];
        };
        OrganizationCreate: {
            name: string;
            group_routing?: boolean;
            rate_limits?: components["schemas"]["RateLimitsInput"];
            owner: {
                email: string;
                name: string;
                password: string;
            };
        };
        OrganizationUpdate: {
            name?: string;
            group_routing?: boolean;
            /** @description Members must sign in through an identity provider; their passwords stop working for sign-in. */
            sso_required?: boolean;
            rate_limits?: components["schemas"]["RateLimitsInput"];
        };
        PasswordChange: {
            /** @description The password the account signs in with now. */
            current_password: string;
            new_password: string;
        };
        PasswordReset: {
            /** @description The account whose password is set (any role). */
            email: string;
            new_password: string;
        };
        PasswordResetByLink: {
            /** @description The token from the mailed link (the part after `#/reset-password/`). */
            token: string;
            new_password: string;
        };
        PasswordResetLinkRequest: {
            /** @description The account's e-mail address. */
            email: string;
        };
        /** @description The same answer whether or not an account has the address. */
        PasswordResetLinkRequested: {
            message: string;
        };
        PersonSessions: {
            user: {
                id: string;
                email: string;
            };
            data: components["schemas"]["ConsoleSession"][];
        };
        /**
         * @description Rate limits (docs/rate-limits.md); null means unlimited. Requests and tokens are counted in a
         *     one-minute window that starts with the first call after the last window ran out; tokens are the
         *     metered tokens of calls that ended (input + output + cache). `concurrent` counts calls in flight.
         */
        RateLimits: {
            /**
             * Format: int32
             * @description Requests per minute.
             */
            rpm: number | null;
            /**
             * Format: int64
             * @description Tokens per minute.
             */
            tpm: number | null;
            /**
             * Format: int32
             * @description Calls in flight at once.
             */
            concurrent: number | null;
        };
        /** @description Rate limits to set: an omitted field stays as it is; null makes it unlimited. */
        RateLimitsInput: {
            /** Format: int32 */
            rpm?: number | null;
            /** Format: int64 */
            tpm?: number | null;
            /** Format: int32 */
            concurrent?: number | null;
        };
        /**
         * @description Reasoning efforts, least first (OpenAI's words; Gemini 3's thinking levels and Claude's effort map onto them).
         * @enum {string}
         */
        ReasoningEffort: "none" | "minimal" | "low" | "medium" | "high" | "xhigh";
        /** @description An id taken from one of the console's lists; never empty. */
        ResourceId: string;
        SamplingRange: {
            /** Format: double */
            min: number;
            /** Format: double */
            max: number;
        };
        SdkBaseUrls: {
            /** @description Anthropic SDKs: the host (the SDK appends /v1/messages). */
            anthropic: string;
            /** @description OpenAI (GPT), domestic and OpenAI-compatible groups: host + /v1. */
            openai: string;
            /** @description Gemini: the host, REST transport, api version v1beta. */
            gemini: string;
        };
        /** @description What the sign-in page offers on this server (public: the page reads it before anyone signs in). */
        SignInOptions: {
            /** @description The operator configured e-mail (SMTP, docs/email.md); without it nothing is mailed. */
            email: boolean;
            /** @description "Forgot password?" works: a reset link by e-mail (`POST /api/password-reset-links`). False without e-mail. */
            password_reset: boolean;
            /** @description Enabled single sign-on providers: a button each, linking to `GET /api/sso/{id}/start` (docs/sso.md). Empty without TOLLGATE_PUBLIC_URL. */
            identity_providers: {
                id: string;
                label: string;
            }[];
            /** @description Self sign-up is open (`POST /api/sign-ups`): the operator turned it on, and e-mail is configured. */
            sign_up: boolean;
            /** @description Owners can invite members by e-mail (`POST /api/invitations`). False without e-mail. */
            invitations: boolean;
        };
        SignUpRequest: {
            email: string;
            /** @description The account's name. */
            name: string;
            /** @description The name of the organization the sign-up opens (its owner is this account). */
            organization_name: string;
        };
        /** @description The same answer whether or not an account has the address. */
        SignUpRequested: {
            message: string;
        };
        SignUpVerification: {
            /** @description The token from the mailed link (the part after `#/verify-sign-up/`). */
            token: string;
            /** @description The account's password, chosen here rather than when signing up: only the address's owner follows the link. */
            password: string;
        };
        ThinkingBudget: {
            /** Format: int32 */
            min: number;
            /** Format: int32 */
            max: number;
        };
        TopUp: {
            /** @description Micros to add (positive) or remove (negative); the balance stays between 0 and 10^15. */
            amount: components["schemas"]["MicrosDelta"];
        };
        UsageCall: {
            id: string;
            request_id: string;
            /** Format: date-time */
            created_at: string;
            organization_id: string;
            member_id: string;
            key_id: string;
            key_name: string | null;
            group_id: string;
            group_name: string | null;
            model_id: string;
            call_name: string;
            channel_id: string | null;
            /** @description The interface called: messages, chat, responses, responses/compact (a compaction, made as a response), generate-content or embeddings. */
            interface: string;
            stream: boolean;
            /**
             * @description ok, upstream_error, upstream_broken, interrupted, client_disconnected, timeout, rate_limited,
             *     no_channel, quota_exhausted; and for a call the gateway refused itself, the kind of its error
             *     (invalid_request, model_not_found, interface_mismatch, too_large, no_group, …).
             */
            status: string;
            /** Format: int32 */
            http_status: number;
            /** Format: int32 */
            input_tokens: number;
            /** Format: int32 */
            output_tokens: number;
            /** Format: int32 */
            cache_read_tokens: number;
            /**
             * Format: int32
             * @description Every cache write, 1-hour ones included.
             */
            cache_write_tokens: number;
            /**
             * Format: int32
             * @description The part of `cache_write_tokens` written to a 1-hour cache, billed at the model's `cache_write_1h` price.
             */
            cache_write_1h_tokens: number;
            /** Format: int32 */
            reasoning_tokens: number;
            /** Format: int32 */
            multiplier_milli: number;
            /** Format: int64 */
            cost: number;
            /** Format: int32 */
            latency_ms: number;
            /** Format: int32 */
            ttfb_ms: number | null;
            /** @description Why the model stopped, as the upstream said it (`end_turn`, `stop`, `tool_calls`, `STOP`…; a translated call's in Anthropic's words); null where none came. */
            finish_reason: string | null;
            /** @description Why the model stopped in one vocabulary for every format: stop, length, tool_calls, stop_sequence, content_filter, pause or other; null where none came. */
            finish: string | null;
            /** @description A call the gateway refused itself (cost 0): the error's kind, as in `status`; null for the others. */
            error_code: string | null;
            /** @description What the caller was told when the gateway refused the call; null for the others. */
            error_message: string | null;
        };
        UsageCallDetail: {
            id: string;
            request_id: string;
            /** Format: date-time */
            created_at: string;
            organization_id: string;
            member_id: string;
            key_id: string;
            key_name: string | null;
            group_id: string;
            group_name: string | null;
            model_id: string;
            call_name: string;
            channel_id: string | null;
            /** @description The interface called: messages, chat, responses, responses/compact (a compaction, made as a response), generate-content or embeddings. */
            interface: string;
            stream: boolean;
            /**
             * @description ok, upstream_error, upstream_broken, interrupted, client_disconnected, timeout, rate_limited,
             *     no_channel, quota_exhausted; and for a call the gateway refused itself, the kind of its error
             *     (invalid_request, model_not_found, interface_mismatch, too_large, no_group, …).
             */
            status: string;
            /** Format: int32 */
            http_status: number;
            /** Format: int32 */
            input_tokens: number;
            /** Format: int32 */
            output_tokens: number;
            /** Format: int32 */
            cache_read_tokens: number;
            /**
             * Format: int32
             * @description Every cache write, 1-hour ones included.
             */
            cache_write_tokens: number;
            /**
             * Format: int32
             * @description The part of `cache_write_tokens` written to a 1-hour cache, billed at the model's `cache_write_1h` price.
             */
            cache_write_1h_tokens: number;
            /** Format: int32 */
            reasoning_tokens: number;
            /** Format: int32 */
            multiplier_milli: number;
            /** Format: int64 */
            cost: number;
            /** Format: int32 */
            latency_ms: number;
            /** Format: int32 */
            ttfb_ms: number | null;
            /** @description Why the model stopped, as the upstream said it (`end_turn`, `stop`, `tool_calls`, `STOP`…; a translated call's in Anthropic's words); null where none came. */
            finish_reason: string | null;
            /** @description Why the model stopped in one vocabulary for every format: stop, length, tool_calls, stop_sequence, content_filter, pause or other; null where none came. */
            finish: string | null;
            /** @description A call the gateway refused itself (cost 0): the error's kind, as in `status`; null for the others. */
            error_code: string | null;
            /** @description What the caller was told when the gateway refused the call; null for the others. */
            error_message: string | null;
            /** @description The channel that served it (archived channels keep their name); null when none was reached. */
            channel_name: string | null;
            /** @description The channels tried before it, in order, and why each failed; empty when the first one served. */
            failovers: components["schemas"]["UsageFailover"][];
            /**
             * Format: int64
             * @description What the call cost before the group's multiplier: cost = base_cost × multiplier.
             */
            base_cost: number;
            /** @description A sentence that says how the call ended, for a status other than ok. */
            outcome: string;
        };
        /** @description A channel a call failed over from, before the first byte reached the client. */
        UsageFailover: {
            channel_id: string;
            channel_name: string | null;
            /** @description Why it did not serve: `upstream answered 500`, `upstream timed out`, `connection failed (ECONNREFUSED)`… */
            reason: string;
        };
        UsageRow: {
            /** @description The bucket: a day (YYYY-MM-DD, UTC), or the id of a model, group, key or member. */
            key: string;
            /** @description A readable name for the bucket. */
            label: string;
            /** Format: int32 */
            requests: number;
            /** Format: int64 */
            input_tokens: number;
            /** Format: int64 */
            output_tokens: number;
            /** Format: int64 */
            cache_read_tokens: number;
            /** Format: int64 */
            cache_write_tokens: number;
            /** Format: int64 */
            reasoning_tokens: number;
            /**
             * Format: int64
             * @description Micros charged.
             */
            cost: number;
        };
        UsageSummary: {
            /** @enum {string} */
            group_by: "day" | "model" | "group" | "key" | "member";
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            rows: components["schemas"]["UsageRow"][];
            totals: components["schemas"]["UsageTotals"];
            /**
             * @description The organization's balance in micros, for its owner and the operator; null for a sub-user (who
             *     sees its own spend and cap in `GET /api/me`) and for the operator's all-organization view.
             */
            balance: (number & components["schemas"]["Micros"]) | null;
        };
        UsageTotals: {
            /** Format: int32 */
            requests: number;
            /** Format: int64 */
            input_tokens: number;
            /** Format: int64 */
            output_tokens: number;
            /** Format: int64 */
            cache_read_tokens: number;
            /** Format: int64 */
            cache_write_tokens: number;
            /** Format: int64 */
            reasoning_tokens: number;
            /**
             * Format: int64
             * @description Micros charged.
             */
            cost: number;
        };
    };
    responses: never;
    parameters: {
        /** @description Calls at or after this time. */
        "UsageCallFilters.from": string;
        "UsageCallFilters.group_id": string;
        "UsageCallFilters.key_id": string;
        "UsageCallFilters.member_id": string;
        /** @description The model id (not the call name). */
        "UsageCallFilters.model": string;
        /** @description The id the caller saw in `request-id` / `x-request-id`: finds that one call. */
        "UsageCallFilters.request_id": string;
        /** @description A status as recorded (ok, upstream_error, …), or `failed` for every call that did not end ok. */
        "UsageCallFilters.status": string;
        /** @description Calls before this time. */
        "UsageCallFilters.to": string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    adminGetCallState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallStateStatus"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminListChannels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Channel"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminCreateChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Channel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminArchiveChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Archived"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminUpdateChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Channel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminTestChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelTestResult"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminListGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminCreateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminArchiveGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Archived"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminUpdateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminListIdentityProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IdentityProvider"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminCreateIdentityProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdentityProviderCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityProvider"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminDeleteIdentityProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminUpdateIdentityProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdentityProviderUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityProvider"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminUpdateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminApiKeyUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminListOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminCreateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminArchiveOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Archived"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminUpdateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminSetExclusiveGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupGrants"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminListOrganizationKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminTopUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TopUp"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordReset"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminListSessions: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonSessions"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminEndSessions: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        ended: number;
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    adminEndSession: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        ended: number;
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getAlertHook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertHook"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    putAlertHook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertHookInput"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAlertHook"];
                };
            };
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAlertHook"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    deleteAlertHook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getCallGuide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallGuide"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationAcceptance"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    "set-cookie": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    previewInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationToken"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    updateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /**
             * @description Replica mode: a spend cap change not saved because the Redis the replicas share answered too
             *     slowly for its write to commit in time (code `unavailable`). Nothing changed; send it again.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getMarketplace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Marketplace"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    createMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    archiveMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Archived"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /**
             * @description Replica mode: a spend cap change not saved because the Redis the replicas share answered too
             *     slowly for its write to commit in time (code `unavailable`). Nothing changed; send it again.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    setMemberGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupGrants"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    requestPasswordResetLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetLinkRequest"];
            };
        };
        responses: {
            /** @description The request has been accepted for processing, but processing has not yet completed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetLinkRequested"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    resetPasswordByLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetByLink"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    "set-cookie": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    "set-cookie": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getSignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInOptions"];
                };
            };
        };
    };
    verifySignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpVerification"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    "set-cookie": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpRequest"];
            };
        };
        responses: {
            /** @description The request has been accepted for processing, but processing has not yet completed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignUpRequested"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Too many sign-in attempts for this account or from this address: wait `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the next attempt is allowed. */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    finishSingleSignOn: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path: {
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A redirect the browser follows. */
            302: {
                headers: {
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    startSingleSignOn: {
        parameters: {
            query?: {
                return_to?: string;
            };
            header?: never;
            path: {
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A redirect the browser follows. */
            302: {
                headers: {
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConsoleToken"][];
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleTokenCreate"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedConsoleToken"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleToken"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listUsageCalls: {
        parameters: {
            query?: {
                limit?: number;
                organization_id?: string;
                /** @description Calls at or after this time. */
                from?: components["parameters"]["UsageCallFilters.from"];
                /** @description Calls before this time. */
                to?: components["parameters"]["UsageCallFilters.to"];
                key_id?: components["parameters"]["UsageCallFilters.key_id"];
                member_id?: components["parameters"]["UsageCallFilters.member_id"];
                /** @description The model id (not the call name). */
                model?: components["parameters"]["UsageCallFilters.model"];
                group_id?: components["parameters"]["UsageCallFilters.group_id"];
                /** @description A status as recorded (ok, upstream_error, …), or `failed` for every call that did not end ok. */
                status?: components["parameters"]["UsageCallFilters.status"];
                /** @description The id the caller saw in `request-id` / `x-request-id`: finds that one call. */
                request_id?: components["parameters"]["UsageCallFilters.request_id"];
                /** @description `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UsageCall"][];
                        /** @description Pass as `cursor` for the next (older) page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    exportUsageCalls: {
        parameters: {
            query?: {
                organization_id?: string;
                /** @description Calls at or after this time. */
                from?: components["parameters"]["UsageCallFilters.from"];
                /** @description Calls before this time. */
                to?: components["parameters"]["UsageCallFilters.to"];
                key_id?: components["parameters"]["UsageCallFilters.key_id"];
                member_id?: components["parameters"]["UsageCallFilters.member_id"];
                /** @description The model id (not the call name). */
                model?: components["parameters"]["UsageCallFilters.model"];
                group_id?: components["parameters"]["UsageCallFilters.group_id"];
                /** @description A status as recorded (ok, upstream_error, …), or `failed` for every call that did not end ok. */
                status?: components["parameters"]["UsageCallFilters.status"];
                /** @description The id the caller saw in `request-id` / `x-request-id`: finds that one call. */
                request_id?: components["parameters"]["UsageCallFilters.request_id"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getUsageCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageCallDetail"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getUsageSummary: {
        parameters: {
            query?: {
                /** @description Default: 30 days before `to`. */
                from?: string;
                /** @description Default: now. */
                to?: string;
                group_by?: "day" | "model" | "group" | "key" | "member";
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageSummary"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
}
