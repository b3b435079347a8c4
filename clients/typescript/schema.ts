/*
 * Generated from the OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with `npm run client:types` after changing a route's schema; npm test fails while it is stale.
 */

export interface paths {
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document, with this server as its `servers` entry */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of slots: searched, filtered, sorted, with facet counts */
        get: operations["listSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slots/{idOrSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One slot by id or slug */
        get: operations["getSlot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/slots/{idOrSlug}/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Other slots ranked as a match for this slot's emojis would rank them */
        get: operations["listSimilarSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every provider with its slot count and average RTP, most slots first */
        get: operations["listProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/emojis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How often each emoji is used across slots, or every slot-emoji pair */
        get: operations["listEmojis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/emojis/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Emojis in use whose English name or keywords hold words starting with each word of q
         * @description Words are compared case- and accent-insensitively, apostrophes dropped; any other character that is not a letter or digit separates words. Emojis whose name starts with `q` come first, then those whose name holds every word, then those matched by keywords only; inside each group by `count` descending, then by code points.
         */
        get: operations["searchEmojis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/emojis/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The emoji category map */
        get: operations["getEmojiCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/emojis/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Emoji usage statistics */
        get: operations["getEmojiStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Slots carrying the given emojis, best match first */
        post: operations["matchSlots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/play/{emojis}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to the best slot for these emojis (the first POST /api/match lists) */
        get: operations["playEmojis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/redirect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legacy redirect: as /api/play/{emojis}, with Deprecation and a Link to it
         * @deprecated
         */
        get: operations["legacyRedirect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/spin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lucky spin: redirect to a slot drawn at random from those passing every filter */
        get: operations["spin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every slot and the category map, as of one change
         * @description One consistent snapshot; apply `GET /api/changes?after={sequence}&history={history}` (or the stream) to it to stay current. Compressed with br or gzip when the request accepts it; a strong `ETag` per encoding.
         */
        get: operations["getCatalogueSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changes after a sequence number, oldest first
         * @description Pass a snapshot's `sequence` as `after` and its `history` as `history`, then each page's `next`. A cursor the log no longer reaches, or of another history, is a 410: start again from the snapshot.
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/changes/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changes as they happen (Server-Sent Events)
         * @description Server-Sent Events. The first event is `hello`, whose `data` is the database's history id
         *     (the `history` of `GET /api/catalogue`). Each change is then an event whose `id` is its sequence, `event` its type and
         *     `data` the change item of `GET /api/changes`, one JSON object on one line:
         *
         *     ```
         *     event: hello
         *     data: q1Vb3kQ2R9mZ7xT0aLw4Ne
         *
         *     id: 42
         *     event: slot.upserted
         *     data: {"sequence":42,"time":"2030-01-01T12:00:00.000Z","type":"slot.upserted","slot":{…}}
         *     ```
         *
         *     A comment line (`: keep-alive`) comes at least every 10 seconds. When the resume point is older than
         *     the changes kept (or beyond them), or `history` is not the database's (it was restored since), the stream sends one `reset` event whose data is
         *     `{"snapshot":"/api/catalogue","message":…}` and ends: load the snapshot and resume from its `sequence`. The stream
         *     also ends when the server shuts down; reconnect with `Last-Event-ID`.
         */
        get: operations["streamChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is alive */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and a catalogue snapshot is being served */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (behind the `admin` scope) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a slot */
        post: operations["createSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/slots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A slot as stored, with its version as ETag (scope: read) */
        get: operations["adminGetSlot"];
        /** Replace a slot (its id stays) */
        put: operations["replaceSlot"];
        post?: never;
        /** Delete a slot (its id is never reused) */
        delete: operations["deleteSlot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole catalogue */
        get: operations["exportCatalogue"];
        /** Replace the whole catalogue, all or nothing */
        put: operations["importCatalogue"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/emojis/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the emoji category map */
        put: operations["replaceCategories"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every webhook endpoint (without secrets) */
        get: operations["listWebhooks"];
        put?: never;
        /** Register a webhook endpoint; the answer holds its signing secret, this once */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace what an owner sets of an endpoint, and turn it on or off */
        put: operations["updateWebhook"];
        post?: never;
        /** Remove an endpoint and its attempts; nothing more is delivered to it */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret; the old one goes on signing beside it for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed `webhook.test` event now and answer what came of it */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest delivery attempts of an endpoint, newest first */
        get: operations["listWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/rate-limits/{ip}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Clear one client's rate-limit counters */
        delete: operations["resetRateLimit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/slots/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A slot's versions, newest first (scope: read) */
        get: operations["slotHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/slots/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write a version of a slot back as a new change (scope: write) */
        post: operations["restoreSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who changed what, newest first (scope: read) */
        get: operations["audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What visitors played, viewed, matched and searched, and what found nothing (scope: read) */
        get: operations["insights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/insights/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One key's daily counts (scope: read) */
        get: operations["insightsDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every operator (owners only) */
        get: operations["listOperators"];
        put?: never;
        /** Add an operator (owners only) */
        post: operations["createOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/operators/{name}": {
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
        /** Change an operator's role, password or disabled flag (owners only) */
        patch: operations["changeOperator"];
        trace?: never;
    };
    "/api/admin/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every API token, without secrets (owners only) */
        get: operations["listTokens"];
        put?: never;
        /** Make an API token; its secret is in this answer only (owners only) */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token, on every instance at once (owners only) */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A script, style or icon the pages load, by its content-hashed name */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The emoji picker: choose emojis, see matching slots, spin */
        get: operations["homePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/slots/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page of one slot, where the redirects lead */
        get: operations["slotPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The search page: the parameters of GET /api/slots as a form, its results, facet counts and paging */
        get: operations["searchPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/robots.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What crawlers may visit (everything but /api), and where the sitemap is */
        get: operations["robotsTxt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sitemap.xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sitemap; beyond 50,000 URLs an index of numbered sitemap files */
        get: operations["sitemap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sitemaps/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One numbered file of a sitemap too large for one file */
        get: operations["sitemapFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sign-in page */
        get: operations["consoleSignInPage"];
        put?: never;
        /** Sign in with name and password (a form); a new session cookie */
        post: operations["consoleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: the session ends on every instance */
        post: operations["consoleSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The overview: catalogue counts and the latest changes */
        get: operations["consoleOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Slots: the search of /search (the parameters of GET /api/slots) with links to edit each */
        get: operations["consoleSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/slots/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The form for a new slot, its emoji tags filled in from `emojis` when given */
        get: operations["consoleNewSlotPage"];
        put?: never;
        /** Add a slot (a form), or find emojis by word for its tags */
        post: operations["consoleCreateSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/slots/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The form of a slot, at its current version */
        get: operations["consoleEditSlotPage"];
        put?: never;
        /** Save a slot (a form, carrying the version it was opened at), or find emojis by word */
        post: operations["consoleSaveSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/slots/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Confirm deleting a slot */
        get: operations["consoleDeleteSlotPage"];
        put?: never;
        /** Delete a slot at the version confirmed (a form) */
        post: operations["consoleDeleteSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/slots/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A slot's changes, field by field, with a restore button on each version */
        get: operations["consoleSlotHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/slots/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write a version of a slot back as a new change (a form) */
        post: operations["consoleRestoreSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first, with filters */
        get: operations["consoleAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The emoji category map as a form */
        get: operations["consoleCategories"];
        put?: never;
        /** Replace the category map (a form) */
        post: operations["consoleSaveCategories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Operators, with their actions and a form to add one */
        get: operations["consoleOperators"];
        put?: never;
        /** Add an operator (a form) */
        post: operations["consoleAddOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operators/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set an operator's password, ending their sessions (a form) */
        post: operations["consoleSetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operators/{name}/{change}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable, enable or change the role of an operator (a form) */
        post: operations["consoleChangeOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API tokens, with revoke buttons and a form to make one */
        get: operations["consoleTokens"];
        put?: never;
        /** Make an API token (a form); the answer shows its secret, once */
        post: operations["consoleMakeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an API token (a form) */
        post: operations["consoleRevokeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export and import: the download, and the way to the import */
        get: operations["consoleExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/catalogue.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole catalogue as a file to download, as GET /api/admin/catalogue gives it */
        get: operations["consoleExportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The upload form of the import */
        get: operations["consoleImportPage"];
        put?: never;
        /** Upload a catalogue document (multipart) and see what importing it would add, change and remove */
        post: operations["consoleImportPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/import/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply exactly the previewed document (a form), or refuse if the catalogue changed since */
        post: operations["consoleImportConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook endpoints, each linked to its page, and a form to add one */
        get: operations["consoleWebhooks"];
        put?: never;
        /** Add a webhook endpoint (a form); the answer shows its signing secret, once */
        post: operations["consoleAddWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint: its form, its latest delivery attempts, and its actions */
        get: operations["consoleWebhook"];
        put?: never;
        /** Change a webhook endpoint (a form): every field an owner sets, and turn it on or off */
        post: operations["consoleChangeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give an endpoint a new signing secret (a form), shown once; the old one signs beside it for 24 hours */
        post: operations["consoleRotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed webhook.test event now (a form) and show what came of it */
        post: operations["consoleTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The confirmation before deleting an endpoint */
        get: operations["consoleDeleteWebhookPage"];
        put?: never;
        /** Delete an endpoint and its attempts (the confirmation's form) */
        post: operations["consoleDeleteWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Insights: plays and views per day (a chart and a table), the top and rising slots, and the gaps */
        get: operations["consoleInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    catalogueChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A change of the catalogue, to an endpoint subscribed to its type
         * @description The change item, exactly as `GET /api/changes` lists it, delivered at least once, in sequence order per endpoint. A `catalogue.imported` item is also sent when the changes after the endpoint's position are no longer kept (it was off for longer than `CHANGES_RETENTION`): start again from the snapshot.
         */
        post: operations["receiveCatalogueChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    webhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The test event an owner sends
         * @description Signed like every delivery; sent once, not retried.
         */
        post: operations["receiveWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @example {
         *       "statusCode": 400,
         *       "error": "Bad Request",
         *       "message": "limit: must be a whole number of at least 1, got \"0\""
         *     }
         */
        Error: {
            /** @description The HTTP status code */
            statusCode: number;
            /** @description Its reason phrase */
            error: string;
            /** @description What was wrong, naming the parameter, field or path */
            message: string;
        };
        RateLimitExceeded: {
            /** @enum {number} */
            statusCode: 429;
            /** @enum {string} */
            error: "Rate limit exceeded";
            /** @description Names the limit and its window, and when to try again */
            message: string;
            /** @description Unix seconds, equal to X-RateLimit-Reset */
            retryAfter: number;
        };
    };
    responses: {
        /** @description A parameter, the path or the body is invalid; the message names it */
        BadRequest: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid admin credentials, or admin is off */
        Unauthorized: {
            headers: {
                /** @description Always `Bearer` */
                "WWW-Authenticate": "Bearer";
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The credentials are valid but below what this operation needs (its security scope); the message names the scope */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limit exceeded for this client address; the limits of the binding window are in the headers */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait */
                "Retry-After": number;
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RateLimitExceeded"];
            };
        };
        /** @description The request line and headers are larger than the server reads (16 KiB); answered before any route runs */
        HeadersTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not part of the contract of any one operation: 503 while this instance shuts down (with `Retry-After`), or 500 on a fault of the server. The body never shows internals. */
        Unexpected: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description Requests allowed in the binding window (the one with the fewest requests left) */
        RateLimitLimit: number;
        /** @description Requests left in the binding window */
        RateLimitRemaining: number;
        /** @description Unix seconds at which the binding window resets */
        RateLimitReset: number;
        /** @description The binding window */
        RateLimitWindow: "minute" | "hour" | "day";
        /** @description Strong for the JSON answers: the same tag means the same bytes. Send it back in `If-None-Match` to get a 304. */
        ETag: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSlots: {
        parameters: {
            query?: {
                /** @description Slots per page; a value above 1000 means 1000 */
                limit?: number;
                /** @description Slots to skip, in the order of `sort` */
                offset?: number;
                /** @description Search text: every word must match a word of the name, provider, themes or features, as a prefix or (words of 5 or more letters) one typo away. Case, accents and apostrophes do not matter. */
                q?: string;
                /** @description Provider name or its slug, in any case (`Pragmatic Play`, `pragmatic-play`); a comma-separated list passes slots of any of them */
                provider?: string;
                /** @description Volatility level (low, medium, high, extreme), in any case; a comma-separated list passes any of them */
                volatility?: string;
                /** @description Only slots with (true) or without (false) a bonus buy */
                hasBonusBuy?: boolean;
                /** @description Themes, whole values in any case (comma-separated; a slot passes when it carries every one) */
                theme?: string;
                /** @description Features, whole values in any case (comma-separated; a slot passes when it carries every one) */
                feature?: string;
                /** @description Only slots carrying any of these emojis. One or more emojis written one after another; spaces and commas between them are ignored. Variation selectors and skin tones do not matter when comparing. At most 20 distinct emojis. */
                emoji?: string;
                /** @description Lowest RTP percentage to include */
                minRtp?: number;
                /** @description Highest RTP percentage, inclusive */
                maxRtp?: number;
                /** @description Lowest rating, inclusive */
                minRating?: number;
                /** @description Highest rating, inclusive */
                maxRating?: number;
                /** @description Lowest max win (a multiple of the stake), inclusive */
                minMaxWin?: number;
                /** @description Highest max win (a multiple of the stake), inclusive */
                maxMaxWin?: number;
                /** @description Earliest release year, inclusive; slots without one fail it */
                minYear?: number;
                /** @description Latest release year, inclusive; slots without one fail it */
                maxYear?: number;
                /** @description Order of the results; a leading - sorts descending (not relevance or popular, which have one direction). Default: relevance with q, else id. Ties go to id ascending. popular: plays over the last 14 days, each day weighing half as much every 3 days, worked out again once a minute; slots without plays follow in id order. */
                sort?: "relevance" | "id" | "-id" | "name" | "-name" | "rtp" | "-rtp" | "rating" | "-rating" | "maxWin" | "-maxWin" | "releaseYear" | "-releaseYear" | "popular";
                /** @description Comma-separated facet names among provider, volatility, theme, feature, emoji, releaseYear: value counts over every passing slot */
                facets?: string;
            };
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of slots */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slots": [
                     *         {
                     *           "id": "1",
                     *           "name": "Wild Swarm",
                     *           "slug": "wild-swarm",
                     *           "provider": "Push Gaming",
                     *           "rtp": 97.03,
                     *           "volatility": "Medium",
                     *           "maxWin": 3100,
                     *           "hasBonusBuy": false,
                     *           "releaseYear": 2018,
                     *           "emojiTags": [
                     *             "🐝",
                     *             "🍯",
                     *             "🌸",
                     *             "🍀",
                     *             "🌿"
                     *           ],
                     *           "theme": [
                     *             "nature",
                     *             "bees"
                     *           ],
                     *           "features": [
                     *             "sticky wilds",
                     *             "free spins",
                     *             "pick bonus"
                     *           ],
                     *           "description": "A 5x4, 20-line woodland slot where bees fill a hive meter that unlocks Swarm Mode.",
                     *           "review": "Gentle to look at but cleverer than it seems, with the hive meter giving a reason to keep spinning.",
                     *           "rating": 4.1,
                     *           "pros": [
                     *             "Excellent RTP",
                     *             "Satisfying hive progression"
                     *           ],
                     *           "cons": [
                     *             "Limited maximum win"
                     *           ],
                     *           "url": "https://slotmoji.example.org/slots/wild-swarm",
                     *           "createdAt": "2026-01-01T00:00:00.000Z",
                     *           "updatedAt": "2026-01-01T00:00:00.000Z"
                     *         }
                     *       ],
                     *       "count": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": {
                        slots: {
                            id: string;
                            name: string;
                            slug: string;
                            provider: string;
                            rtp: number;
                            /** @enum {unknown} */
                            volatility: "Low" | "Medium" | "High" | "Extreme";
                            maxWin: number;
                            hasBonusBuy: boolean;
                            releaseYear?: number;
                            emojiTags: string[];
                            theme: string[];
                            features: string[];
                            description: string;
                            review: string;
                            rating: number;
                            pros: string[];
                            cons: string[];
                            url: string;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        /** @description Slots on this page */
                        count: number;
                        /** @description Slots passing the filters, on every page */
                        total: number;
                        /** @description With `facets`: per requested name, value counts over every slot that passes the filters, most first */
                        facets?: {
                            [key: string]: {
                                value: string | number;
                                count: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSlot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The slot id, or its slug in any case */
                idOrSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slot */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1",
                     *       "name": "Wild Swarm",
                     *       "slug": "wild-swarm",
                     *       "provider": "Push Gaming",
                     *       "rtp": 97.03,
                     *       "volatility": "Medium",
                     *       "maxWin": 3100,
                     *       "hasBonusBuy": false,
                     *       "releaseYear": 2018,
                     *       "emojiTags": [
                     *         "🐝",
                     *         "🍯",
                     *         "🌸",
                     *         "🍀",
                     *         "🌿"
                     *       ],
                     *       "theme": [
                     *         "nature",
                     *         "bees"
                     *       ],
                     *       "features": [
                     *         "sticky wilds",
                     *         "free spins",
                     *         "pick bonus"
                     *       ],
                     *       "description": "A 5x4, 20-line woodland slot where bees fill a hive meter that unlocks Swarm Mode.",
                     *       "review": "Gentle to look at but cleverer than it seems, with the hive meter giving a reason to keep spinning.",
                     *       "rating": 4.1,
                     *       "pros": [
                     *         "Excellent RTP",
                     *         "Satisfying hive progression"
                     *       ],
                     *       "cons": [
                     *         "Limited maximum win"
                     *       ],
                     *       "url": "https://slotmoji.example.org/slots/wild-swarm",
                     *       "createdAt": "2026-01-01T00:00:00.000Z",
                     *       "updatedAt": "2026-01-01T00:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        url: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No such slot, or no slot matches */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "message": "slot \"no-such-slot\" not found"
                     *     }
                     */
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSimilarSlots: {
        parameters: {
            query?: {
                /** @description Most slots to list; above 100 means 100 */
                limit?: number;
            };
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The slot id, or its slug in any case */
                idOrSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Other slots carrying emojis of this one, best match first; empty when none does */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slots: {
                            id: number;
                            name: string;
                            url: string;
                            emojis: string[];
                            rtp: number;
                            slug: string;
                            provider: string;
                            score: number;
                        }[];
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No such slot, or no slot matches */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "message": "slot \"no-such-slot\" not found"
                     *     }
                     */
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listProviders: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every provider, most slots first, then by name */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "providers": [
                     *         {
                     *           "name": "Pragmatic Play",
                     *           "slug": "pragmatic-play",
                     *           "count": 20,
                     *           "averageRtp": 96.37
                     *         }
                     *       ],
                     *       "total": 1
                     *     }
                     */
                    "application/json": {
                        providers: {
                            name: string;
                            slug: string;
                            /** @description Slots of this provider */
                            count: number;
                            /** @description Mean RTP of its slots, rounded to 2 decimals */
                            averageRtp: number;
                        }[];
                        /** @description Number of providers */
                        total: number;
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listEmojis: {
        parameters: {
            query?: {
                /** @description Usage counts per emoji, or one row per slot and tag */
                format?: "aggregated" | "raw";
            };
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emoji usage in the requested format */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "emojis": [
                     *         {
                     *           "emoji": "🍀",
                     *           "count": 12,
                     *           "category": "luck",
                     *           "name": "four leaf clover"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "totalUsage": 12
                     *     }
                     */
                    "application/json": {
                        emojis: {
                            emoji: string;
                            count: number;
                            category: string;
                            /** @description English name (Unicode CLDR); empty for an emoji newer than the data */
                            name: string;
                        }[];
                        /** @description Distinct emojis */
                        total: number;
                        /** @description Sum of the counts */
                        totalUsage: number;
                    } | {
                        mappings: {
                            slotId: string;
                            slug: string;
                            emoji: string;
                        }[];
                        /** @description Rows, equal to totalUsage of the aggregated form */
                        total: number;
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    searchEmojis: {
        parameters: {
            query: {
                /** @description Words to look for, 1 to 50 characters once trimmed: `fire`, `red heart`, `money` */
                q: string;
                /** @description Emojis to return; a value above 100 means 100 */
                limit?: number;
            };
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emojis in use whose words match, best first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "emojis": [
                     *         {
                     *           "emoji": "🔥",
                     *           "count": 12,
                     *           "category": "elements",
                     *           "name": "fire",
                     *           "keywords": [
                     *             "fire",
                     *             "flame",
                     *             "tool"
                     *           ]
                     *         }
                     *       ],
                     *       "total": 1
                     *     }
                     */
                    "application/json": {
                        emojis: {
                            emoji: string;
                            count: number;
                            category: string;
                            /** @description English name (Unicode CLDR); empty for an emoji newer than the data */
                            name: string;
                            /** @description English keywords (Unicode CLDR) */
                            keywords: string[];
                        }[];
                        /** @description Emojis matching in all, beyond `limit` too */
                        total: number;
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    getEmojiCategories: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The category map, in its stable order */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "categories": {
                     *         "luck": [
                     *           "🍀",
                     *           "🎲",
                     *           "🎰"
                     *         ],
                     *         "nature": [
                     *           "🐝",
                     *           "🌸",
                     *           "🌿"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        categories: {
                            [key: string]: string[];
                        };
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    getEmojiStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage statistics */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "totalEmojis": 42,
                     *       "totalUsage": 180,
                     *       "averagePerSlot": 4.5,
                     *       "mostUsed": {
                     *         "emoji": "🍀",
                     *         "count": 12
                     *       },
                     *       "leastUsed": {
                     *         "emoji": "🐝",
                     *         "count": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        totalEmojis: number;
                        totalUsage: number;
                        averagePerSlot: number;
                        mostUsed: {
                            emoji: string;
                            count: number;
                        } | null;
                        leastUsed: {
                            emoji: string;
                            count: number;
                        } | null;
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    matchSlots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "emojis": [
                 *         "🐝🍀"
                 *       ],
                 *       "mode": "any",
                 *       "limit": 10
                 *     }
                 */
                "application/json": {
                    /** @description The emojis to match */
                    emojis: string[];
                    /**
                     * @description Slots carrying any of the emojis, or only those carrying every one
                     * @default any
                     * @enum {unknown}
                     */
                    mode?: "any" | "all";
                    /**
                     * @description Most slots to list; above 1000 means 1000
                     * @default 100
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Matching slots, best first; empty when none matches */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slots": [
                     *         {
                     *           "id": 1,
                     *           "name": "Wild Swarm",
                     *           "url": "https://slotmoji.example.org/slots/wild-swarm",
                     *           "emojis": [
                     *             "🐝",
                     *             "🍀"
                     *           ],
                     *           "rtp": 97.03,
                     *           "slug": "wild-swarm",
                     *           "provider": "Push Gaming",
                     *           "score": 2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        slots: {
                            id: number;
                            name: string;
                            url: string;
                            emojis: string[];
                            rtp: number;
                            slug: string;
                            provider: string;
                            score: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The body is larger than public routes accept (16 KiB) */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    playEmojis: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One or more emojis written one after another; spaces and commas between them are ignored. Variation selectors and skin tones do not matter when comparing. At most 20 distinct emojis. Percent-encoded, as every HTTP client sends it. */
                emojis: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found: `Location` is the absolute URL of the slot page; `Cache-Control: no-store` */
            302: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    /** @description The slot page, `{base}/slots/{slug}` */
                    location: string;
                    /** @description The best match changes with the catalogue */
                    "cache-control": "no-store";
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No such slot, or no slot matches */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "message": "slot \"no-such-slot\" not found"
                     *     }
                     */
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    legacyRedirect: {
        parameters: {
            query: {
                /** @description One or more emojis written one after another; spaces and commas between them are ignored. Variation selectors and skin tones do not matter when comparing. At most 20 distinct emojis. */
                emoji: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found: `Location` is the absolute URL of the slot page; `Cache-Control: no-store` */
            302: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    /** @description The slot page, `{base}/slots/{slug}` */
                    location: string;
                    /** @description The best match changes with the catalogue */
                    "cache-control": "no-store";
                    /** @description This route is deprecated */
                    deprecation: "true";
                    /** @description The successor, `</api/play/{emojis}>; rel="successor-version"` */
                    link: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No such slot, or no slot matches */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "message": "slot \"no-such-slot\" not found"
                     *     }
                     */
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    spin: {
        parameters: {
            query?: {
                /** @description Only slots carrying any of these emojis. One or more emojis written one after another; spaces and commas between them are ignored. Variation selectors and skin tones do not matter when comparing. At most 20 distinct emojis. */
                emoji?: string;
                /** @description Provider name or its slug, in any case (`Pragmatic Play`, `pragmatic-play`); a comma-separated list passes slots of any of them */
                provider?: string;
                /** @description Volatility level (low, medium, high, extreme), in any case; a comma-separated list passes any of them */
                volatility?: string;
                /** @description Lowest RTP percentage to include */
                minRtp?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found: `Location` is the absolute URL of the slot page; `Cache-Control: no-store` */
            302: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    /** @description The slot page, `{base}/slots/{slug}` */
                    location: string;
                    /** @description The best match changes with the catalogue */
                    "cache-control": "no-store";
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No such slot, or no slot matches */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "message": "slot \"no-such-slot\" not found"
                     *     }
                     */
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCatalogueSnapshot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole catalogue at one moment of its change log */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The last change this snapshot holds: follow `GET /api/changes?after=` from it */
                        sequence: number;
                        /**
                         * @description The history id of the database: made anew by every restore, so a copy started before one can tell
                         * @example q1Vb3kQ2R9mZ7xT0aLw4Ne
                         */
                        history: string;
                        /** @description Every slot, by id */
                        slots: {
                            id: string;
                            name: string;
                            slug: string;
                            provider: string;
                            rtp: number;
                            /** @enum {unknown} */
                            volatility: "Low" | "Medium" | "High" | "Extreme";
                            maxWin: number;
                            hasBonusBuy: boolean;
                            releaseYear?: number;
                            emojiTags: string[];
                            theme: string[];
                            features: string[];
                            description: string;
                            review: string;
                            rating: number;
                            pros: string[];
                            cons: string[];
                            url: string;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        categories: {
                            [key: string]: string[];
                        };
                    };
                };
            };
            /** @description Not Modified: `If-None-Match` names the current tag, so there is no body */
            304: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listChanges: {
        parameters: {
            query?: {
                /** @description The sequence to continue after: a snapshot's `sequence`, or the `next` of the last page */
                after?: number;
                /** @description Changes per page; outside 1-1000 is a 400 */
                limit?: number;
                /** @description The `history` of the snapshot the copy started from; another history than the database's is a 410 (the database was restored since) */
                history?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the change feed */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The changes after `after`, oldest first */
                        changes: ({
                            /** @description Its place in the order of every change: gapless, increasing */
                            sequence: number;
                            /**
                             * Format: date-time
                             * @description When it was committed
                             */
                            time: string;
                            /** @enum {string} */
                            type: "slot.upserted";
                            slot: {
                                id: string;
                                name: string;
                                slug: string;
                                provider: string;
                                rtp: number;
                                /** @enum {unknown} */
                                volatility: "Low" | "Medium" | "High" | "Extreme";
                                maxWin: number;
                                hasBonusBuy: boolean;
                                releaseYear?: number;
                                emojiTags: string[];
                                theme: string[];
                                features: string[];
                                description: string;
                                review: string;
                                rating: number;
                                pros: string[];
                                cons: string[];
                                url: string;
                                createdAt: string;
                                updatedAt: string;
                            };
                        } | {
                            /** @description Its place in the order of every change: gapless, increasing */
                            sequence: number;
                            /**
                             * Format: date-time
                             * @description When it was committed
                             */
                            time: string;
                            /** @enum {string} */
                            type: "slot.deleted";
                            /** @description The id of the slot deleted (never reused) */
                            id: string;
                            /** @description Its slug; null only for deletions logged before slugs were kept */
                            slug: string | null;
                        } | {
                            /** @description Its place in the order of every change: gapless, increasing */
                            sequence: number;
                            /**
                             * Format: date-time
                             * @description When it was committed
                             */
                            time: string;
                            /** @enum {string} */
                            type: "categories.replaced";
                            categories: {
                                [key: string]: string[];
                            };
                        } | {
                            /** @description Its place in the order of every change: gapless, increasing */
                            sequence: number;
                            /**
                             * Format: date-time
                             * @description When it was committed
                             */
                            time: string;
                            /** @enum {string} */
                            type: "catalogue.imported";
                        })[];
                        /** @description The last sequence of this page (or `after` when it is empty): the next `after` */
                        next: number;
                        /** @description The last change committed; the copy is current once `next` reaches it */
                        latest: number;
                        /**
                         * @description The history id of the database: made anew by every restore, so a copy started before one can tell
                         * @example q1Vb3kQ2R9mZ7xT0aLw4Ne
                         */
                        history: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The changes after `after` are no longer kept, `after` is beyond every change logged, or `history` is not the database's (it was restored since): load the snapshot and follow from its `sequence` */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                        /**
                         * @description Where to start again
                         * @enum {string}
                         */
                        snapshot: "/api/catalogue";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not answer; try again */
            503: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    streamChanges: {
        parameters: {
            query?: {
                /** @description Start after this sequence (a snapshot's); `Last-Event-ID` wins when both are sent. Neither: from now. */
                after?: number;
                /** @description The `history` of the snapshot the copy started from; another history than the database's is a 410 (the database was restored since) */
                history?: string;
            };
            header?: {
                /** @description The `id` of the last event received: an EventSource sends it when it reconnects */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Rate limit exceeded for this client address, or: This client already holds 5 open streams */
            429: {
                headers: {
                    /** @description Seconds to wait (with the rate limit only) */
                    "Retry-After": number;
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-RateLimit-Window": components["headers"]["RateLimitWindow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"] | {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve, with the size of the catalogue served */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        slots: number;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database does not answer, so this instance should get no traffic */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    createSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The fields of the new slot; `slug` is derived from the name when left out */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Wild Swarm",
                 *       "slug": "wild-swarm",
                 *       "provider": "Push Gaming",
                 *       "rtp": 97.03,
                 *       "volatility": "Medium",
                 *       "maxWin": 3100,
                 *       "hasBonusBuy": false,
                 *       "releaseYear": 2018,
                 *       "emojiTags": [
                 *         "🐝",
                 *         "🍯",
                 *         "🌸",
                 *         "🍀",
                 *         "🌿"
                 *       ],
                 *       "theme": [
                 *         "nature",
                 *         "bees"
                 *       ],
                 *       "features": [
                 *         "sticky wilds",
                 *         "free spins",
                 *         "pick bonus"
                 *       ],
                 *       "description": "A 5x4, 20-line woodland slot where bees fill a hive meter that unlocks Swarm Mode.",
                 *       "review": "Gentle to look at but cleverer than it seems, with the hive meter giving a reason to keep spinning.",
                 *       "rating": 4.1,
                 *       "pros": [
                 *         "Excellent RTP",
                 *         "Satisfying hive progression"
                 *       ],
                 *       "cons": [
                 *         "Limited maximum win"
                 *       ]
                 *     }
                 */
                "application/json": {
                    name: string;
                    slug?: string;
                    provider: string;
                    rtp: number;
                    /** @enum {unknown} */
                    volatility: "Low" | "Medium" | "High" | "Extreme";
                    maxWin: number;
                    hasBonusBuy: boolean;
                    releaseYear?: number;
                    emojiTags: string[];
                    theme: string[];
                    features: string[];
                    description: string;
                    review: string;
                    rating: number;
                    pros: string[];
                    cons: string[];
                };
            };
        };
        responses: {
            /** @description Created: the new slot */
            201: {
                headers: {
                    /** @description Its path, `/api/slots/{id}` */
                    location: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1",
                     *       "name": "Wild Swarm",
                     *       "slug": "wild-swarm",
                     *       "provider": "Push Gaming",
                     *       "rtp": 97.03,
                     *       "volatility": "Medium",
                     *       "maxWin": 3100,
                     *       "hasBonusBuy": false,
                     *       "releaseYear": 2018,
                     *       "emojiTags": [
                     *         "🐝",
                     *         "🍯",
                     *         "🌸",
                     *         "🍀",
                     *         "🌿"
                     *       ],
                     *       "theme": [
                     *         "nature",
                     *         "bees"
                     *       ],
                     *       "features": [
                     *         "sticky wilds",
                     *         "free spins",
                     *         "pick bonus"
                     *       ],
                     *       "description": "A 5x4, 20-line woodland slot where bees fill a hive meter that unlocks Swarm Mode.",
                     *       "review": "Gentle to look at but cleverer than it seems, with the hive meter giving a reason to keep spinning.",
                     *       "rating": 4.1,
                     *       "pros": [
                     *         "Excellent RTP",
                     *         "Satisfying hive progression"
                     *       ],
                     *       "cons": [
                     *         "Limited maximum win"
                     *       ],
                     *       "url": "https://slotmoji.example.org/slots/wild-swarm",
                     *       "createdAt": "2026-01-01T00:00:00.000Z",
                     *       "updatedAt": "2026-01-01T00:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        url: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The body is not a valid slot; the message names every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Another slot already has this slug */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    adminGetSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot id; anything else names no slot (404) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slot */
            200: {
                headers: {
                    /** @description The slot's version, `"v<version>"`: send it back in If-Match */
                    etag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        url: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description No slot has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    replaceSlot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only while the slot is at this version: `"v<version>"`, the ETag of GET /api/admin/slots/{id} */
                "if-match"?: string;
            };
            path: {
                /** @description The slot id; anything else names no slot (404) */
                id: string;
            };
            cookie?: never;
        };
        /** @description Every field of the slot (a full replacement); an exported slot is accepted as it is */
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    slug?: string;
                    provider: string;
                    rtp: number;
                    /** @enum {unknown} */
                    volatility: "Low" | "Medium" | "High" | "Extreme";
                    maxWin: number;
                    hasBonusBuy: boolean;
                    releaseYear?: number;
                    emojiTags: string[];
                    theme: string[];
                    features: string[];
                    description: string;
                    review: string;
                    rating: number;
                    pros: string[];
                    cons: string[];
                    /** @description When given, the id in the path */
                    id?: string | number;
                    /** @description Ignored: derived from the slug */
                    url?: string;
                    /** @description ISO 8601; kept on import, ignored on replace */
                    createdAt?: string;
                    /** @description ISO 8601; kept on import, ignored on replace */
                    updatedAt?: string;
                };
            };
        };
        responses: {
            /** @description The slot as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        url: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The body is not a valid slot; the message names every bad field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No slot has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description Another slot already has this slug */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description If-Match named another version than the current one; nothing changed. `current` is the slot as it is now */
            412: {
                headers: {
                    /** @description The current version, `"v<version>"` */
                    etag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                        current: {
                            id: string;
                            name: string;
                            slug: string;
                            provider: string;
                            rtp: number;
                            /** @enum {unknown} */
                            volatility: "Low" | "Medium" | "High" | "Extreme";
                            maxWin: number;
                            hasBonusBuy: boolean;
                            releaseYear?: number;
                            emojiTags: string[];
                            theme: string[];
                            features: string[];
                            description: string;
                            review: string;
                            rating: number;
                            pros: string[];
                            cons: string[];
                            url: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    deleteSlot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only while the slot is at this version: `"v<version>"`, the ETag of GET /api/admin/slots/{id} */
                "if-match"?: string;
            };
            path: {
                /** @description The slot id; anything else names no slot (404) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-Match is not one entity tag "v<version>" */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No slot has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description If-Match named another version than the current one; nothing changed. `current` is the slot as it is now */
            412: {
                headers: {
                    /** @description The current version, `"v<version>"` */
                    etag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                        current: {
                            id: string;
                            name: string;
                            slug: string;
                            provider: string;
                            rtp: number;
                            /** @enum {unknown} */
                            volatility: "Low" | "Medium" | "High" | "Extreme";
                            maxWin: number;
                            hasBonusBuy: boolean;
                            releaseYear?: number;
                            emojiTags: string[];
                            theme: string[];
                            features: string[];
                            description: string;
                            review: string;
                            rating: number;
                            pros: string[];
                            cons: string[];
                            url: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    exportCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every slot and the category map: a document `PUT /api/admin/catalogue` takes back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slots: {
                            id: string;
                            name: string;
                            slug: string;
                            provider: string;
                            rtp: number;
                            /** @enum {unknown} */
                            volatility: "Low" | "Medium" | "High" | "Extreme";
                            maxWin: number;
                            hasBonusBuy: boolean;
                            releaseYear?: number;
                            emojiTags: string[];
                            theme: string[];
                            features: string[];
                            description: string;
                            review: string;
                            rating: number;
                            pros: string[];
                            cons: string[];
                            url: string;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        categories: {
                            [key: string]: string[];
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    importCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A whole catalogue, as the export gives it (up to 128 MiB) */
        requestBody: {
            content: {
                "application/json": {
                    slots: {
                        name: string;
                        slug?: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        /** @description Kept, so links to the slot keep working */
                        id?: string | number;
                        /** @description Ignored: derived from the slug */
                        url?: string;
                        /** @description ISO 8601; kept on import, ignored on replace */
                        createdAt?: string;
                        /** @description ISO 8601; kept on import, ignored on replace */
                        updatedAt?: string;
                    }[];
                    categories?: {
                        [key: string]: string[];
                    };
                };
            };
        };
        responses: {
            /** @description The catalogue was replaced; how many slots and categories it now holds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "imported": {
                     *         "slots": 120,
                     *         "categories": 14
                     *       }
                     *     }
                     */
                    "application/json": {
                        imported: {
                            slots: number;
                            categories: number;
                        };
                    };
                };
            };
            /** @description The document is not valid; the message names the bad fields (up to 50), and nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    replaceCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The category map itself, or `{"categories": map}` as the GET returns it */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "luck": [
                 *         "🍀",
                 *         "🎲",
                 *         "🎰"
                 *       ]
                 *     }
                 */
                "application/json": {
                    [key: string]: string[];
                } | {
                    categories: {
                        [key: string]: string[];
                    };
                };
            };
        };
        responses: {
            /** @description The category map now in force */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        categories: {
                            [key: string]: string[];
                        };
                    };
                };
            };
            /** @description The map is not valid; the message names what is wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: {
                            id: number;
                            url: string;
                            /** @description The change types to receive */
                            events: ("slot.upserted" | "slot.deleted" | "categories.replaced" | "catalogue.imported")[];
                            description: string;
                            /** @description `failing`: the last retry failed; `disabled`: turned off by an owner or by the receiver answering 410 */
                            status: "enabled" | "failing" | "disabled";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not answer; nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://partner.example/hooks/slotmoji",
                 *       "events": [
                 *         "slot.upserted",
                 *         "slot.deleted"
                 *       ],
                 *       "description": "Our mirror"
                 *     }
                 */
                "application/json": {
                    /** @description http or https, no user name or password, a public address (unless WEBHOOK_ALLOW_PRIVATE=true) */
                    url: string;
                    /** @description The change types to receive */
                    events: ("slot.upserted" | "slot.deleted" | "categories.replaced" | "catalogue.imported")[];
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, and its signing secret (shown only now) */
            201: {
                headers: {
                    /** @description Its path */
                    location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        url: string;
                        /** @description The change types to receive */
                        events: ("slot.upserted" | "slot.deleted" | "categories.replaced" | "catalogue.imported")[];
                        description: string;
                        /** @description `failing`: the last retry failed; `disabled`: turned off by an owner or by the receiver answering 410 */
                        status: "enabled" | "failing" | "disabled";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description The signing secret: shown this once */
                        secret: string;
                    };
                };
            };
            /** @description The body is not a valid endpoint, or its URL may not be used (scheme, credentials, a private address); the message names what */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not answer; nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id */
                id: string;
            };
            cookie?: never;
        };
        /** @description Every field an owner sets (a full replacement); `status` optional */
        requestBody: {
            content: {
                "application/json": {
                    /** @description http or https, no user name or password, a public address (unless WEBHOOK_ALLOW_PRIVATE=true) */
                    url: string;
                    /** @description The change types to receive */
                    events: ("slot.upserted" | "slot.deleted" | "categories.replaced" | "catalogue.imported")[];
                    /** @default  */
                    description?: string;
                    /** @description Turn delivery off, or on again (a failing or disabled endpoint resumes where it stopped) */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        url: string;
                        /** @description The change types to receive */
                        events: ("slot.upserted" | "slot.deleted" | "categories.replaced" | "catalogue.imported")[];
                        description: string;
                        /** @description `failing`: the last retry failed; `disabled`: turned off by an owner or by the receiver answering 410 */
                        status: "enabled" | "failing" | "disabled";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description The body is not a valid endpoint, or its URL may not be used (scheme, credentials, a private address); the message names what */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No webhook endpoint has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No webhook endpoint has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, and its signing secret (shown only now) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        url: string;
                        /** @description The change types to receive */
                        events: ("slot.upserted" | "slot.deleted" | "categories.replaced" | "catalogue.imported")[];
                        description: string;
                        /** @description `failing`: the last retry failed; `disabled`: turned off by an owner or by the receiver answering 410 */
                        status: "enabled" | "failing" | "disabled";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description The signing secret: shown this once */
                        secret: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No webhook endpoint has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt, as the attempts list records it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        time: string;
                        /** @description The change delivered; null for a test event */
                        sequence: number | null;
                        /** @description The `webhook-id` sent */
                        messageId: string;
                        /** @description The receiver's HTTP status; null when none came */
                        status: number | null;
                        durationMs: number;
                        error: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No webhook endpoint has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listWebhookAttempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: {
                            /** Format: date-time */
                            time: string;
                            /** @description The change delivered; null for a test event */
                            sequence: number | null;
                            /** @description The `webhook-id` sent */
                            messageId: string;
                            /** @description The receiver's HTTP status; null when none came */
                            status: number | null;
                            durationMs: number;
                            error: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No webhook endpoint has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    resetRateLimit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The client address whose counters to clear (IPv4 or IPv6) */
                ip: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an IPv4 or IPv6 address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description The shared counter store (Redis) is unreachable; only this instance was cleared */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    slotHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot id; anything else names no slot (404) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions the audit holds for this slot, newest first (at most 1000) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        versions: {
                            /** @description The change sequence number that wrote it */
                            version: number;
                            time: string;
                            /** @description Who wrote: an operator, an API token (by its name), or the ADMIN_TOKEN */
                            actor: {
                                type: "operator" | "token" | "admin-token";
                                name: string;
                            };
                            /** @description The slot as that version wrote it; null for its deletion */
                            record: {
                                id: string;
                                name: string;
                                slug: string;
                                provider: string;
                                rtp: number;
                                /** @enum {unknown} */
                                volatility: "Low" | "Medium" | "High" | "Extreme";
                                maxWin: number;
                                hasBonusBuy: boolean;
                                releaseYear?: number;
                                emojiTags: string[];
                                theme: string[];
                                features: string[];
                                description: string;
                                review: string;
                                rating: number;
                                pros: string[];
                                cons: string[];
                                url: string;
                                createdAt: string;
                                updatedAt: string;
                            } | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description No slot has this id, and none ever had a history under it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    restoreSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot id; anything else names no slot (404) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A version from the history */
                    version: number;
                };
            };
        };
        responses: {
            /** @description The slot as restored */
            200: {
                headers: {
                    /** @description The slot's version, `"v<version>"`: send it back in If-Match */
                    etag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        slug: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        url: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The body is not {"version": N}, or that version is the deletion */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The slot has no such version in its history */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description Another slot already has this slug */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    audit: {
        parameters: {
            query?: {
                /** @description Only entries by this actor name */
                actor?: string;
                /** @description Only this action: slot.create, slot.replace, slot.delete, slot.restore, categories.replace, catalogue.import, ratelimit.reset, operator.create, operator.passwd, operator.role, operator.disable, operator.enable, token.create, token.revoke, webhook.create, webhook.update, webhook.rotate, webhook.delete, session.sign-in, session.sign-in-failed, session.sign-out */
                action?: string;
                /** @description Only changes of this slot id */
                slot?: string;
                /** @description RFC 3339; entries at or after it */
                since?: string;
                /** @description RFC 3339; entries before it */
                until?: string;
                /** @description The `next` of the page before */
                cursor?: string;
                /** @description Entries per page, 1-200 (default 50) */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audit, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            id: number;
                            /** @description RFC 3339, UTC */
                            time: string;
                            /** @description Who wrote: an operator, an API token (by its name), or the ADMIN_TOKEN */
                            actor: {
                                type: "operator" | "token" | "admin-token";
                                name: string;
                            };
                            action: "slot.create" | "slot.replace" | "slot.delete" | "slot.restore" | "categories.replace" | "catalogue.import" | "ratelimit.reset" | "operator.create" | "operator.passwd" | "operator.role" | "operator.disable" | "operator.enable" | "token.create" | "token.revoke" | "webhook.create" | "webhook.update" | "webhook.rotate" | "webhook.delete" | "session.sign-in" | "session.sign-in-failed" | "session.sign-out";
                            /** @description What the entry is about; a token's and a webhook endpoint's entries also describe it as it was (never its secret) */
                            target: {
                                type: string;
                                id: string;
                                /** @description A token's name */
                                name?: string;
                                /** @description A token's scope */
                                scope?: string;
                                /** @description A token's expiry (null: none) */
                                expiresAt?: string | null;
                                /** @description A webhook endpoint's URL */
                                url?: string;
                                /** @description A webhook endpoint's event types */
                                events?: string[];
                            };
                            /** @description For a slot change: the slot before it (null: it did not exist) */
                            before?: {
                                id: string;
                                name: string;
                                slug: string;
                                provider: string;
                                rtp: number;
                                /** @enum {unknown} */
                                volatility: "Low" | "Medium" | "High" | "Extreme";
                                maxWin: number;
                                hasBonusBuy: boolean;
                                releaseYear?: number;
                                emojiTags: string[];
                                theme: string[];
                                features: string[];
                                description: string;
                                review: string;
                                rating: number;
                                pros: string[];
                                cons: string[];
                                url: string;
                                createdAt: string;
                                updatedAt: string;
                            } | null;
                            /** @description For a slot change: the slot after it (null: deleted) */
                            after?: {
                                id: string;
                                name: string;
                                slug: string;
                                provider: string;
                                rtp: number;
                                /** @enum {unknown} */
                                volatility: "Low" | "Medium" | "High" | "Extreme";
                                maxWin: number;
                                hasBonusBuy: boolean;
                                releaseYear?: number;
                                emojiTags: string[];
                                theme: string[];
                                features: string[];
                                description: string;
                                review: string;
                                rating: number;
                                pros: string[];
                                cons: string[];
                                url: string;
                                createdAt: string;
                                updatedAt: string;
                            } | null;
                            /** @description For a slot change: the version it wrote */
                            version?: number;
                        }[];
                        /** @description The cursor of the next page, null on the last */
                        next: string | null;
                    };
                };
            };
            /** @description A filter, the cursor or the limit is not valid; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    insights: {
        parameters: {
            query: {
                /** @description One of plays, views, matches, searches, emoji-searches, gaps; gaps are the matches and searches that found nothing */
                kind: string;
                /** @description First day, YYYY-MM-DD (UTC); default: 6 days before `to` */
                from?: string;
                /** @description Last day, YYYY-MM-DD (UTC), included; default: today. At most 400 days in all */
                to?: string;
                /** @description Rows, 1-200 (default 50) */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Most counted first, ties by key. A match, search or emoji-search key is listed only once 3 distinct visitors asked it on one day */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rows: {
                            /** @description A slot id (plays, views); the emoji keys asked, sorted (matches); the words of the search (searches) */
                            key: string;
                            count: number;
                            /** @description Distinct visitors over the range, estimated (within 2 %) */
                            visitors: number;
                            /** @description Matches and searches: whether any of them found something */
                            found?: boolean;
                            /** @description Gaps: what found nothing */
                            kind?: "match" | "search";
                        }[];
                        from: string;
                        to: string;
                    };
                    "text/csv": string;
                };
            };
            /** @description A parameter is not valid; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    insightsDaily: {
        parameters: {
            query: {
                /** @description One of plays, views, matches, searches, emoji-searches */
                kind: string;
                /** @description A key as the report lists it */
                key: string;
                /** @description First day, YYYY-MM-DD (UTC); default: 6 days before `to` */
                from?: string;
                /** @description Last day, YYYY-MM-DD (UTC), included; default: today. At most 400 days in all */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's count on each day of the range (0 where none, and everywhere for a typed key fewer than 3 visitors asked on any day) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kind: string;
                        key: string;
                        days: {
                            date: string;
                            count: number;
                        }[];
                        from: string;
                        to: string;
                    };
                    "text/csv": string;
                };
            };
            /** @description A parameter is not valid; the message names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    listOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Operators by name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        operators: {
                            name: string;
                            role: "editor" | "owner";
                            disabled: boolean;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    createOperator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "alice",
                 *       "role": "editor",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    /** @description Unique in any case */
                    name: string;
                    role: "editor" | "owner";
                    password: string;
                };
            };
        };
        responses: {
            /** @description An operator (never the password or its hash) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        role: "editor" | "owner";
                        disabled: boolean;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The body is not valid; the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Another operator has this name (in some case) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    changeOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator name */
                name: string;
            };
            cookie?: never;
        };
        /** @description What to change; each field given is one audited change */
        requestBody: {
            content: {
                "application/json": {
                    role?: "editor" | "owner";
                    password?: string;
                    /** @description A disabled operator cannot sign in */
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description An operator (never the password or its hash) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        role: "editor" | "owner";
                        disabled: boolean;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The body is not valid; the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No operator has this name */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
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
            /** @description Tokens, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: {
                            id: number;
                            name: string;
                            scope: "read" | "write" | "admin";
                            expiresAt: string | null;
                            createdAt: string;
                            /** @description Written at most once a minute */
                            lastUsedAt: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
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
                /**
                 * @example {
                 *       "name": "partner import",
                 *       "scope": "write",
                 *       "expiresAt": "2027-01-31T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    name: string;
                    scope: "read" | "write" | "admin";
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description The new token with its secret, which is never shown again */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        scope: "read" | "write" | "admin";
                        expiresAt: string | null;
                        createdAt: string;
                        /** @description Written at most once a minute */
                        lastUsedAt: string | null;
                        /** @description The bearer secret, `smj_…`: shown only in this answer */
                        secret: string;
                    };
                };
            };
            /** @description The body is not valid; the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The body is larger than this route accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No token has this id (or it was revoked) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description The database did not take the write, so nothing changed */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The hashed file name the pages link to */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, compressed as the client accepts; cached for good (the name changes with the content) */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such file */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    homePage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    slotPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The slot slug, in any case */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page saying there is no such slot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    searchPage: {
        parameters: {
            query?: {
                /** @description Slots per page; a value above 1000 means 1000 */
                limit?: number;
                /** @description Slots to skip, in the order of `sort` */
                offset?: number;
                /** @description Search text: every word must match a word of the name, provider, themes or features, as a prefix or (words of 5 or more letters) one typo away. Case, accents and apostrophes do not matter. */
                q?: string;
                /** @description Provider name or its slug, in any case (`Pragmatic Play`, `pragmatic-play`); a comma-separated list passes slots of any of them */
                provider?: string;
                /** @description Volatility level (low, medium, high, extreme), in any case; a comma-separated list passes any of them */
                volatility?: string;
                /** @description Only slots with (true) or without (false) a bonus buy */
                hasBonusBuy?: boolean;
                /** @description Themes, whole values in any case (comma-separated; a slot passes when it carries every one) */
                theme?: string;
                /** @description Features, whole values in any case (comma-separated; a slot passes when it carries every one) */
                feature?: string;
                /** @description Only slots carrying any of these emojis. One or more emojis written one after another; spaces and commas between them are ignored. Variation selectors and skin tones do not matter when comparing. At most 20 distinct emojis. */
                emoji?: string;
                /** @description Lowest RTP percentage to include */
                minRtp?: number;
                /** @description Highest RTP percentage, inclusive */
                maxRtp?: number;
                /** @description Lowest rating, inclusive */
                minRating?: number;
                /** @description Highest rating, inclusive */
                maxRating?: number;
                /** @description Lowest max win (a multiple of the stake), inclusive */
                minMaxWin?: number;
                /** @description Highest max win (a multiple of the stake), inclusive */
                maxMaxWin?: number;
                /** @description Earliest release year, inclusive; slots without one fail it */
                minYear?: number;
                /** @description Latest release year, inclusive; slots without one fail it */
                maxYear?: number;
                /** @description Order of the results; a leading - sorts descending (not relevance or popular, which have one direction). Default: relevance with q, else id. Ties go to id ascending. popular: plays over the last 14 days, each day weighing half as much every 3 days, worked out again once a minute; slots without plays follow in id order. */
                sort?: "relevance" | "id" | "-id" | "name" | "-name" | "rtp" | "-rtp" | "rating" | "-rating" | "maxWin" | "-maxWin" | "releaseYear" | "-releaseYear" | "popular";
                /** @description Comma-separated facet names among provider, volatility, theme, feature, emoji, releaseYear: value counts over every passing slot */
                facets?: string;
            };
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page with the results */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The search page saying why the search cannot run, in place of the results */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    robotsTxt: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description robots.txt */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    sitemap: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A sitemap (sitemaps.org 0.9): the home page, the search page and every slot page, as absolute URLs */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    sitemapFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The file, `1.xml`, `2.xml`, … as the sitemap index names them */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A sitemap (sitemaps.org 0.9): the home page, the search page and every slot page, as absolute URLs */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Not Modified: the browser holds this page or file */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such sitemap file */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The HTTP status code */
                        statusCode: number;
                        /** @description Its reason phrase */
                        error: string;
                        /** @description What was wrong, naming the parameter, field or path */
                        message: string;
                    };
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSignInPage: {
        parameters: {
            query?: {
                /** @description The console page to go to once signed in: a path under /admin; anything else means /admin */
                next?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: a new session cookie, and on to `next` (a console page) */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The name or the password is wrong, or the operator is disabled: the same page either way */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many failed sign-ins for this name or from this client */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "retry-after": number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out: to the sign-in page */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSlots: {
        parameters: {
            query?: {
                /** @description Slots per page; a value above 1000 means 1000 */
                limit?: number;
                /** @description Slots to skip, in the order of `sort` */
                offset?: number;
                /** @description Search text: every word must match a word of the name, provider, themes or features, as a prefix or (words of 5 or more letters) one typo away. Case, accents and apostrophes do not matter. */
                q?: string;
                /** @description Provider name or its slug, in any case (`Pragmatic Play`, `pragmatic-play`); a comma-separated list passes slots of any of them */
                provider?: string;
                /** @description Volatility level (low, medium, high, extreme), in any case; a comma-separated list passes any of them */
                volatility?: string;
                /** @description Only slots with (true) or without (false) a bonus buy */
                hasBonusBuy?: boolean;
                /** @description Themes, whole values in any case (comma-separated; a slot passes when it carries every one) */
                theme?: string;
                /** @description Features, whole values in any case (comma-separated; a slot passes when it carries every one) */
                feature?: string;
                /** @description Only slots carrying any of these emojis. One or more emojis written one after another; spaces and commas between them are ignored. Variation selectors and skin tones do not matter when comparing. At most 20 distinct emojis. */
                emoji?: string;
                /** @description Lowest RTP percentage to include */
                minRtp?: number;
                /** @description Highest RTP percentage, inclusive */
                maxRtp?: number;
                /** @description Lowest rating, inclusive */
                minRating?: number;
                /** @description Highest rating, inclusive */
                maxRating?: number;
                /** @description Lowest max win (a multiple of the stake), inclusive */
                minMaxWin?: number;
                /** @description Highest max win (a multiple of the stake), inclusive */
                maxMaxWin?: number;
                /** @description Earliest release year, inclusive; slots without one fail it */
                minYear?: number;
                /** @description Latest release year, inclusive; slots without one fail it */
                maxYear?: number;
                /** @description Order of the results; a leading - sorts descending (not relevance or popular, which have one direction). Default: relevance with q, else id. Ties go to id ascending. popular: plays over the last 14 days, each day weighing half as much every 3 days, worked out again once a minute; slots without plays follow in id order. */
                sort?: "relevance" | "id" | "-id" | "name" | "-name" | "rtp" | "-rtp" | "rating" | "-rating" | "maxWin" | "-maxWin" | "releaseYear" | "-releaseYear" | "popular";
                /** @description Comma-separated facet names among provider, volatility, theme, feature, emoji, releaseYear: value counts over every passing slot */
                facets?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The search cannot run: the message in place of the results */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleNewSlotPage: {
        parameters: {
            query?: {
                /** @description Emojis to fill the tags in with (the first 400 code points), as the Insights page's gaps link here; checked when the form is saved */
                emojis?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleCreateSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form again with the emojis found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Saved: to the new slot's edit page */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not saved: each invalid field marked beside itself, everything typed kept */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not saved: the slug is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleEditSlotPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such slot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSaveSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form again with the emojis found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Saved: to the edit page */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not saved: each invalid field marked beside itself, everything typed kept */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such slot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not saved: someone saved a newer version (both shown side by side), or the slug is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleDeleteSlotPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such slot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleDeleteSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: to the slots list */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such slot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not deleted: someone changed the slot since (both shown) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSlotHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such slot, now or in the audit */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleRestoreSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Restored: to the history */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such version of this slot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not restored: another slot has its slug now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleAudit: {
        parameters: {
            query?: {
                /** @description Only entries by this actor name */
                actor?: string;
                /** @description Only this action: slot.create, slot.replace, slot.delete, slot.restore, categories.replace, catalogue.import, ratelimit.reset, operator.create, operator.passwd, operator.role, operator.disable, operator.enable, token.create, token.revoke, webhook.create, webhook.update, webhook.rotate, webhook.delete, session.sign-in, session.sign-in-failed, session.sign-out */
                action?: string;
                /** @description Only changes of this slot id */
                slot?: string;
                /** @description RFC 3339; entries at or after it */
                since?: string;
                /** @description RFC 3339; entries before it */
                until?: string;
                /** @description The `next` of the page before */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A filter is not valid: the message beside the filters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSaveCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saved: to the categories page */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not saved: what is wrong, beside the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operators */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description For owners only: the signed-in operator is an editor */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleAddOperator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Added */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not added: what is wrong, beside the form */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleSetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not set: what is wrong, beside the form */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such operator */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleChangeOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator's name */
                name: string;
                /** @description `disable`, `enable` or `role` */
                change: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not changed: the role is not one */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such operator, or no such change */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description For owners only: the signed-in operator is an editor */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleMakeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Made: the secret shown once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not made: what is wrong, beside the form */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleRevokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such token */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleExportDownload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleImportPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description For owners only: the signed-in operator is an editor */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleImportPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview, slot by slot, with the confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The document cannot be imported: what is wrong, beside the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The file is larger than 128 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleImportConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Imported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: the catalogue changed after the preview, the document is not the one previewed, or the preview expired; nothing was written */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description For owners only: the signed-in operator is an editor */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleAddWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Added: the secret shown once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not added: what is wrong, beside each field, the typed values kept */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description For owners only: the signed-in operator is an editor */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleChangeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saved: to the endpoint's page */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not saved: what is wrong, beside each field, the typed values kept */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleRotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rotated: the new secret shown once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sent: the outcome, and the attempt in the list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleDeleteWebhookPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description For owners only: the signed-in operator is an editor */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleDeleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The slot, token or webhook endpoint id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: to the webhooks page */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The session has ended: the sign-in page; nothing was done */
            401: {
                headers: {
                    /** @description Sign in with the form of /admin/sign-in */
                    "www-authenticate": "Form realm=\"slotmoji console\"";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Refused: sent from another origin, without this session's CSRF token, or by an editor where an owner is needed; nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    consoleInsights: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The insights of the last weeks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not signed in (or the session ended): to the sign-in page, with this page as `next` */
            303: {
                headers: {
                    /** @description Where the browser goes next */
                    location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            431: components["responses"]["HeadersTooLarge"];
            default: components["responses"]["Unexpected"];
        };
    };
    receiveCatalogueChange: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: `msg_{sequence}`, the same on every retry of one change (drop repeats by it) */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse messages far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,` signatures: base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the base64-decoded secret after `whsec_`. For 24 hours after a rotation there are two, one per secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its place in the order of every change: gapless, increasing */
                    sequence: number;
                    /**
                     * Format: date-time
                     * @description When it was committed
                     */
                    time: string;
                    /** @constant */
                    type: "slot.upserted";
                    slot: {
                        id: string;
                        name: string;
                        slug: string;
                        provider: string;
                        rtp: number;
                        /** @enum {unknown} */
                        volatility: "Low" | "Medium" | "High" | "Extreme";
                        maxWin: number;
                        hasBonusBuy: boolean;
                        releaseYear?: number;
                        emojiTags: string[];
                        theme: string[];
                        features: string[];
                        description: string;
                        review: string;
                        rating: number;
                        pros: string[];
                        cons: string[];
                        url: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                } | {
                    /** @description Its place in the order of every change: gapless, increasing */
                    sequence: number;
                    /**
                     * Format: date-time
                     * @description When it was committed
                     */
                    time: string;
                    /** @constant */
                    type: "slot.deleted";
                    /** @description The id of the slot deleted (never reused) */
                    id: string;
                    /** @description Its slug; null only for deletions logged before slugs were kept */
                    slug: string | null;
                } | {
                    /** @description Its place in the order of every change: gapless, increasing */
                    sequence: number;
                    /**
                     * Format: date-time
                     * @description When it was committed
                     */
                    time: string;
                    /** @constant */
                    type: "categories.replaced";
                    categories: {
                        [key: string]: string[];
                    };
                } | {
                    /** @description Its place in the order of every change: gapless, increasing */
                    sequence: number;
                    /**
                     * Format: date-time
                     * @description When it was committed
                     */
                    time: string;
                    /** @constant */
                    type: "catalogue.imported";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx. Anything else, or no answer within 15 s, is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h, then the endpoint is failing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not now: the next attempt waits for `Retry-After` (so does a 503) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: `msg_{sequence}`, the same on every retry of one change (drop repeats by it) */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse messages far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,` signatures: base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the base64-decoded secret after `whsec_`. For 24 hours after a rotation there are two, one per secret. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "webhook.test";
                    /** Format: date-time */
                    time: string;
                    endpoint: number;
                };
            };
        };
        responses: {
            /** @description Received: any 2xx. Anything else, or no answer within 15 s, is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h, then the endpoint is failing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not now: the next attempt waits for `Retry-After` (so does a 503) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
