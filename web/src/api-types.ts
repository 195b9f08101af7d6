// Generated from the API's OpenAPI document (GET /openapi.json) by openapi-typescript:
// do not edit. Regenerate with `npm --prefix functions run docs`; web/src/api.ts names the views.

export interface paths {
    "/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register or update the caller's profile (idempotent upsert).
         * @description First registration needs display_name. role may be affected_individual (default) or volunteer; admin and responder are granted by an admin. When the role claim changes, token_refresh_required is true: refresh the ID token to act in the new role.
         *
         *     Access: any authenticated user.
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        post: operations["postUsersRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's profile.
         * @description Access: any authenticated user.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getUsersMe"];
        put?: never;
        post?: never;
        /**
         * Erase the caller: profile, contact details, exact locations, devices, memberships, conversations, notifications and the account.
         * @description Operational records stay, anonymised under a random pseudonym: requests (withdrawn if still open, free text replaced, location coarsened to a ~5 km cell), tasks (active ones assigned to the caller go back to pending and unassigned), resources (available ones become not_available), observations, chat messages and the audit trail. 204 when done; the same token is then refused (401). 202 with Retry-After when a call's work budget (5 s) ran out first: call again with the same token to continue (the same pseudonym is used). See docs/security.md, "Erasure: what is kept and why".
         *
         *     Access: any authenticated user.
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        delete: operations["deleteUsersMe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{uid}/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a user who asked by other means (a person known only by SMS or WhatsApp has no session).
         * @description The erasure of DELETE /users/me, on their behalf: find their uid with GET /requests?phone= (owner_id). 204 when done; 202 with Retry-After when the call's work budget (5 s) ran out first: call again. The audit trail records which admin asked (entity user, action erasure_requested, under the pseudonym).
         *
         *     Access: role: admin.
         *
         *     Object rule: Any user but the caller (403: use DELETE /users/me); 404 for an unknown or already erased uid.
         */
        post: operations["postUsersUidErasure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's availability (volunteers).
         * @description Access: any authenticated user.
         *
         *     Object rule: Only volunteers have an availability (403 for other roles).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getUsersMeAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the caller's availability (volunteers).
         * @description Access: any authenticated user.
         *
         *     Object rule: Only volunteers have an availability (403 for other roles).
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        patch: operations["patchUsersMeAvailability"];
        trace?: never;
    };
    "/users/me/location": {
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
        /**
         * Update the caller's location.
         * @description Access: any authenticated user.
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        patch: operations["patchUsersMeLocation"];
        trace?: never;
    };
    "/users/{uid}/display_name": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's display name; reveals nothing else.
         * @description Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getUsersUidDisplayName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{uid}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a user's role (sets the verified claim and mirrors it in the profile).
         * @description A change of role signs the user out: their refresh tokens are revoked and the ID tokens they hold (with the old claim) are refused within 30 s on every instance; they sign in again to act in the new role. Setting the role they already have changes nothing.
         *
         *     Access: role: admin.
         *
         *     Object rule: Any user but the caller: an admin cannot change their own role (403); another admin does.
         */
        put: operations["putUsersUidRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{uid}/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Verify a volunteer (or withdraw the verification), with who and when recorded.
         * @description Volunteers start unverified: they may join disasters, chat, report observations and raise requests, but see no one else's requests. Verified volunteers of a disaster see its requests as coarse areas and can be proposed and assigned as helpers. Responders and admins are trusted by role. The decision (verified, note, by, at) is kept on the user record and in the audit trail; it takes effect on the next call, with no token refresh.
         *
         *     Access: role: admin.
         */
        put: operations["putUsersUidVerification"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/phone-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a code by SMS to confirm that a phone number is the caller's.
         * @description The confirmed number becomes the account's, as signing in by phone makes it: a responder's SMS commands (OTW, DONE, FAIL <ref>) are taken from it (docs/channels.md). A code of 6 digits, valid 10 minutes and 5 attempts; asking again replaces it. 200 with status verified when the number is the account's already (nothing sent). Whether the number has another account is not told here.
         *
         *     Access: any authenticated user.
         *
         *     Rate limit: 5 per 3600 s per caller.
         */
        post: operations["postUsersMePhoneVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/phone-verification/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the code sent: the number becomes the caller's account's.
         * @description A wrong code is 400 (it counts as an attempt); no pending code, an expired one or too many attempts is 409 (`reason` no_pending_verification, too_many_attempts); a number another account holds (made when it texted us, or signed in by phone) is 409 phone_in_use.
         *
         *     Access: any authenticated user.
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        post: operations["postUsersMePhoneVerificationConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirmed disasters, newest first (public); closed ones with ?status=closed.
         * @description Agent suggestions are not listed here; admins see them under GET /disasters/agent-suggested.
         *
         *     Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getDisasters"];
        put?: never;
        /**
         * Create a confirmed disaster.
         * @description Access: role: admin.
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        post: operations["postDisasters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/agent-suggested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Disasters suggested by the agent and not yet approved, newest first.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getDisastersAgentSuggested"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Disaster details (public).
         * @description The public view for every caller, admins included: no agent suggestion, no admins' uids (admins read suggestions whole under GET /disasters/agent-suggested).
         *
         *     Access: public.
         *
         *     Object rule: A suggested disaster is visible to admins only; anyone else gets 404.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getDisastersId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a disaster's name, type, description, location, radius or severity.
         * @description For agent suggestions before approval (the agent's summary becomes the public description only as the admin leaves it) and for confirmed disasters. Send at least one field. Each change is audited; on a suggestion the agent never rewrites a field an admin edited.
         *
         *     Access: role: admin.
         *
         *     Object rule: Any admin edits any suggested or confirmed disaster; a discarded or unknown one is a 404, a closed one a 409.
         */
        patch: operations["patchDisastersId"];
        trace?: never;
    };
    "/disasters/{id}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join a confirmed disaster (idempotent).
         * @description Answers 201 when the caller joins, 200 with the same membership when they had already joined. The caller must be registered (403 otherwise). A closed disaster takes no new members (409).
         *
         *     Access: any authenticated user.
         *
         *     Object rule: Adds the caller only. Unknown and suggested disasters cannot be joined (404).
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        post: operations["postDisastersIdJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/leave": {
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
         * Leave a disaster (idempotent: 204 whether or not the caller was a member).
         * @description Access: any authenticated user.
         *
         *     Object rule: Removes the caller only.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        delete: operations["deleteDisastersIdLeave"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/joined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the caller has joined the disaster.
         * @description Access: any authenticated user.
         *
         *     Object rule: Answers for the caller's own membership only.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getDisastersIdJoined"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/volunteers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Volunteers who joined the disaster, with availability and location; newest members first.
         * @description A member counts as a volunteer by the role they had when they joined.
         *
         *     Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getDisastersIdVolunteers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an agent suggestion: it becomes a confirmed, publicly listed disaster.
         * @description Access: role: admin.
         */
        post: operations["postDisastersIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a confirmed disaster: it stays readable but takes no new requests, members or messages.
         * @description Issues the CAP Cancel of its alerts. Open requests and active tasks are left for staff to finish (docs/interop.md). Closing a closed disaster answers 200 with it unchanged; a suggestion cannot be closed (409).
         *
         *     Access: role: admin.
         */
        post: operations["postDisastersIdClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/cap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest CAP 1.2 message of a confirmed or closed disaster (public, application/cap+xml).
         * @description Alert on confirmation, Update on each edit, Cancel on closing, each referencing the earlier ones. Suggestions never have one (404). Mapping: docs/interop.md.
         *
         *     Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getDisastersIdCap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/discard": {
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
         * Discard an agent suggestion; the agent will not suggest it again from the same observations.
         * @description Access: role: admin.
         */
        delete: operations["deleteDisastersIdDiscard"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/chat/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chat history of a disaster, newest first.
         * @description For live updates, listen to the Firestore collection disasters/{id}/messages instead of polling (see README).
         *
         *     Access: any authenticated user.
         *
         *     Object rule: Members of the disaster and admins only (403 otherwise); unknown disasters 404.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getDisastersIdChatMessages"];
        put?: never;
        /**
         * Send a message to the disaster's chat; answers 200 with the stored message (spec).
         * @description Access: any authenticated user.
         *
         *     Object rule: Members of the disaster and admins only (403 otherwise); unknown disasters 404.
         *
         *     Rate limit: 30 per 60 s per caller.
         */
        post: operations["postDisastersIdChatMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Community observations, newest first; filter by disaster_id and type.
         * @description Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: Any registered user (a token without a role: 403). Admins, responders and the reporter see the whole observation (view full); everyone else sees it without reporter_id and with a ~5 km cell instead of the point (view area).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getObservations"];
        put?: never;
        /**
         * Report an observation (any registered user).
         * @description disaster_id, when given, must be a confirmed disaster (404 otherwise; 409 when it is closed: report without it). Observations feed the agent that suggests new disasters.
         *
         *     Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Rate limit: 20 per 60 s per caller.
         */
        post: operations["postObservations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/observations/{obs_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Observation details.
         * @description Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: Any registered user (a token without a role: 403). Admins, responders and the reporter see the whole observation (view full); everyone else sees it without reporter_id and with a ~5 km cell instead of the point (view area).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getObservationsObsId"];
        put?: never;
        post?: never;
        /**
         * Delete an observation.
         * @description Access: any authenticated user.
         *
         *     Object rule: The reporter or an admin; anyone else gets 403.
         *
         *     Rate limit: 20 per 60 s per caller.
         */
        delete: operations["deleteObservationsObsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All help requests, newest first.
         * @description `awaiting_location=true` lists only the SMS/WhatsApp requests waiting for a dispatcher to set their point (planning.state awaiting_location); see PUT /requests/{req_id}/location. `updated_since` answers the changes instead (what a live view polls after loading the list once): the requests changed at or after that time, oldest change first, of every status; with disaster_id, those of that disaster and those moved out of it since (with their new disaster_id); status, type_of_need and awaiting_location do not combine with it (400). `phone` answers the requests of the person who wrote from that number or gave it in their profile (an exact match of the international number), each page recorded in the audit trail (entity contact). `reference` answers the requests with the short reference a person quotes (from an SMS reply or their list in the console).
         *
         *     Access: role: admin, responder.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getRequests"];
        put?: never;
        /**
         * Raise a help request; planning runs in the background.
         * @description Answers 201 at once with the stored request (status open, planning.state pending). The location must lie within the disaster's radius plus 5 km (400 otherwise). A request by the same owner for the same need within 0.5 km and 12 hours of an open one is stored with duplicate_of set and is not planned again (planning.state skipped). Rate limit: 10 per user per 10 minutes.
         *
         *     Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: The disaster must exist (404) and be confirmed (409 for an unapproved suggestion). The caller becomes the owner.
         *
         *     Rate limit: 10 per 600 s per caller.
         */
        post: operations["postRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Requests raised by the caller, newest first.
         * @description Access: any authenticated user.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getRequestsMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{req_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One help request.
         * @description Access: any authenticated user.
         *
         *     Object rule: Need to know (requests/visibility.ts): admins and responders see everything (view staff); the owner sees it with a summary of nearby help instead of the matches (view owner); the assignee of an active task for it sees need, description and location, not who asked (view assignee); verified volunteers who joined its disaster see need, status, times and a ~5 km cell (view area); anyone else gets 404.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getRequestsReqId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{req_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The request's audit trail, oldest first: its status changes, and for staff those of its tasks.
         * @description Each item is one change, recorded in the same commit as the change: entity, action, actor_id and actor_role, the changed fields before and after, created_at. Records are append-only. The owner's view holds the request's own records only, with actor_id null for anyone but admins, responders, the owner and the system.
         *
         *     Access: any authenticated user.
         *
         *     Object rule: Admins and responders see the request's records and those of its tasks; the owner sees the request's status history without volunteers' ids; anyone else gets 404.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getRequestsReqIdHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{req_id}/status": {
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
        /**
         * Change the status of a request.
         * @description Transitions: open → in_progress | fulfilled | closed; in_progress → open | fulfilled | closed; fulfilled and closed are final (409 invalid_transition otherwise). closed takes a closed_reason (withdrawn, unfulfilled, duplicate; default unfulfilled for staff, withdrawn for the owner).
         *
         *     Access: any authenticated user.
         *
         *     Object rule: Admins and responders make any allowed transition; the owner may only withdraw (closed, withdrawn). Others: 404 if they cannot see the request, 403 if they can.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        patch: operations["patchRequestsReqIdStatus"];
        trace?: never;
    };
    "/requests/{req_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer "do you still need help?" for your request.
         * @description The service asks each open request's person, once per interval of its need (rescue 2 h, medical 4 h, others 24 h), whether they still need help (confirmation asked). still_needed true refreshes last_confirmed_at and clears the question (also without one asked); false closes the request (closed, closed_reason withdrawn), as withdrawing it by PATCH /requests/{req_id}/status does; false again changes nothing. 409 request_not_open for a request fulfilled or closed otherwise.
         *
         *     Access: any authenticated user.
         *
         *     Object rule: Only the owner answers. Others: 404 if they cannot see the request, 403 if they can.
         *
         *     Rate limit: 30 per 600 s per caller.
         */
        post: operations["postRequestsReqIdConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{req_id}/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the point of a request waiting for one (SMS/WhatsApp intake); planning runs then.
         * @description Only for a request whose planning.state is awaiting_location (409 otherwise). The disaster is disaster_id when given (its area must hold the point), else the only confirmed disaster whose area (radius + 5 km) holds the point, else the request's current disaster if it holds it (400 otherwise). Planning starts at once; the answer waits up to 3 s for it (docs/channels.md).
         *
         *     Access: role: admin, responder.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        put: operations["putRequestsReqIdLocation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{req_id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a request into another that reports the same need (the survivor); reversible.
         * @description In one transaction: this request is closed (closed_reason duplicate, duplicate_of the survivor, merge set) and the survivor gains its reporter (merged_reports, report_count = 1 + the requests merged into it). Its owner keeps the owner view of their request, which follows the survivor (status, planning, merged_at), and hears of the survivor's changes under their own reference; they learn nothing of the other reporters. Tasks and history are kept. The same merge again answers 200 and writes nothing. 409 with reason: already_merged (into another; survivor_id), different_disasters, request_ended (fulfilled or closed), survivor_merged (the survivor is itself merged; survivor_id names the one to merge into), survivor_ended, has_merged_reports (others are merged into this one). 400 when into is the request itself. Never automatic (docs/conventions.md, "Merges").
         *
         *     Access: role: admin, responder.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        post: operations["postRequestsReqIdMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{req_id}/unmerge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a merge: the request and its survivor back as they were.
         * @description The merged request gets back its status, closed_reason and duplicate_of from before the merge; the survivor loses it from merged_reports and report_count. Tasks and history are kept. 409 (reason not_merged) for a request that is not merged, e.g. unmerged already: nothing is written.
         *
         *     Access: role: admin, responder.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        post: operations["postRequestsReqIdUnmerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/disaster/{disaster_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Help requests of one disaster, newest first.
         * @description Access: any authenticated user.
         *
         *     Object rule: Admins and responders see all (view staff); verified volunteers who joined the disaster see all, each in its need-to-know view (their own: owner; their active tasks' requests: assignee; others: area, a ~5 km cell without description); anyone else, unverified volunteers included, sees only their own. 404 for an unknown disaster.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getRequestsDisasterDisasterId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-outputs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All workflow outputs (plans), newest first.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWorkflowOutputs"];
        put?: never;
        /**
         * Create the workflow output of a request, or add to it.
         * @description Creates the output (planner "dispatcher", 201) when the request has none; otherwise replaces its rationale if given and appends the tasks and resource suggestions given (200). Suggested resources must exist (404) and be available (409); a resource is suggested at most once per plan (409). At most 50 tasks and 50 suggestions.
         *
         *     Access: role: admin.
         */
        post: operations["postWorkflowOutputs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-outputs/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workflow output of one request.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWorkflowOutputsRequestId"];
        put?: never;
        post?: never;
        /**
         * Delete the workflow output of a request (tasks already created from it stay).
         * @description Access: role: admin.
         */
        delete: operations["deleteWorkflowOutputsRequestId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-outputs/{request_id}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tasks of a workflow output, in plan order.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWorkflowOutputsRequestIdTasks"];
        put?: never;
        /**
         * Add a task to a workflow output.
         * @description suggested_assignee_id, if given, must be a user with the role role_required (404 unknown, 409 other role).
         *
         *     Access: role: admin.
         */
        post: operations["postWorkflowOutputsRequestIdTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-outputs/{request_id}/tasks/{task_id}": {
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
         * Remove a task from a workflow output.
         * @description A workflow task already turned into a real task cannot be removed (409).
         *
         *     Access: role: admin.
         */
        delete: operations["deleteWorkflowOutputsRequestIdTasksTaskId"];
        options?: never;
        head?: never;
        /**
         * Edit, approve or reject a workflow task.
         * @description A workflow task already turned into a real task cannot be changed (409).
         *
         *     Access: role: admin.
         */
        patch: operations["patchWorkflowOutputsRequestIdTasksTaskId"];
        trace?: never;
    };
    "/workflow-outputs/{request_id}/tasks/{task_id}/create-task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn an approved workflow task into a real task linked to the request.
         * @description Creates the task under the rules of POST /tasks (201): the disaster must be confirmed, the resources are allocated all or none (409 naming the unavailable ones). resource_ids defaults to the resources of the approved suggestions; send [] for none. The workflow task must be approved (409 otherwise). Calling it again answers 409 with the existing task_id.
         *
         *     Access: role: admin.
         */
        post: operations["postWorkflowOutputsRequestIdTasksTaskIdCreateTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-outputs/{request_id}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resource suggestions of a workflow output, in plan order.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWorkflowOutputsRequestIdResources"];
        put?: never;
        /**
         * Suggest a resource for the request.
         * @description The resource must exist (404), be available (409) and not be suggested already in this plan (409).
         *
         *     Access: role: admin.
         */
        post: operations["postWorkflowOutputsRequestIdResources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-outputs/{request_id}/resources/{res_id}": {
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
         * Remove a resource suggestion.
         * @description Access: role: admin.
         */
        delete: operations["deleteWorkflowOutputsRequestIdResourcesResId"];
        options?: never;
        head?: never;
        /**
         * Edit, approve or reject a resource suggestion.
         * @description Access: role: admin.
         */
        patch: operations["patchWorkflowOutputsRequestIdResourcesResId"];
        trace?: never;
    };
    "/resources/suggest/{disaster_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue an allocation job proposing available resources for the disaster's open requests.
         * @description Answers 202 with the job id and the path of its result (also in the Location header): GET /allocation-jobs/{job_id}. The job (a Cloud Tasks task-queue function) proposes, most urgent request first, up to 3 nearby available units of fitting categories per open request, never one unit to two requests. Proposals only: nothing is claimed. Rate limit: 6 per admin per minute.
         *
         *     Access: role: admin.
         *
         *     Rate limit: 6 per 60 s per caller.
         */
        post: operations["postResourcesSuggestDisasterId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/allocation-jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An allocation job: its status and, once done, its proposals.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getAllocationJobsJobId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all tasks, newest first; filter by status, disaster_id, request_id, assigned_to.
         * @description `updated_since` answers the changes instead (what a live view polls after loading the list once): the tasks changed at or after that time, oldest change first, of every status; disaster_id narrows them, status, request_id and assigned_to do not combine with it (400).
         *
         *     Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getTasks"];
        put?: never;
        /**
         * Create a task (status pending), allocating its resources all or none.
         * @description Every resource in resource_ids must exist (404 names the unknown ones) and be available (409 names the unavailable ones); they all become in_use, held by the task, or nothing changes. The disaster must be confirmed; a request_id must name a request of that disaster that is still open or in progress (it becomes in_progress).
         *
         *     Access: role: admin.
         *
         *     Rate limit: 120 per 60 s per caller.
         */
        post: operations["postTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tasks assigned to the caller, newest first; filter by status.
         * @description Access: any authenticated user.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getTasksMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Task details, with its history (who changed what, when, from what, to what).
         * @description Access: any authenticated user.
         *
         *     Object rule: Admins and the assignee; anyone else gets 404.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getTasksTaskId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The task's audit trail, oldest first: creation, assignments, authorization, every status move.
         * @description Each item is one change, recorded in the same commit as the change: entity, action, actor_id and actor_role, the changed fields before and after, created_at. Records are append-only.
         *
         *     Access: role: admin, responder.
         *
         *     Object rule: Any admin or responder; 404 for an unknown task.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getTasksTaskIdHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/status": {
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
        /**
         * Move the task along: pending → on_route | cancelled | failed; on_route → completed | failed | cancelled.
         * @description on_route needs the task assigned and authorized. Ending a task (completed, failed, cancelled) returns its resources to available (not_available if used up) and updates the linked request: in_progress while any of its tasks is active, fulfilled when none is active and one completed, open when all failed or were cancelled. A move outside the table is 409 invalid_transition. A move that arrives too late (queued offline) is 409 task_ended when the task has ended (naming task_status, changed_by, changed_by_name, changed_at) and 409 task_reassigned when the caller held it and no longer does (naming who reassigned it and when). client_time, when sent, is kept in the history entry and the audit record beside the server time.
         *
         *     Access: role: admin, responder, volunteer.
         *
         *     Object rule: on_route and completed: the assignee only. failed: the assignee or an admin. cancelled: an admin. A task the caller may not see is 404.
         *
         *     Rate limit: 120 per 60 s per caller.
         */
        patch: operations["patchTasksTaskIdStatus"];
        trace?: never;
    };
    "/tasks/{task_id}/assign": {
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
        /**
         * Assign a pending task to a user who can perform its role; the assignee is notified.
         * @description role_required volunteer: a volunteer (who has set availability to available) or a responder; responder: a responder. Reassigning notifies the previous assignee. Assigning to the current assignee changes nothing.
         *
         *     Access: role: admin.
         *
         *     Rate limit: 120 per 60 s per caller.
         */
        patch: operations["patchTasksTaskIdAssign"];
        trace?: never;
    };
    "/tasks/{task_id}/authorize": {
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
        /**
         * Authorize the task (records who and when); needed before it goes on_route.
         * @description Idempotent: authorizing an authorized task changes nothing. A task that ended cannot be authorized (409).
         *
         *     Access: role: admin.
         *
         *     Rate limit: 120 per 60 s per caller.
         */
        patch: operations["patchTasksTaskIdAuthorize"];
        trace?: never;
    };
    "/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List resources, newest first; filter by status, category, disaster_id, owner_id.
         * @description Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: Resources added by admins and responders (the response's own: shelters, water points) are shown as they are. A volunteer's resource: admins, responders and the owner see the point and owner_id (location_precision exact), the assignee of the task holding it too (GET /resources/{rid}); everyone else sees the centre of its ~5 km cell, no owner, no description and no task_id (area). Reading resources takes a registered role (403 for a token without one). Only staff filter by another user's owner_id (403).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getResources"];
        put?: never;
        /**
         * Add a resource; the caller becomes its owner.
         * @description Categories: vehicle, boat, helicopter, medical_supplies, medical_team, food, water, shelter, generator, equipment, sanitation, personnel, other. A disaster_id must name a confirmed disaster.
         *
         *     Access: role: admin, responder, volunteer.
         *
         *     Object rule: Admins, responders and volunteers (offering their own assets) may add; affected individuals may not.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        post: operations["postResources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List available resources, newest first; filter by category, disaster_id.
         * @description Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: Resources added by admins and responders (the response's own: shelters, water points) are shown as they are. A volunteer's resource: admins, responders and the owner see the point and owner_id (location_precision exact), the assignee of the task holding it too (GET /resources/{rid}); everyone else sees the centre of its ~5 km cell, no owner, no description and no task_id (area). Reading resources takes a registered role (403 for a token without one).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getResourcesAvailable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resource locations as a GeoJSON FeatureCollection for maps; filter by disaster_id, status, category.
         * @description Paginated like every list (limit up to 200 features, newest first); next_cursor is a foreign member of the FeatureCollection. Coordinates are [lng, lat].
         *
         *     Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: Resources added by admins and responders (the response's own: shelters, water points) are shown as they are. A volunteer's resource: admins, responders and the owner see the point and owner_id (location_precision exact), the assignee of the task holding it too (GET /resources/{rid}); everyone else sees the centre of its ~5 km cell, no owner, no description and no task_id (area). Reading resources takes a registered role (403 for a token without one).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getResourcesLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/{rid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resource details.
         * @description Access: role: admin, volunteer, responder, affected_individual.
         *
         *     Object rule: Resources added by admins and responders (the response's own: shelters, water points) are shown as they are. A volunteer's resource: admins, responders and the owner see the point and owner_id (location_precision exact), the assignee of the task holding it too (GET /resources/{rid}); everyone else sees the centre of its ~5 km cell, no owner, no description and no task_id (area). Reading resources takes a registered role (403 for a token without one).
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getResourcesRid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update properties, or record usage with `consume` (at quantity 0 the resource becomes not_available).
         * @description Status is not a property here: use PUT /resources/{rid}/status. quantity sets, consume subtracts; not both.
         *
         *     Access: any authenticated user.
         *
         *     Object rule: The owner or an admin may change any property; the assignee of the task holding the resource may only record usage (consume). Others: 403.
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        patch: operations["patchResourcesRid"];
        trace?: never;
    };
    "/resources/{rid}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the status to available or not_available; 409 while the resource is in_use.
         * @description Access: any authenticated user.
         *
         *     Object rule: The owner or an admin (403 for others).
         *
         *     Rate limit: 60 per 60 s per caller.
         */
        put: operations["putResourcesRidStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's notifications, newest first; ?read=false for the unread ones.
         * @description Access: any authenticated user.
         *
         *     Object rule: Only the caller’s own notifications.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getNotificationsMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/{id}": {
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
        /**
         * Mark one of your notifications read (or unread again).
         * @description Access: any authenticated user.
         *
         *     Object rule: Only the caller’s own notifications; another user’s is 404.
         *
         *     Rate limit: 120 per 60 s per caller.
         */
        patch: operations["patchNotificationsId"];
        trace?: never;
    };
    "/users/me/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a device for push notifications ({ token, platform }); the same token again is the same device.
         * @description Access: any authenticated user.
         *
         *     Object rule: The device is the caller’s own.
         *
         *     Rate limit: 30 per 3600 s per caller.
         */
        post: operations["postUsersMeDevices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/devices/{device_id}": {
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
         * Stop push notifications to one of your devices.
         * @description Access: any authenticated user.
         *
         *     Object rule: Only the caller’s own devices; another user’s is 404.
         *
         *     Rate limit: 30 per 3600 s per caller.
         */
        delete: operations["deleteUsersMeDevicesDeviceId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which events reach you by push, SMS or WhatsApp, quiet hours, and your language.
         * @description Access: any authenticated user.
         *
         *     Object rule: The caller’s own preferences.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getUsersMeNotificationPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your notification preferences: events, channels, quiet hours (priority-1 task assignments may override them), language.
         * @description Access: any authenticated user.
         *
         *     Object rule: The caller’s own preferences.
         *
         *     Rate limit: 60 per 3600 s per caller.
         */
        patch: operations["patchUsersMeNotificationPreferences"];
        trace?: never;
    };
    "/outbound-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The outbound message log (push, SMS, WhatsApp), newest first; filters channel, status, request_id, to.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getOutboundMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/channels/twilio/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Twilio's status callback: moves a sent SMS or WhatsApp message to delivered or failed (X-Twilio-Signature checked).
         * @description Access: public.
         *
         *     Object rule: Only requests signed with the Twilio auth token (X-Twilio-Signature) are accepted; others are 403.
         *
         *     Rate limit: 1200 per 60 s per caller.
         */
        post: operations["postChannelsTwilioStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chatbot/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to the automated assistant; the answer is returned.
         * @description Answers from the caller's own records only: their help requests and what is planned for them, their assigned tasks, the disasters they joined, the nearest available resources of a kind, and safety guidance for the disaster type. Uses Gemini when configured, otherwise (and whenever Gemini fails) a deterministic assistant; `assistant` says which answered. message: 1 to 1000 characters. Conversations keep the last 20 messages and expire 72 hours after the last one. Rate limit: 10 calls per 60 s per user (429 with Retry-After).
         *
         *     Access: any authenticated user.
         *
         *     Object rule: The reply draws only on records the caller may see (their own requests, tasks assigned to them, public disasters, available resources). conversation_id must be one of the caller's conversations (404 otherwise); disaster_id must be a disaster the caller may see (404 otherwise).
         *
         *     Rate limit: 10 per 60 s per caller.
         */
        post: operations["postChatbotAsk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/cap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Atom 1.0 feed of current CAP alerts, for aggregators (public).
         * @description One entry per disaster with a live alert (its latest Alert or Update), and the Cancels of the last 24 hours, newest first, each linking to GET /disasters/{id}/cap. Cacheable for 60 s.
         *
         *     Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getFeedsCap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/channels/twilio/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Twilio's inbound message webhook (SMS and WhatsApp): help requests, STATUS, STOP, START, HELP.
         * @description Takes the form Twilio posts (application/x-www-form-urlencoded) signed with X-Twilio-Signature over PUBLIC_API_BASE_URL + this path (403 and nothing written otherwise). Answers TwiML (text/xml): one short reply in the sender's language, or an empty <Response/> for a MessageSid already processed, a message of a number past its own limit, a reply past the SMS spend limits, or a number that sent STOP. Every reply is logged in outbound_messages. The rules, keywords and limits: docs/channels.md.
         *
         *     Access: public.
         *
         *     Object rule: No token: the caller proves it is Twilio with the signature. Each number acts as its own affected_individual user (created at its first message); STATUS shows only that user's own requests.
         *
         *     Limit counted by the handler: 30 per 3600 s per phone number; first, past it: one reply, then logged drops.
         *
         *     Limit counted by the handler: 600 per 60 s per all numbers under their own limit; past it: stored, queued for triage.
         *
         *     Limit counted by the handler: 500 per 3600 s per all new numbers; past it: stored, queued for triage.
         *
         *     Limit counted by the handler: 3 per 86400 s per phone number; past it: no request, told the ones it has.
         */
        post: operations["postChannelsTwilioInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/channels/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The numbers people can text for help (SMS) and write to on WhatsApp.
         * @description The console keeps them for "Send by SMS" when the data network is down (docs/channels.md). Touches no database.
         *
         *     Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getChannelsNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A disaster's help requests as HXL CSV, GeoJSON or KML; the filters of GET /requests/disaster/{id}.
         * @description Streams up to 25,000 rows (EXPORT_MAX_ROWS), newest first (X-Export-Rows gives the count); more is a 422 export_too_large before the first byte: split by created_from / created_before. personal_data=include adds free text and uids and is recorded in the audit trail. Columns and HXL hashtags: docs/interop.md.
         *
         *     Access: role: admin, responder.
         *
         *     Object rule: Each row in the staff view of requests/visibility.ts (as GET /requests/disaster/{id}). 404 for an unknown disaster.
         *
         *     Read limit: 20 per 600 s per user, over all instances.
         */
        get: operations["getExportsRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resources as HXL CSV, GeoJSON or KML; the filters of GET /resources.
         * @description Streams up to 25,000 rows (EXPORT_MAX_ROWS), newest first (X-Export-Rows gives the count); more is a 422 export_too_large before the first byte: split by created_from / created_before. personal_data=include adds free text and uids and is recorded in the audit trail. Columns and HXL hashtags: docs/interop.md.
         *
         *     Access: role: admin, responder.
         *
         *     Object rule: Each row through resources' toView: by default volunteers' own resources at the centre of their ~5 km cell and no owner; with personal_data=include as staff see them.
         *
         *     Read limit: 20 per 600 s per user, over all instances.
         */
        get: operations["getExportsResources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/3w": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A disaster's tasks as a 3W report (who, what, where, when, status) in HXL CSV; the filters of GET /tasks.
         * @description Streams up to 25,000 rows (EXPORT_MAX_ROWS), newest first (X-Export-Rows gives the count); more is a 422 export_too_large before the first byte: split by created_from / created_before. personal_data=include adds free text and uids and is recorded in the audit trail. Columns and HXL hashtags: docs/interop.md.
         *
         *     Access: role: admin, responder.
         *
         *     Object rule: Where is the linked request's point in the caller's view of it. 404 for an unknown disaster.
         *
         *     Read limit: 20 per 600 s per user, over all instances.
         */
        get: operations["getExports3w"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/situation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A disaster's situation: requests by need, status, time and coarse cell; times to first task and fulfilment.
         * @description Counts and durations only: no request, person or point. Figures are at most 30 s old (as_of). Definitions: docs/interop.md ("Situation overview").
         *
         *     Access: role: admin, responder.
         *
         *     Object rule: Any staff member, any disaster they may see (a suggestion: admins only, 404 to others); counts and times only, cells of fewer than 3 requests merged into one suppressed count.
         *
         *     Read limit: 60 per 600 s per user, over all instances.
         */
        get: operations["getDisastersIdSituation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disasters/{id}/situation.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One table of the situation overview as HXL CSV (needs, series, status_series, cells, times or counts).
         * @description Long tables: the dimensions, then indicator (#indicator+name) and value (#indicator+num). Columns and tags: docs/interop.md.
         *
         *     Access: role: admin, responder.
         *
         *     Object rule: Any staff member, any disaster they may see (a suggestion: admins only, 404 to others); counts and times only, cells of fewer than 3 requests merged into one suppressed count.
         *
         *     Read limit: 60 per 600 s per user, over all instances.
         */
        get: operations["getDisastersIdSituation.csv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The subscribers, newest first (never their secrets).
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Register a subscriber: an https URL resolving to public addresses, and its events. The answer carries the signing secret, shown once.
         * @description Access: role: admin.
         */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subscriber: its events, status, and failure run (never its secret).
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWebhooksWebhookId"];
        put?: never;
        post?: never;
        /**
         * Remove a subscriber; deliveries still queued for it are dropped.
         * @description Access: role: admin.
         */
        delete: operations["deleteWebhooksWebhookId"];
        options?: never;
        head?: never;
        /**
         * Re-enable (status active), pause (status disabled) or change the events of a subscriber.
         * @description Access: role: admin.
         */
        patch: operations["patchWebhooksWebhookId"];
        trace?: never;
    };
    "/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscriber's delivery log, newest first: each event's attempts, status codes and next attempt.
         * @description Access: role: admin.
         *
         *     Read limit: 600 per 60 s per user, over all instances.
         */
        get: operations["getWebhooksWebhookIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness check; touches no database.
         * @description Access: public.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API as an OpenAPI 3.1 document.
         * @description Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getOpenapi.json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API as a page for people.
         * @description Access: public.
         *
         *     Read limit: 600 per 60 s per user, 1200 per client IP when anonymous, over all instances.
         */
        get: operations["getDocs"];
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
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable machine-readable error code. */
            code: string;
            errors?: {
                path?: string;
                message?: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postUsersRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Name shown to other users; public. */
                    display_name?: string;
                    /**
                     * @description Actor role. "dispatcher" in the spec means admin.
                     * @enum {string}
                     */
                    role?: "admin" | "volunteer" | "responder" | "affected_individual";
                    /** @description Contact phone in E.164 form; visible only to the user and admins. */
                    phone?: string;
                    /** @description A point on Earth. */
                    location?: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /**
                     * @description A volunteer's availability for tasks.
                     * @enum {string}
                     */
                    availability?: "available" | "unavailable";
                    /** @description What the user can do, e.g. "first aid", "boat", "heavy vehicle licence". */
                    skills?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description Name shown to other users; public. */
                        display_name: string;
                        /**
                         * @description Mirror of the verified custom claim `role`, kept for queries.
                         * @enum {string}
                         */
                        role: "admin" | "volunteer" | "responder" | "affected_individual";
                        phone: string | null;
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        } | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        location_client_time?: string;
                        /** @description Volunteers only; null for other roles. */
                        availability: ("available" | "unavailable") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        availability_client_time?: string;
                        /** @description What the user can do, e.g. "first aid", "boat", "heavy vehicle licence". */
                        skills: string[];
                        /**
                         * @description Volunteers only: vetted by an admin (PUT /users/{uid}/verification). Unverified volunteers see no one else's requests.
                         * @default false
                         */
                        verified: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @description True when this call changed your role claim: refresh your ID token to use it. */
                        token_refresh_required?: boolean;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description Name shown to other users; public. */
                        display_name: string;
                        /**
                         * @description Mirror of the verified custom claim `role`, kept for queries.
                         * @enum {string}
                         */
                        role: "admin" | "volunteer" | "responder" | "affected_individual";
                        phone: string | null;
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        } | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        location_client_time?: string;
                        /** @description Volunteers only; null for other roles. */
                        availability: ("available" | "unavailable") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        availability_client_time?: string;
                        /** @description What the user can do, e.g. "first aid", "boat", "heavy vehicle licence". */
                        skills: string[];
                        /**
                         * @description Volunteers only: vetted by an admin (PUT /users/{uid}/verification). Unverified volunteers see no one else's requests.
                         * @default false
                         */
                        verified: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @description True when this call changed your role claim: refresh your ID token to use it. */
                        token_refresh_required?: boolean;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call's work budget ran out first: call again (Retry-After). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postUsersUidErasure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call's work budget ran out first: call again (Retry-After). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersMeAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description A volunteer's availability for tasks.
                         * @enum {string}
                         */
                        availability: "available" | "unavailable";
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersMeAvailability: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within 72 hours answers the first answer again, with Idempotent-Replayed: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to 255 printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A volunteer's availability for tasks.
                     * @enum {string}
                     */
                    availability: "available" | "unavailable";
                    /**
                     * Format: date-time
                     * @description When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most 5 minutes ahead of the server's clock and 30 days behind it (400 otherwise).
                     */
                    client_time?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description A volunteer's availability for tasks.
                         * @enum {string}
                         */
                        availability: "available" | "unavailable";
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used before with another body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersMeLocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within 72 hours answers the first answer again, with Idempotent-Replayed: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to 255 printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A point on Earth. */
                    location: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /**
                     * Format: date-time
                     * @description When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most 5 minutes ahead of the server's clock and 30 days behind it (400 otherwise).
                     */
                    client_time?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description Name shown to other users; public. */
                        display_name: string;
                        /**
                         * @description Mirror of the verified custom claim `role`, kept for queries.
                         * @enum {string}
                         */
                        role: "admin" | "volunteer" | "responder" | "affected_individual";
                        phone: string | null;
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        } | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        location_client_time?: string;
                        /** @description Volunteers only; null for other roles. */
                        availability: ("available" | "unavailable") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        availability_client_time?: string;
                        /** @description What the user can do, e.g. "first aid", "boat", "heavy vehicle licence". */
                        skills: string[];
                        /**
                         * @description Volunteers only: vetted by an admin (PUT /users/{uid}/verification). Unverified volunteers see no one else's requests.
                         * @default false
                         */
                        verified: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @description True when this call changed your role claim: refresh your ID token to use it. */
                        token_refresh_required?: boolean;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used before with another body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersUidDisplayName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        display_name: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersUidRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Actor role. "dispatcher" in the spec means admin.
                     * @enum {string}
                     */
                    role: "admin" | "volunteer" | "responder" | "affected_individual";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description Name shown to other users; public. */
                        display_name: string;
                        /**
                         * @description Mirror of the verified custom claim `role`, kept for queries.
                         * @enum {string}
                         */
                        role: "admin" | "volunteer" | "responder" | "affected_individual";
                        phone: string | null;
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        } | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        location_client_time?: string;
                        /** @description Volunteers only; null for other roles. */
                        availability: ("available" | "unavailable") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        availability_client_time?: string;
                        /** @description What the user can do, e.g. "first aid", "boat", "heavy vehicle licence". */
                        skills: string[];
                        /**
                         * @description Volunteers only: vetted by an admin (PUT /users/{uid}/verification). Unverified volunteers see no one else's requests.
                         * @default false
                         */
                        verified: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @description True when this call changed your role claim: refresh your ID token to use it. */
                        token_refresh_required?: boolean;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersUidVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    verified: boolean;
                    /** @description Why: what was checked (ID seen, organisation vouched, ...). */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description Name shown to other users; public. */
                        display_name: string;
                        /**
                         * @description Mirror of the verified custom claim `role`, kept for queries.
                         * @enum {string}
                         */
                        role: "admin" | "volunteer" | "responder" | "affected_individual";
                        phone: string | null;
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        } | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        location_client_time?: string;
                        /** @description Volunteers only; null for other roles. */
                        availability: ("available" | "unavailable") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        availability_client_time?: string;
                        /** @description What the user can do, e.g. "first aid", "boat", "heavy vehicle licence". */
                        skills: string[];
                        /**
                         * @description Volunteers only: vetted by an admin (PUT /users/{uid}/verification). Unverified volunteers see no one else's requests.
                         * @default false
                         */
                        verified: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @description True when this call changed your role claim: refresh your ID token to use it. */
                        token_refresh_required?: boolean;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postUsersMePhoneVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Contact phone in E.164 form; visible only to the user and admins. */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description The number is the account's already: nothing was sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Contact phone in E.164 form; visible only to the user and admins. */
                        phone: string;
                        /**
                         * @description code_sent: confirm it with POST /users/me/phone-verification/confirm. verified: the number is the account’s.
                         * @enum {string}
                         */
                        status: "code_sent" | "verified";
                        /** @description When the code sent stops working; null once verified. */
                        expires_at: string | null;
                    };
                };
            };
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Contact phone in E.164 form; visible only to the user and admins. */
                        phone: string;
                        /**
                         * @description code_sent: confirm it with POST /users/me/phone-verification/confirm. verified: the number is the account’s.
                         * @enum {string}
                         */
                        status: "code_sent" | "verified";
                        /** @description When the code sent stops working; null once verified. */
                        expires_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postUsersMePhoneVerificationConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Contact phone in E.164 form; visible only to the user and admins. */
                        phone: string;
                        /**
                         * @description code_sent: confirm it with POST /users/me/phone-verification/confirm. verified: the number is the account’s.
                         * @enum {string}
                         */
                        status: "code_sent" | "verified";
                        /** @description When the code sent stops working; null once verified. */
                        expires_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisasters: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                type?: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                /** @description confirmed (the default) or closed. */
                status?: "confirmed" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /** @description Radius of the affected area. */
                            radius_km: number;
                            /** @description 1 (minor) to 5 (catastrophic). */
                            severity: number;
                            /** @enum {string} */
                            status: "confirmed" | "suggested" | "closed";
                            confirmed_at: string | null;
                            closed_at: string | null;
                            close_reason: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDisasters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                    /** @default  */
                    description?: string;
                    /** @description A point on Earth. */
                    location: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /** @description Radius of the affected area in km (0 < r <= 2000). */
                    radius_km: number;
                    /** @description 1 (minor) to 5 (catastrophic). */
                    severity: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description Radius of the affected area. */
                        radius_km: number;
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        /** @enum {string} */
                        status: "confirmed" | "suggested" | "closed";
                        /** @description Uid of the admin who created it, or 'agent'. */
                        created_by: string;
                        suggestion: {
                            /** @description Stable key of the observation cluster; a discarded cluster is not suggested again. */
                            cluster_key: string;
                            observation_ids: string[];
                            summary: string;
                            /** @enum {string} */
                            summarized_by: "deterministic" | "gemini";
                            /**
                             * @description Observations the summary was written for; Gemini writes it again only once the cluster has grown by the step (AGENT_RESUMMARY_STEP).
                             * @default 0
                             */
                            summarized_count: number;
                            /**
                             * @description Fields an admin edited (PATCH /disasters/{id}): the agent never rewrites them.
                             * @default []
                             */
                            edited_fields: ("name" | "type" | "description" | "location" | "radius_km" | "severity")[];
                        } | null;
                        confirmed_at: string | null;
                        confirmed_by: string | null;
                        closed_at: string | null;
                        /** @description Uid of the admin who closed it. */
                        closed_by: string | null;
                        close_reason: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersAgentSuggested: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /** @description Radius of the affected area. */
                            radius_km: number;
                            /** @description 1 (minor) to 5 (catastrophic). */
                            severity: number;
                            /** @enum {string} */
                            status: "confirmed" | "suggested" | "closed";
                            /** @description Uid of the admin who created it, or 'agent'. */
                            created_by: string;
                            suggestion: {
                                /** @description Stable key of the observation cluster; a discarded cluster is not suggested again. */
                                cluster_key: string;
                                observation_ids: string[];
                                summary: string;
                                /** @enum {string} */
                                summarized_by: "deterministic" | "gemini";
                                /**
                                 * @description Observations the summary was written for; Gemini writes it again only once the cluster has grown by the step (AGENT_RESUMMARY_STEP).
                                 * @default 0
                                 */
                                summarized_count: number;
                                /**
                                 * @description Fields an admin edited (PATCH /disasters/{id}): the agent never rewrites them.
                                 * @default []
                                 */
                                edited_fields: ("name" | "type" | "description" | "location" | "radius_km" | "severity")[];
                            } | null;
                            confirmed_at: string | null;
                            confirmed_by: string | null;
                            closed_at: string | null;
                            /** @description Uid of the admin who closed it. */
                            closed_by: string | null;
                            close_reason: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersId: {
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
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description Radius of the affected area. */
                        radius_km: number;
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        /** @enum {string} */
                        status: "confirmed" | "suggested" | "closed";
                        confirmed_at: string | null;
                        closed_at: string | null;
                        close_reason: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchDisastersId: {
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
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    type?: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                    description?: string;
                    /** @description A point on Earth. */
                    location?: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /** @description Radius of the affected area in km (0 < r <= 2000). */
                    radius_km?: number;
                    /** @description 1 (minor) to 5 (catastrophic). */
                    severity?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description Radius of the affected area. */
                        radius_km: number;
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        /** @enum {string} */
                        status: "confirmed" | "suggested" | "closed";
                        /** @description Uid of the admin who created it, or 'agent'. */
                        created_by: string;
                        suggestion: {
                            /** @description Stable key of the observation cluster; a discarded cluster is not suggested again. */
                            cluster_key: string;
                            observation_ids: string[];
                            summary: string;
                            /** @enum {string} */
                            summarized_by: "deterministic" | "gemini";
                            /**
                             * @description Observations the summary was written for; Gemini writes it again only once the cluster has grown by the step (AGENT_RESUMMARY_STEP).
                             * @default 0
                             */
                            summarized_count: number;
                            /**
                             * @description Fields an admin edited (PATCH /disasters/{id}): the agent never rewrites them.
                             * @default []
                             */
                            edited_fields: ("name" | "type" | "description" | "location" | "radius_km" | "severity")[];
                        } | null;
                        confirmed_at: string | null;
                        confirmed_by: string | null;
                        closed_at: string | null;
                        /** @description Uid of the admin who closed it. */
                        closed_by: string | null;
                        close_reason: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDisastersIdJoin: {
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
            /** @description The caller had already joined: the same membership. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disaster_id: string;
                        joined: boolean;
                        joined_at: string | null;
                    };
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disaster_id: string;
                        joined: boolean;
                        joined_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDisastersIdLeave: {
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
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersIdJoined: {
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
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disaster_id: string;
                        joined: boolean;
                        joined_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersIdVolunteers: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description The volunteer uid. */
                            id: string;
                            display_name: string;
                            /** @description From the user record; null if it is gone. */
                            availability: ("available" | "unavailable") | null;
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            } | null;
                            skills: string[];
                            /** @description Verified by an admin (PUT /users/{uid}/verification); false if the record is gone. */
                            verified: boolean;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            joined_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDisastersIdApprove: {
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
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description Radius of the affected area. */
                        radius_km: number;
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        /** @enum {string} */
                        status: "confirmed" | "suggested" | "closed";
                        /** @description Uid of the admin who created it, or 'agent'. */
                        created_by: string;
                        suggestion: {
                            /** @description Stable key of the observation cluster; a discarded cluster is not suggested again. */
                            cluster_key: string;
                            observation_ids: string[];
                            summary: string;
                            /** @enum {string} */
                            summarized_by: "deterministic" | "gemini";
                            /**
                             * @description Observations the summary was written for; Gemini writes it again only once the cluster has grown by the step (AGENT_RESUMMARY_STEP).
                             * @default 0
                             */
                            summarized_count: number;
                            /**
                             * @description Fields an admin edited (PATCH /disasters/{id}): the agent never rewrites them.
                             * @default []
                             */
                            edited_fields: ("name" | "type" | "description" | "location" | "radius_km" | "severity")[];
                        } | null;
                        confirmed_at: string | null;
                        confirmed_by: string | null;
                        closed_at: string | null;
                        /** @description Uid of the admin who closed it. */
                        closed_by: string | null;
                        close_reason: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDisastersIdClose: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why it was closed; shown publicly and in the CAP Cancel message. */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        type: "flood" | "earthquake" | "cyclone" | "wildfire" | "landslide" | "tsunami" | "storm" | "drought" | "volcanic_eruption" | "industrial_accident" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description Radius of the affected area. */
                        radius_km: number;
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        /** @enum {string} */
                        status: "confirmed" | "suggested" | "closed";
                        /** @description Uid of the admin who created it, or 'agent'. */
                        created_by: string;
                        suggestion: {
                            /** @description Stable key of the observation cluster; a discarded cluster is not suggested again. */
                            cluster_key: string;
                            observation_ids: string[];
                            summary: string;
                            /** @enum {string} */
                            summarized_by: "deterministic" | "gemini";
                            /**
                             * @description Observations the summary was written for; Gemini writes it again only once the cluster has grown by the step (AGENT_RESUMMARY_STEP).
                             * @default 0
                             */
                            summarized_count: number;
                            /**
                             * @description Fields an admin edited (PATCH /disasters/{id}): the agent never rewrites them.
                             * @default []
                             */
                            edited_fields: ("name" | "type" | "description" | "location" | "radius_km" | "severity")[];
                        } | null;
                        confirmed_at: string | null;
                        confirmed_by: string | null;
                        closed_at: string | null;
                        /** @description Uid of the admin who closed it. */
                        closed_by: string | null;
                        close_reason: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersIdCap: {
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
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/cap+xml": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDisastersIdDiscard: {
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
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersIdChatMessages: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            disaster_id: string;
                            sender_id: string;
                            sender_name: string;
                            /**
                             * @description Actor role. "dispatcher" in the spec means admin.
                             * @enum {string}
                             */
                            sender_role: "admin" | "volunteer" | "responder" | "affected_individual";
                            text: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDisastersIdChatMessages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within 72 hours answers the first answer again, with Idempotent-Replayed: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to 255 printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The message, 1 to 2000 characters after trimming. */
                    text: string;
                    /**
                     * Format: date-time
                     * @description When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most 5 minutes ahead of the server's clock and 30 days behind it (400 otherwise).
                     */
                    client_time?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        disaster_id: string;
                        sender_id: string;
                        sender_name: string;
                        /**
                         * @description Actor role. "dispatcher" in the spec means admin.
                         * @enum {string}
                         */
                        sender_role: "admin" | "volunteer" | "responder" | "affected_individual";
                        text: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        client_time?: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. Or idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used before with another body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getObservations: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                disaster_id?: string;
                type?: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: ({
                            id: string;
                            /** @enum {string} */
                            type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /** @description 1 (minor) to 5 (catastrophic). */
                            severity: number;
                            disaster_id: string | null;
                            reporter_id: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /** @constant */
                            view: "full";
                        } | {
                            id: string;
                            /** @enum {string} */
                            type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                            /** @description 1 (minor) to 5 (catastrophic). */
                            severity: number;
                            disaster_id: string | null;
                            /**
                             * Format: date-time
                             * @description The hour it was reported (minutes and seconds zero).
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description The hour it last changed (minutes and seconds zero).
                             */
                            updated_at: string;
                            /** @constant */
                            view: "area";
                            /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                            area: {
                                /** @description Geohash of the cell (5 characters, about 5 km). */
                                geohash: string;
                                /** @description Centre of the cell, the same for every point in it. */
                                center: {
                                    /** @description Latitude in degrees, WGS84. */
                                    lat: number;
                                    /** @description Longitude in degrees, WGS84. */
                                    lng: number;
                                };
                                width_km: number;
                                height_km: number;
                            };
                        })[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postObservations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within 72 hours answers the first answer again, with Idempotent-Replayed: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to 255 printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                    description: string;
                    /** @description A point on Earth. */
                    location: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /** @description 1 (minor) to 5 (catastrophic). */
                    severity: number;
                    /**
                     * @description A confirmed disaster the observation belongs to, if known.
                     * @default null
                     */
                    disaster_id?: string | null;
                    /**
                     * Format: date-time
                     * @description When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most 5 minutes ahead of the server's clock and 30 days behind it (400 otherwise).
                     */
                    client_time?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        disaster_id: string | null;
                        reporter_id: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        client_time?: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @constant */
                        view: "full";
                    } | {
                        id: string;
                        /** @enum {string} */
                        type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        disaster_id: string | null;
                        /**
                         * Format: date-time
                         * @description The hour it was reported (minutes and seconds zero).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description The hour it last changed (minutes and seconds zero).
                         */
                        updated_at: string;
                        /** @constant */
                        view: "area";
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. Or idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used before with another body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getObservationsObsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                obs_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        disaster_id: string | null;
                        reporter_id: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        client_time?: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @constant */
                        view: "full";
                    } | {
                        id: string;
                        /** @enum {string} */
                        type: "damage" | "flooding" | "blocked_road" | "fire" | "injured_people" | "shelter_need" | "missing_person" | "power_outage" | "water_contamination" | "landslide" | "other";
                        /** @description 1 (minor) to 5 (catastrophic). */
                        severity: number;
                        disaster_id: string | null;
                        /**
                         * Format: date-time
                         * @description The hour it was reported (minutes and seconds zero).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description The hour it last changed (minutes and seconds zero).
                         */
                        updated_at: string;
                        /** @constant */
                        view: "area";
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteObservationsObsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                obs_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRequests: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                status?: "open" | "in_progress" | "fulfilled" | "closed";
                type_of_need?: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                disaster_id?: string;
                /** @description true: only requests waiting for their point (SMS/WhatsApp intake). */
                awaiting_location?: "true";
                /** @description Changes instead of a list: the items changed at or after this time (updated_at), oldest change first, whatever their status, so that a client keeping a copy also learns of those that left its filter and drops them itself. Page with the cursor of each answer, which is then always set (a page of limit items or more: more may follow). Items changed in the last few seconds come again on the next page; replace items by id. */
                updated_since?: string;
                /** @description Only the requests whose requester wrote from this number (SMS, WhatsApp) or gave it in their profile (app), E.164 (spaces, dashes and brackets are ignored). Combines with no other filter. Each call is recorded in the audit trail as a read of personal data. */
                phone?: string;
                /** @description Only the requests with this short reference (the one SMS replies and the requester's list show; `#` and case are ignored). A reference is an id's start: more than one request may answer. Combines with no other filter. */
                reference?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: ({
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        } | {
                            /** @constant */
                            view: "owner";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            match_summary: {
                                helpers: {
                                    count: number;
                                    nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                                };
                                resources: {
                                    count: number;
                                    nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                                };
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                            merged_at: string | null;
                        } | {
                            /** @constant */
                            view: "assignee";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help.
                             */
                            last_confirmed_at: string;
                        } | {
                            /** @constant */
                            view: "area";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                            area: {
                                /** @description Geohash of the cell (5 characters, about 5 km). */
                                geohash: string;
                                /** @description Centre of the cell, the same for every point in it. */
                                center: {
                                    /** @description Latitude in degrees, WGS84. */
                                    lat: number;
                                    /** @description Longitude in degrees, WGS84. */
                                    lng: number;
                                };
                                width_km: number;
                                height_km: number;
                            };
                        })[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postRequests: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within 72 hours answers the first answer again, with Idempotent-Replayed: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to 255 printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disaster_id: string;
                    /**
                     * @description One of: rescue, medical, food, water, shelter, evacuation, sanitation, other.
                     * @enum {string}
                     */
                    type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                    /** @description What is needed, for how many people; 3 to 2000 characters. */
                    description: string;
                    /** @description A point on Earth. */
                    location: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /** @description A random reference the device made for this request, also written into its "Send by SMS" text (#REF): whichever of the two arrives first creates the request, the other creates nothing (docs/channels.md). */
                    client_ref?: string;
                    /**
                     * Format: date-time
                     * @description When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most 5 minutes ahead of the server's clock and 30 days behind it (400 otherwise).
                     */
                    client_time?: string;
                };
            };
        };
        responses: {
            /** @description The caller's request its client_ref created already (by this call before, or by their SMS): nothing new is written. */
            200: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        view: "staff";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        potential_matches: {
                            responders: {
                                id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "volunteer" | "responder";
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            resources: {
                                id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        requester_contact: {
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description E.164; null for an app request whose profile has no phone. */
                            phone: string | null;
                        } | null;
                        possible_duplicates: {
                            id: string;
                            /** @description 0 to 1: how likely the two report the same need. */
                            score: number;
                            /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                            reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                        }[] | null;
                        possible_duplicates_judge: {
                            /**
                             * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                             * @enum {string}
                             */
                            judge: "deterministic" | "gemini";
                            /** @description The Gemini model that judged; null for deterministic. */
                            model: string | null;
                            /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        } | null;
                        /** @description When the person was last asked whether they still need help. */
                        confirmation_asked_at: string | null;
                        /** @description 1 plus the requests merged into it. Staff only. */
                        report_count: number;
                        /** @description Merged into it. */
                        merged_reports: {
                            request_id: string;
                            owner_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                            reference: string;
                        }[];
                        /** @description Set on a merged request: the survivor it was merged into, why and when. */
                        merge: {
                            into: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                        } | null;
                    } | {
                        /** @constant */
                        view: "owner";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        match_summary: {
                            helpers: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            resources: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                        merged_at: string | null;
                    } | {
                        /** @constant */
                        view: "assignee";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help.
                         */
                        last_confirmed_at: string;
                    } | {
                        /** @constant */
                        view: "area";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        view: "staff";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        potential_matches: {
                            responders: {
                                id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "volunteer" | "responder";
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            resources: {
                                id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        requester_contact: {
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description E.164; null for an app request whose profile has no phone. */
                            phone: string | null;
                        } | null;
                        possible_duplicates: {
                            id: string;
                            /** @description 0 to 1: how likely the two report the same need. */
                            score: number;
                            /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                            reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                        }[] | null;
                        possible_duplicates_judge: {
                            /**
                             * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                             * @enum {string}
                             */
                            judge: "deterministic" | "gemini";
                            /** @description The Gemini model that judged; null for deterministic. */
                            model: string | null;
                            /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        } | null;
                        /** @description When the person was last asked whether they still need help. */
                        confirmation_asked_at: string | null;
                        /** @description 1 plus the requests merged into it. Staff only. */
                        report_count: number;
                        /** @description Merged into it. */
                        merged_reports: {
                            request_id: string;
                            owner_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                            reference: string;
                        }[];
                        /** @description Set on a merged request: the survivor it was merged into, why and when. */
                        merge: {
                            into: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                        } | null;
                    } | {
                        /** @constant */
                        view: "owner";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        match_summary: {
                            helpers: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            resources: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                        merged_at: string | null;
                    } | {
                        /** @constant */
                        view: "assignee";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help.
                         */
                        last_confirmed_at: string;
                    } | {
                        /** @constant */
                        view: "area";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. Or idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used before with another body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRequestsMe: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                status?: "open" | "in_progress" | "fulfilled" | "closed";
                type_of_need?: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                disaster_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: ({
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        } | {
                            /** @constant */
                            view: "owner";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            match_summary: {
                                helpers: {
                                    count: number;
                                    nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                                };
                                resources: {
                                    count: number;
                                    nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                                };
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                            merged_at: string | null;
                        } | {
                            /** @constant */
                            view: "assignee";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help.
                             */
                            last_confirmed_at: string;
                        } | {
                            /** @constant */
                            view: "area";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                            area: {
                                /** @description Geohash of the cell (5 characters, about 5 km). */
                                geohash: string;
                                /** @description Centre of the cell, the same for every point in it. */
                                center: {
                                    /** @description Latitude in degrees, WGS84. */
                                    lat: number;
                                    /** @description Longitude in degrees, WGS84. */
                                    lng: number;
                                };
                                width_km: number;
                                height_km: number;
                            };
                        })[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRequestsReqId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        view: "staff";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        potential_matches: {
                            responders: {
                                id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "volunteer" | "responder";
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            resources: {
                                id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        requester_contact: {
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description E.164; null for an app request whose profile has no phone. */
                            phone: string | null;
                        } | null;
                        possible_duplicates: {
                            id: string;
                            /** @description 0 to 1: how likely the two report the same need. */
                            score: number;
                            /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                            reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                        }[] | null;
                        possible_duplicates_judge: {
                            /**
                             * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                             * @enum {string}
                             */
                            judge: "deterministic" | "gemini";
                            /** @description The Gemini model that judged; null for deterministic. */
                            model: string | null;
                            /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        } | null;
                        /** @description When the person was last asked whether they still need help. */
                        confirmation_asked_at: string | null;
                        /** @description 1 plus the requests merged into it. Staff only. */
                        report_count: number;
                        /** @description Merged into it. */
                        merged_reports: {
                            request_id: string;
                            owner_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                            reference: string;
                        }[];
                        /** @description Set on a merged request: the survivor it was merged into, why and when. */
                        merge: {
                            into: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                        } | null;
                    } | {
                        /** @constant */
                        view: "owner";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        match_summary: {
                            helpers: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            resources: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                        merged_at: string | null;
                    } | {
                        /** @constant */
                        view: "assignee";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help.
                         */
                        last_confirmed_at: string;
                    } | {
                        /** @constant */
                        view: "area";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRequestsReqIdHistory: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /**
                             * @description The domain event the record holds, `<entity>.<action>` (e.g. `task.status_changed`).
                             * @enum {string}
                             */
                            type: "request.created" | "request.status_changed" | "request.located" | "request.confirmation_asked" | "request.confirmed" | "request.unconfirmed" | "request.merged" | "request.unmerged" | "task.created" | "task.assigned" | "task.reassigned" | "task.authorized" | "task.status_changed" | "task.unassigned" | "resource.created" | "resource.status_changed" | "disaster.created" | "disaster.suggested" | "disaster.evidence_added" | "disaster.approved" | "disaster.updated" | "disaster.closed" | "disaster.discarded" | "membership.joined" | "membership.left" | "role.registered" | "role.granted" | "verification.verified" | "verification.unverified" | "user.opted_out" | "user.opted_in" | "user.phone_detached" | "user.phone_verified" | "user.erased" | "user.erasure_requested" | "export.exported_personal_data" | "contact.looked_up_by_phone" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.disabled";
                            /** @enum {string} */
                            entity: "request" | "task" | "resource" | "disaster" | "membership" | "role" | "verification" | "user" | "export" | "contact" | "webhook";
                            entity_id: string;
                            action: string;
                            /** @description The uid who made the change, `system` or `agent`; null in the owner's view for anyone but staff. */
                            actor_id: string | null;
                            actor_role: string | null;
                            before: {
                                [key: string]: unknown;
                            } | null;
                            after: {
                                [key: string]: unknown;
                            } | null;
                            disaster_id: string | null;
                            request_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchRequestsReqIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "open" | "in_progress" | "fulfilled" | "closed";
                    /** @enum {string} */
                    closed_reason?: "withdrawn" | "unfulfilled" | "duplicate";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        view: "staff";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        potential_matches: {
                            responders: {
                                id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "volunteer" | "responder";
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            resources: {
                                id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        requester_contact: {
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description E.164; null for an app request whose profile has no phone. */
                            phone: string | null;
                        } | null;
                        possible_duplicates: {
                            id: string;
                            /** @description 0 to 1: how likely the two report the same need. */
                            score: number;
                            /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                            reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                        }[] | null;
                        possible_duplicates_judge: {
                            /**
                             * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                             * @enum {string}
                             */
                            judge: "deterministic" | "gemini";
                            /** @description The Gemini model that judged; null for deterministic. */
                            model: string | null;
                            /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        } | null;
                        /** @description When the person was last asked whether they still need help. */
                        confirmation_asked_at: string | null;
                        /** @description 1 plus the requests merged into it. Staff only. */
                        report_count: number;
                        /** @description Merged into it. */
                        merged_reports: {
                            request_id: string;
                            owner_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                            reference: string;
                        }[];
                        /** @description Set on a merged request: the survivor it was merged into, why and when. */
                        merge: {
                            into: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                        } | null;
                    } | {
                        /** @constant */
                        view: "owner";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        match_summary: {
                            helpers: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            resources: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                        merged_at: string | null;
                    } | {
                        /** @constant */
                        view: "assignee";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help.
                         */
                        last_confirmed_at: string;
                    } | {
                        /** @constant */
                        view: "area";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postRequestsReqIdConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: still needed (last_confirmed_at refreshed); false: no longer needed (the request is closed, withdrawn). */
                    still_needed: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        view: "staff";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        potential_matches: {
                            responders: {
                                id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "volunteer" | "responder";
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            resources: {
                                id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        requester_contact: {
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description E.164; null for an app request whose profile has no phone. */
                            phone: string | null;
                        } | null;
                        possible_duplicates: {
                            id: string;
                            /** @description 0 to 1: how likely the two report the same need. */
                            score: number;
                            /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                            reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                        }[] | null;
                        possible_duplicates_judge: {
                            /**
                             * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                             * @enum {string}
                             */
                            judge: "deterministic" | "gemini";
                            /** @description The Gemini model that judged; null for deterministic. */
                            model: string | null;
                            /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        } | null;
                        /** @description When the person was last asked whether they still need help. */
                        confirmation_asked_at: string | null;
                        /** @description 1 plus the requests merged into it. Staff only. */
                        report_count: number;
                        /** @description Merged into it. */
                        merged_reports: {
                            request_id: string;
                            owner_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                            reference: string;
                        }[];
                        /** @description Set on a merged request: the survivor it was merged into, why and when. */
                        merge: {
                            into: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                        } | null;
                    } | {
                        /** @constant */
                        view: "owner";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        match_summary: {
                            helpers: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            resources: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                        merged_at: string | null;
                    } | {
                        /** @constant */
                        view: "assignee";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help.
                         */
                        last_confirmed_at: string;
                    } | {
                        /** @constant */
                        view: "area";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putRequestsReqIdLocation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A point on Earth. */
                    location: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /** @description The confirmed disaster the point belongs to; by default the only confirmed disaster whose area holds the point, else the request's current one. */
                    disaster_id?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        view: "staff";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        potential_matches: {
                            responders: {
                                id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "volunteer" | "responder";
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            resources: {
                                id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                                /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                area_distance_km?: number;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        requester_contact: {
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description E.164; null for an app request whose profile has no phone. */
                            phone: string | null;
                        } | null;
                        possible_duplicates: {
                            id: string;
                            /** @description 0 to 1: how likely the two report the same need. */
                            score: number;
                            /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                            reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                        }[] | null;
                        possible_duplicates_judge: {
                            /**
                             * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                             * @enum {string}
                             */
                            judge: "deterministic" | "gemini";
                            /** @description The Gemini model that judged; null for deterministic. */
                            model: string | null;
                            /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        } | null;
                        /** @description When the person was last asked whether they still need help. */
                        confirmation_asked_at: string | null;
                        /** @description 1 plus the requests merged into it. Staff only. */
                        report_count: number;
                        /** @description Merged into it. */
                        merged_reports: {
                            request_id: string;
                            owner_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                            reference: string;
                        }[];
                        /** @description Set on a merged request: the survivor it was merged into, why and when. */
                        merge: {
                            into: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            merged_at: string;
                        } | null;
                    } | {
                        /** @constant */
                        view: "owner";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        owner_id: string;
                        /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                        duplicate_of: string | null;
                        planning: {
                            /** @enum {string} */
                            state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                            planner: ("deterministic" | "gemini") | null;
                            attempts: number;
                            error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                            /** @description A short message for error_code; never internal error text. */
                            last_error: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        };
                        /** @enum {string} */
                        channel: "app" | "sms" | "whatsapp";
                        /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                        location_text: string | null;
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help (its creation at first).
                         */
                        last_confirmed_at: string;
                        /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                        confirmation: ("asked" | "unconfirmed") | null;
                        match_summary: {
                            helpers: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            resources: {
                                count: number;
                                nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            computed_at: string;
                        } | null;
                        /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                        merged_at: string | null;
                    } | {
                        /** @constant */
                        view: "assignee";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        description: string;
                        /** @description A point on Earth. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /**
                         * Format: date-time
                         * @description When the person last said they still need help.
                         */
                        last_confirmed_at: string;
                    } | {
                        /** @constant */
                        view: "area";
                        id: string;
                        /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                        reference: string;
                        disaster_id: string;
                        /** @enum {string} */
                        type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "fulfilled" | "closed";
                        closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        status_changed_at: string;
                        /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                        area: {
                            /** @description Geohash of the cell (5 characters, about 5 km). */
                            geohash: string;
                            /** @description Centre of the cell, the same for every point in it. */
                            center: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            width_km: number;
                            height_km: number;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postRequestsReqIdMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The request that stays (the survivor); this one is closed as its duplicate. */
                    into: string;
                    /** @description Why they are the same need, for the history; staff only. */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A help request as admins and responders see it. */
                        merged: {
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        };
                        /** @description A help request as admins and responders see it. */
                        survivor: {
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postRequestsReqIdUnmerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                req_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A help request as admins and responders see it. */
                        merged: {
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        };
                        /** @description A help request as admins and responders see it. */
                        survivor: {
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRequestsDisasterDisasterId: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                status?: "open" | "in_progress" | "fulfilled" | "closed";
                type_of_need?: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
            };
            header?: never;
            path: {
                disaster_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: ({
                            /** @constant */
                            view: "staff";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            potential_matches: {
                                responders: {
                                    id: string;
                                    display_name: string;
                                    /** @enum {string} */
                                    role: "volunteer" | "responder";
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                resources: {
                                    id: string;
                                    name: string;
                                    category: string;
                                    distance_km: number;
                                    /** @description Kilometres to the centre of the match's ~5 km cell: what the requester's bands are computed from. */
                                    area_distance_km?: number;
                                }[];
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            requester_contact: {
                                /** @enum {string} */
                                channel: "app" | "sms" | "whatsapp";
                                /** @description E.164; null for an app request whose profile has no phone. */
                                phone: string | null;
                            } | null;
                            possible_duplicates: {
                                id: string;
                                /** @description 0 to 1: how likely the two report the same need. */
                                score: number;
                                /** @description What the two have in common, and Gemini's verdict where it judged (docs/conventions.md). */
                                reasons: ("same_phone" | "household_phone" | "same_requester" | "near" | "same_need" | "similar_text" | "similar_place" | "close_in_time" | "model_judged_same" | "model_judged_different")[];
                            }[] | null;
                            possible_duplicates_judge: {
                                /**
                                 * @description deterministic: the scorer alone; gemini: the scorer, then Gemini on the uncertain suggestions.
                                 * @enum {string}
                                 */
                                judge: "deterministic" | "gemini";
                                /** @description The Gemini model that judged; null for deterministic. */
                                model: string | null;
                                /** @description Why Gemini was asked and the scorer's list kept as it was; null otherwise. */
                                fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            } | null;
                            /** @description When the person was last asked whether they still need help. */
                            confirmation_asked_at: string | null;
                            /** @description 1 plus the requests merged into it. Staff only. */
                            report_count: number;
                            /** @description Merged into it. */
                            merged_reports: {
                                request_id: string;
                                owner_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                                reference: string;
                            }[];
                            /** @description Set on a merged request: the survivor it was merged into, why and when. */
                            merge: {
                                into: string;
                                reason: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                merged_at: string;
                            } | null;
                        } | {
                            /** @constant */
                            view: "owner";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            owner_id: string;
                            /** @description The request this one repeats: at creation, a likely earlier request of the same owner (need, place, time; the request stays open and is not planned); after a merge, the survivor a dispatcher merged it into (the request is closed, closed_reason duplicate, and `merge` is set). */
                            duplicate_of: string | null;
                            planning: {
                                /** @enum {string} */
                                state: "pending" | "planning" | "planned" | "failed" | "skipped" | "awaiting_location";
                                planner: ("deterministic" | "gemini") | null;
                                attempts: number;
                                error_code: ("duplicate" | "retrying" | "planning_failed" | "queued_for_triage") | null;
                                /** @description A short message for error_code; never internal error text. */
                                last_error: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            };
                            /** @enum {string} */
                            channel: "app" | "sms" | "whatsapp";
                            /** @description Where the person said they are, in their words (SMS/WhatsApp); null for app requests. */
                            location_text: string | null;
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help (its creation at first).
                             */
                            last_confirmed_at: string;
                            /** @description Re-confirmation: asked (the person was asked whether they still need help and has not answered), unconfirmed (nobody answered in time), null (confirmed, or not asked yet). */
                            confirmation: ("asked" | "unconfirmed") | null;
                            match_summary: {
                                helpers: {
                                    count: number;
                                    nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                                };
                                resources: {
                                    count: number;
                                    nearest: ("under_1_km" | "1_to_5_km" | "5_to_25_km" | "over_25_km") | null;
                                };
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                computed_at: string;
                            } | null;
                            /** @description When a dispatcher joined this request with another report of the same need: since then status, closed_reason, status_changed_at, planning and match_summary are that request's (its progress is this one's); id, reference and what the person wrote stay theirs. null otherwise. */
                            merged_at: string | null;
                        } | {
                            /** @constant */
                            view: "assignee";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            description: string;
                            /** @description A point on Earth. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /**
                             * Format: date-time
                             * @description When the person last said they still need help.
                             */
                            last_confirmed_at: string;
                        } | {
                            /** @constant */
                            view: "area";
                            id: string;
                            /** @description The short reference people quote: in SMS replies, on a phone call, in the requester's list. */
                            reference: string;
                            disaster_id: string;
                            /** @enum {string} */
                            type_of_need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "fulfilled" | "closed";
                            closed_reason: ("withdrawn" | "unfulfilled" | "duplicate") | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            status_changed_at: string;
                            /** @description Where, to a cell of at least 1 km: shown instead of a point to people without a need to know. */
                            area: {
                                /** @description Geohash of the cell (5 characters, about 5 km). */
                                geohash: string;
                                /** @description Centre of the cell, the same for every point in it. */
                                center: {
                                    /** @description Latitude in degrees, WGS84. */
                                    lat: number;
                                    /** @description Longitude in degrees, WGS84. */
                                    lng: number;
                                };
                                width_km: number;
                                height_km: number;
                            };
                        })[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWorkflowOutputs: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                disaster_id?: string;
                planner?: "deterministic" | "gemini" | "dispatcher";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Same as request_id. */
                            id: string;
                            request_id: string;
                            disaster_id: string;
                            planner: ("deterministic" | "gemini") | "dispatcher";
                            model: string | null;
                            duration_ms: number;
                            rationale: string;
                            fallback_reason: string | null;
                            /** @default null */
                            fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                            tasks: {
                                id: string;
                                instructions: string;
                                /** @enum {string} */
                                role_required: "volunteer" | "responder";
                                /** @description 1 (most urgent) to 5 (least). */
                                priority: number;
                                /** @enum {string} */
                                approval_status: "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                source: "planner" | "dispatcher";
                                /** @default null */
                                suggested_assignee_id: string | null;
                                task_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            }[];
                            resources: {
                                id: string;
                                resource_id: string;
                                name: string;
                                category: string;
                                distance_km: number | null;
                                reason: string;
                                /** @enum {string} */
                                approval_status: "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                source: "planner" | "dispatcher";
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postWorkflowOutputs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    request_id: string;
                    rationale?: string;
                    tasks?: {
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        suggested_assignee_id?: string | null;
                        /** @enum {string} */
                        approval_status?: "pending" | "approved" | "rejected";
                    }[];
                    resources?: {
                        resource_id: string;
                        reason?: string;
                        /** @enum {string} */
                        approval_status?: "pending" | "approved" | "rejected";
                    }[];
                };
            };
        };
        responses: {
            /** @description The request already had an output: the output with what was added. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Same as request_id. */
                        id: string;
                        request_id: string;
                        disaster_id: string;
                        planner: ("deterministic" | "gemini") | "dispatcher";
                        model: string | null;
                        duration_ms: number;
                        rationale: string;
                        fallback_reason: string | null;
                        /** @default null */
                        fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        tasks: {
                            id: string;
                            instructions: string;
                            /** @enum {string} */
                            role_required: "volunteer" | "responder";
                            /** @description 1 (most urgent) to 5 (least). */
                            priority: number;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /** @default null */
                            suggested_assignee_id: string | null;
                            task_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        resources: {
                            id: string;
                            resource_id: string;
                            name: string;
                            category: string;
                            distance_km: number | null;
                            reason: string;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Same as request_id. */
                        id: string;
                        request_id: string;
                        disaster_id: string;
                        planner: ("deterministic" | "gemini") | "dispatcher";
                        model: string | null;
                        duration_ms: number;
                        rationale: string;
                        fallback_reason: string | null;
                        /** @default null */
                        fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        tasks: {
                            id: string;
                            instructions: string;
                            /** @enum {string} */
                            role_required: "volunteer" | "responder";
                            /** @description 1 (most urgent) to 5 (least). */
                            priority: number;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /** @default null */
                            suggested_assignee_id: string | null;
                            task_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        resources: {
                            id: string;
                            resource_id: string;
                            name: string;
                            category: string;
                            distance_km: number | null;
                            reason: string;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWorkflowOutputsRequestId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Same as request_id. */
                        id: string;
                        request_id: string;
                        disaster_id: string;
                        planner: ("deterministic" | "gemini") | "dispatcher";
                        model: string | null;
                        duration_ms: number;
                        rationale: string;
                        fallback_reason: string | null;
                        /** @default null */
                        fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        tasks: {
                            id: string;
                            instructions: string;
                            /** @enum {string} */
                            role_required: "volunteer" | "responder";
                            /** @description 1 (most urgent) to 5 (least). */
                            priority: number;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /** @default null */
                            suggested_assignee_id: string | null;
                            task_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        resources: {
                            id: string;
                            resource_id: string;
                            name: string;
                            category: string;
                            distance_km: number | null;
                            reason: string;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWorkflowOutputsRequestId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWorkflowOutputsRequestIdTasks: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            instructions: string;
                            /** @enum {string} */
                            role_required: "volunteer" | "responder";
                            /** @description 1 (most urgent) to 5 (least). */
                            priority: number;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /** @default null */
                            suggested_assignee_id: string | null;
                            task_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postWorkflowOutputsRequestIdTasks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instructions: string;
                    /** @enum {string} */
                    role_required: "volunteer" | "responder";
                    /** @description 1 (most urgent) to 5 (least). */
                    priority: number;
                    suggested_assignee_id?: string | null;
                    /** @enum {string} */
                    approval_status?: "pending" | "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        /** @enum {string} */
                        approval_status: "pending" | "approved" | "rejected";
                        /** @enum {string} */
                        source: "planner" | "dispatcher";
                        /** @default null */
                        suggested_assignee_id: string | null;
                        task_id: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWorkflowOutputsRequestIdTasksTaskId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchWorkflowOutputsRequestIdTasksTaskId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instructions?: string;
                    /** @enum {string} */
                    role_required?: "volunteer" | "responder";
                    /** @description 1 (most urgent) to 5 (least). */
                    priority?: number;
                    suggested_assignee_id?: string | null;
                    /** @enum {string} */
                    approval_status?: "pending" | "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        /** @enum {string} */
                        approval_status: "pending" | "approved" | "rejected";
                        /** @enum {string} */
                        source: "planner" | "dispatcher";
                        /** @default null */
                        suggested_assignee_id: string | null;
                        task_id: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postWorkflowOutputsRequestIdTasksTaskIdCreateTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    resource_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                        reference: string;
                        disaster_id: string;
                        request_id: string | null;
                        workflow_task_id: string | null;
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        resource_ids: string[];
                        /** @enum {string} */
                        status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                        assigned_to: string | null;
                        assigned_at: string | null;
                        authorized: boolean;
                        authorized_by: string | null;
                        authorized_at: string | null;
                        created_by: string;
                        history: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            at: string;
                            by: string;
                            /** @enum {string} */
                            action: "created" | "assigned" | "authorized" | "status_changed";
                            from: string | null;
                            to: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWorkflowOutputsRequestIdResources: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            resource_id: string;
                            name: string;
                            category: string;
                            distance_km: number | null;
                            reason: string;
                            /** @enum {string} */
                            approval_status: "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            source: "planner" | "dispatcher";
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postWorkflowOutputsRequestIdResources: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    resource_id: string;
                    reason?: string;
                    /** @enum {string} */
                    approval_status?: "pending" | "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        resource_id: string;
                        name: string;
                        category: string;
                        distance_km: number | null;
                        reason: string;
                        /** @enum {string} */
                        approval_status: "pending" | "approved" | "rejected";
                        /** @enum {string} */
                        source: "planner" | "dispatcher";
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWorkflowOutputsRequestIdResourcesResId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
                res_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchWorkflowOutputsRequestIdResourcesResId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
                res_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                    /** @enum {string} */
                    approval_status?: "pending" | "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        resource_id: string;
                        name: string;
                        category: string;
                        distance_km: number | null;
                        reason: string;
                        /** @enum {string} */
                        approval_status: "pending" | "approved" | "rejected";
                        /** @enum {string} */
                        source: "planner" | "dispatcher";
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postResourcesSuggestDisasterId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                disaster_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: string;
                        /** @constant */
                        status: "queued";
                        result: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAllocationJobsJobId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        disaster_id: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        requested_by: string;
                        proposals: {
                            request_id: string;
                            type_of_need: string;
                            resources: {
                                resource_id: string;
                                name: string;
                                category: string;
                                distance_km: number;
                            }[];
                        }[];
                        requests_considered: number;
                        attempts: number;
                        last_error: string | null;
                        lease_expires_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        finished_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTasks: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                status?: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                disaster_id?: string;
                request_id?: string;
                assigned_to?: string;
                /** @description Changes instead of a list: the items changed at or after this time (updated_at), oldest change first, whatever their status, so that a client keeping a copy also learns of those that left its filter and drops them itself. Page with the cursor of each answer, which is then always set (a page of limit items or more: more may follow). Items changed in the last few seconds come again on the next page; replace items by id. */
                updated_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                            reference: string;
                            disaster_id: string;
                            request_id: string | null;
                            workflow_task_id: string | null;
                            /** @description 1 (most urgent) to 5 (least). */
                            priority: number;
                            instructions: string;
                            /** @enum {string} */
                            role_required: "volunteer" | "responder";
                            resource_ids: string[];
                            /** @enum {string} */
                            status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                            assigned_to: string | null;
                            assigned_at: string | null;
                            authorized: boolean;
                            authorized_by: string | null;
                            authorized_at: string | null;
                            created_by: string;
                            history: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                at: string;
                                by: string;
                                /** @enum {string} */
                                action: "created" | "assigned" | "authorized" | "status_changed";
                                from: string | null;
                                to: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                client_time?: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postTasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A confirmed disaster. */
                    disaster_id: string;
                    /** @description 1 (most urgent) to 5 (least). */
                    priority: number;
                    instructions: string;
                    /**
                     * @description Who can do it: volunteer (volunteers and responders) or responder (responders only).
                     * @enum {string}
                     */
                    role_required: "volunteer" | "responder";
                    /** @description Up to 20 available resources to allocate, all or none. */
                    resource_ids?: string[];
                    /** @description The help request this task serves; it must belong to the same disaster. */
                    request_id?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                        reference: string;
                        disaster_id: string;
                        request_id: string | null;
                        workflow_task_id: string | null;
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        resource_ids: string[];
                        /** @enum {string} */
                        status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                        assigned_to: string | null;
                        assigned_at: string | null;
                        authorized: boolean;
                        authorized_by: string | null;
                        authorized_at: string | null;
                        created_by: string;
                        history: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            at: string;
                            by: string;
                            /** @enum {string} */
                            action: "created" | "assigned" | "authorized" | "status_changed";
                            from: string | null;
                            to: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTasksMe: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                status?: "pending" | "on_route" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                            reference: string;
                            disaster_id: string;
                            request_id: string | null;
                            workflow_task_id: string | null;
                            /** @description 1 (most urgent) to 5 (least). */
                            priority: number;
                            instructions: string;
                            /** @enum {string} */
                            role_required: "volunteer" | "responder";
                            resource_ids: string[];
                            /** @enum {string} */
                            status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                            assigned_to: string | null;
                            assigned_at: string | null;
                            authorized: boolean;
                            authorized_by: string | null;
                            authorized_at: string | null;
                            created_by: string;
                            history: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                at: string;
                                by: string;
                                /** @enum {string} */
                                action: "created" | "assigned" | "authorized" | "status_changed";
                                from: string | null;
                                to: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                client_time?: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTasksTaskId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                        reference: string;
                        disaster_id: string;
                        request_id: string | null;
                        workflow_task_id: string | null;
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        resource_ids: string[];
                        /** @enum {string} */
                        status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                        assigned_to: string | null;
                        assigned_at: string | null;
                        authorized: boolean;
                        authorized_by: string | null;
                        authorized_at: string | null;
                        created_by: string;
                        history: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            at: string;
                            by: string;
                            /** @enum {string} */
                            action: "created" | "assigned" | "authorized" | "status_changed";
                            from: string | null;
                            to: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTasksTaskIdHistory: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /**
                             * @description The domain event the record holds, `<entity>.<action>` (e.g. `task.status_changed`).
                             * @enum {string}
                             */
                            type: "request.created" | "request.status_changed" | "request.located" | "request.confirmation_asked" | "request.confirmed" | "request.unconfirmed" | "request.merged" | "request.unmerged" | "task.created" | "task.assigned" | "task.reassigned" | "task.authorized" | "task.status_changed" | "task.unassigned" | "resource.created" | "resource.status_changed" | "disaster.created" | "disaster.suggested" | "disaster.evidence_added" | "disaster.approved" | "disaster.updated" | "disaster.closed" | "disaster.discarded" | "membership.joined" | "membership.left" | "role.registered" | "role.granted" | "verification.verified" | "verification.unverified" | "user.opted_out" | "user.opted_in" | "user.phone_detached" | "user.phone_verified" | "user.erased" | "user.erasure_requested" | "export.exported_personal_data" | "contact.looked_up_by_phone" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.disabled";
                            /** @enum {string} */
                            entity: "request" | "task" | "resource" | "disaster" | "membership" | "role" | "verification" | "user" | "export" | "contact" | "webhook";
                            entity_id: string;
                            action: string;
                            /** @description The uid who made the change, `system` or `agent`; null in the owner's view for anyone but staff. */
                            actor_id: string | null;
                            actor_role: string | null;
                            before: {
                                [key: string]: unknown;
                            } | null;
                            after: {
                                [key: string]: unknown;
                            } | null;
                            disaster_id: string | null;
                            request_id: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchTasksTaskIdStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying this write safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a repeat with the same key by the same caller on the same object within 72 hours answers the first answer again, with Idempotent-Replayed: true, and changes nothing. The same key with another body: 422 idempotency_key_reused; while the first request still runs: 409 idempotency_key_in_flight with Retry-After. 1 to 255 printable ASCII characters, bare or as a quoted string (400 otherwise); a UUID per action is a good key. A failed first request (4xx, 5xx) keeps nothing: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                    /** @description Only with failed: why. Kept in the task's history (GET /tasks/{task_id}/history), for the dispatchers. */
                    reason?: string;
                    /**
                     * Format: date-time
                     * @description When the person took the action, by their device's clock (RFC 3339), e.g. when it was queued offline: kept beside the server's time, never used for ordering. At most 5 minutes ahead of the server's clock and 30 days behind it (400 otherwise).
                     */
                    client_time?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                        reference: string;
                        disaster_id: string;
                        request_id: string | null;
                        workflow_task_id: string | null;
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        resource_ids: string[];
                        /** @enum {string} */
                        status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                        assigned_to: string | null;
                        assigned_at: string | null;
                        authorized: boolean;
                        authorized_by: string | null;
                        authorized_at: string | null;
                        created_by: string;
                        history: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            at: string;
                            by: string;
                            /** @enum {string} */
                            action: "created" | "assigned" | "authorized" | "status_changed";
                            from: string | null;
                            to: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. Or idempotency_key_in_flight: a request with the same Idempotency-Key is still running (see Retry-After). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key was used before with another body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchTasksTaskIdAssign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                        reference: string;
                        disaster_id: string;
                        request_id: string | null;
                        workflow_task_id: string | null;
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        resource_ids: string[];
                        /** @enum {string} */
                        status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                        assigned_to: string | null;
                        assigned_at: string | null;
                        authorized: boolean;
                        authorized_by: string | null;
                        authorized_at: string | null;
                        created_by: string;
                        history: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            at: string;
                            by: string;
                            /** @enum {string} */
                            action: "created" | "assigned" | "authorized" | "status_changed";
                            from: string | null;
                            to: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchTasksTaskIdAuthorize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The task's short reference, as people quote it: on the console, in the assignee's SMS and push, and in `DONE <ref>` by SMS. */
                        reference: string;
                        disaster_id: string;
                        request_id: string | null;
                        workflow_task_id: string | null;
                        /** @description 1 (most urgent) to 5 (least). */
                        priority: number;
                        instructions: string;
                        /** @enum {string} */
                        role_required: "volunteer" | "responder";
                        resource_ids: string[];
                        /** @enum {string} */
                        status: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                        assigned_to: string | null;
                        assigned_at: string | null;
                        authorized: boolean;
                        authorized_by: string | null;
                        authorized_at: string | null;
                        created_by: string;
                        history: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            at: string;
                            by: string;
                            /** @enum {string} */
                            action: "created" | "assigned" | "authorized" | "status_changed";
                            from: string | null;
                            to: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            client_time?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getResources: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                status?: "available" | "not_available" | "in_use";
                category?: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                disaster_id?: string;
                owner_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                            /** @description Absent when location_precision is area. */
                            description?: string;
                            quantity: number;
                            /** @description e.g. "units", "litres", "kg", "people". */
                            unit: string;
                            /** @description The point, or the centre of its ~5 km cell when location_precision is area. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /** @description The owner; null unless you are staff or the owner. */
                            owner_id: string | null;
                            disaster_id: string | null;
                            /** @enum {string} */
                            status: "available" | "not_available" | "in_use";
                            /** @description Absent when location_precision is area. */
                            task_id?: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /** @enum {string} */
                            location_precision: "exact" | "area";
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postResources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                    description?: string;
                    /** @description How much of it there is, in `unit`. */
                    quantity: number;
                    /** @description e.g. "units", "litres", "kg", "people". */
                    unit: string;
                    /** @description A point on Earth. */
                    location: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    /** @description The confirmed disaster it serves; null or absent: any. */
                    disaster_id?: string | null;
                    /**
                     * @description Default available.
                     * @enum {string}
                     */
                    status?: "available" | "not_available";
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                        /** @description Absent when location_precision is area. */
                        description?: string;
                        quantity: number;
                        /** @description e.g. "units", "litres", "kg", "people". */
                        unit: string;
                        /** @description The point, or the centre of its ~5 km cell when location_precision is area. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description The owner; null unless you are staff or the owner. */
                        owner_id: string | null;
                        disaster_id: string | null;
                        /** @enum {string} */
                        status: "available" | "not_available" | "in_use";
                        /** @description Absent when location_precision is area. */
                        task_id?: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @enum {string} */
                        location_precision: "exact" | "area";
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getResourcesAvailable: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                category?: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                disaster_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                            /** @description Absent when location_precision is area. */
                            description?: string;
                            quantity: number;
                            /** @description e.g. "units", "litres", "kg", "people". */
                            unit: string;
                            /** @description The point, or the centre of its ~5 km cell when location_precision is area. */
                            location: {
                                /** @description Latitude in degrees, WGS84. */
                                lat: number;
                                /** @description Longitude in degrees, WGS84. */
                                lng: number;
                            };
                            /** @description The owner; null unless you are staff or the owner. */
                            owner_id: string | null;
                            disaster_id: string | null;
                            /** @enum {string} */
                            status: "available" | "not_available" | "in_use";
                            /** @description Absent when location_precision is area. */
                            task_id?: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                            /** @enum {string} */
                            location_precision: "exact" | "area";
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getResourcesLocations: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                disaster_id?: string;
                status?: "available" | "not_available" | "in_use";
                category?: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        type: "FeatureCollection";
                        features: {
                            /** @constant */
                            type: "Feature";
                            id: string;
                            geometry: {
                                /** @constant */
                                type: "Point";
                                /** @description [lng, lat] (RFC 7946). */
                                coordinates: [
                                    number,
                                    number
                                ];
                            };
                            properties: {
                                name: string;
                                /** @enum {string} */
                                category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                                quantity: number;
                                /** @description e.g. "units", "litres", "kg", "people". */
                                unit: string;
                                /** @description The owner; null unless you are staff or the owner. */
                                owner_id: string | null;
                                disaster_id: string | null;
                                /** @enum {string} */
                                status: "available" | "not_available" | "in_use";
                                /** @description Absent when location_precision is area. */
                                task_id?: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                updated_at: string;
                                /** @enum {string} */
                                location_precision: "exact" | "area";
                            };
                        }[];
                        /** @description Foreign member: pass as ?cursor= for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getResourcesRid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                        /** @description Absent when location_precision is area. */
                        description?: string;
                        quantity: number;
                        /** @description e.g. "units", "litres", "kg", "people". */
                        unit: string;
                        /** @description The point, or the centre of its ~5 km cell when location_precision is area. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description The owner; null unless you are staff or the owner. */
                        owner_id: string | null;
                        disaster_id: string | null;
                        /** @enum {string} */
                        status: "available" | "not_available" | "in_use";
                        /** @description Absent when location_precision is area. */
                        task_id?: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @enum {string} */
                        location_precision: "exact" | "area";
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchResourcesRid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    category?: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                    description?: string;
                    /** @description Sets the quantity (restock or correction). */
                    quantity?: number;
                    /** @description Usage: subtracts this much from quantity; at zero the resource is not_available. */
                    consume?: number;
                    unit?: string;
                    /** @description A point on Earth. */
                    location?: {
                        /** @description Latitude in degrees, WGS84. */
                        lat: number;
                        /** @description Longitude in degrees, WGS84. */
                        lng: number;
                    };
                    disaster_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                        /** @description Absent when location_precision is area. */
                        description?: string;
                        quantity: number;
                        /** @description e.g. "units", "litres", "kg", "people". */
                        unit: string;
                        /** @description The point, or the centre of its ~5 km cell when location_precision is area. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description The owner; null unless you are staff or the owner. */
                        owner_id: string | null;
                        disaster_id: string | null;
                        /** @enum {string} */
                        status: "available" | "not_available" | "in_use";
                        /** @description Absent when location_precision is area. */
                        task_id?: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @enum {string} */
                        location_precision: "exact" | "area";
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putResourcesRidStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "available" | "not_available";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        category: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                        /** @description Absent when location_precision is area. */
                        description?: string;
                        quantity: number;
                        /** @description e.g. "units", "litres", "kg", "people". */
                        unit: string;
                        /** @description The point, or the centre of its ~5 km cell when location_precision is area. */
                        location: {
                            /** @description Latitude in degrees, WGS84. */
                            lat: number;
                            /** @description Longitude in degrees, WGS84. */
                            lng: number;
                        };
                        /** @description The owner; null unless you are staff or the owner. */
                        owner_id: string | null;
                        disaster_id: string | null;
                        /** @enum {string} */
                        status: "available" | "not_available" | "in_use";
                        /** @description Absent when location_precision is area. */
                        task_id?: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @enum {string} */
                        location_precision: "exact" | "area";
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getNotificationsMe: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                read?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            user_id: string;
                            /** @enum {string} */
                            kind: "task_assigned" | "task_authorized" | "task_cancelled" | "request_updated";
                            text: string;
                            task_id: string | null;
                            request_id: string | null;
                            read: boolean;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchNotificationsId: {
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
                "application/json": {
                    read: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        user_id: string;
                        /** @enum {string} */
                        kind: "task_assigned" | "task_authorized" | "task_cancelled" | "request_updated";
                        text: string;
                        task_id: string | null;
                        request_id: string | null;
                        read: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postUsersMeDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The FCM registration token the client SDK gave (getToken()). */
                    token: string;
                    /** @enum {string} */
                    platform: "android" | "ios" | "web";
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        platform: "android" | "ios" | "web";
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUsersMeDevicesDeviceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                device_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersMeNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Which events reach you outside the app (the in-app notifications are always written). */
                        events: {
                            request_updates: boolean;
                            task_assignments: boolean;
                            task_updates: boolean;
                        };
                        /** @description Which channels may carry them. */
                        channels: {
                            push: boolean;
                            sms: boolean;
                            whatsapp: boolean;
                        };
                        /** @description Nothing is sent in this local time window (suppressed, reason quiet_hours); null: none. */
                        quiet_hours: {
                            /** @description Local time quiet hours start, HH:MM. */
                            start: string;
                            /** @description Local time they end, HH:MM (before start: they run past midnight). */
                            end: string;
                            time_zone: string;
                        } | null;
                        /** @description Task assignments of priority 1 are sent during quiet hours (default true). */
                        urgent_overrides_quiet_hours: boolean;
                        /**
                         * @description Language of replies and updates: en, es or fil.
                         * @enum {string}
                         */
                        language: "en" | "es" | "fil";
                        updated_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUsersMeNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events?: {
                        request_updates?: boolean;
                        task_assignments?: boolean;
                        task_updates?: boolean;
                    };
                    channels?: {
                        push?: boolean;
                        sms?: boolean;
                        whatsapp?: boolean;
                    };
                    quiet_hours?: {
                        /** @description Local time quiet hours start, HH:MM. */
                        start: string;
                        /** @description Local time they end, HH:MM (before start: they run past midnight). */
                        end: string;
                        time_zone: string;
                    } | null;
                    urgent_overrides_quiet_hours?: boolean;
                    /**
                     * @description Language of replies and updates: en, es or fil.
                     * @enum {string}
                     */
                    language?: "en" | "es" | "fil";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Which events reach you outside the app (the in-app notifications are always written). */
                        events: {
                            request_updates: boolean;
                            task_assignments: boolean;
                            task_updates: boolean;
                        };
                        /** @description Which channels may carry them. */
                        channels: {
                            push: boolean;
                            sms: boolean;
                            whatsapp: boolean;
                        };
                        /** @description Nothing is sent in this local time window (suppressed, reason quiet_hours); null: none. */
                        quiet_hours: {
                            /** @description Local time quiet hours start, HH:MM. */
                            start: string;
                            /** @description Local time they end, HH:MM (before start: they run past midnight). */
                            end: string;
                            time_zone: string;
                        } | null;
                        /** @description Task assignments of priority 1 are sent during quiet hours (default true). */
                        urgent_overrides_quiet_hours: boolean;
                        /**
                         * @description Language of replies and updates: en, es or fil.
                         * @enum {string}
                         */
                        language: "en" | "es" | "fil";
                        updated_at: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOutboundMessages: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
                channel?: "push" | "sms" | "whatsapp";
                status?: "queued" | "sending" | "sent" | "delivered" | "failed" | "suppressed";
                request_id?: string;
                /** @description A phone number in E.164 (+...) or a device id. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            channel: "push" | "sms" | "whatsapp";
                            to: string;
                            recipient_uid: string;
                            /** @enum {string} */
                            template: "request_task_created" | "request_on_route" | "request_fulfilled" | "request_closed" | "request_confirm" | "request_withdrawn" | "task_assigned" | "task_authorized" | "task_cancelled" | "reply_created" | "reply_created_without_place" | "reply_queued_for_triage" | "reply_place_noted" | "reply_ask_need" | "reply_help" | "reply_stopped" | "reply_started" | "reply_status" | "reply_no_open_requests" | "reply_daily_limit" | "reply_no_active_disaster" | "reply_too_many_messages" | "reply_task_moved" | "reply_task_not_found" | "reply_task_not_moved" | "reply_already_received" | "reply_confirmed" | "reply_withdrawn" | "reply_confirm_which" | "phone_verification_code";
                            /**
                             * @description Language of replies and updates: en, es or fil.
                             * @enum {string}
                             */
                            language: "en" | "es" | "fil";
                            body: string;
                            urgent: boolean;
                            /** @enum {string} */
                            status: "queued" | "sending" | "sent" | "delivered" | "failed" | "suppressed";
                            reason: ("opted_out" | "preferences" | "quiet_hours" | "unavailable" | "spend_limit" | "no_device") | null;
                            error: string | null;
                            attempts: number;
                            lease_until: string | null;
                            provider_id: string | null;
                            audit_id: string | null;
                            request_id: string | null;
                            task_id: string | null;
                            sent_at: string | null;
                            delivered_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postChannelsTwilioStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    MessageSid: string;
                    MessageStatus: string;
                    ErrorCode?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postChatbotAsk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What to ask, 1 to 1000 characters. */
                    message: string;
                    /** @description A disaster the question is about (confirmed; suggestions for admins only). */
                    disaster_id?: string;
                    /** @description Continue one of your conversations; omit to start a new one. */
                    conversation_id?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reply: string;
                        conversation_id: string;
                        /**
                         * @description Which assistant answered: gemini, or the deterministic one (always available).
                         * @enum {string}
                         */
                        assistant: "deterministic" | "gemini";
                        /** @description What the deterministic assistant understood; null when Gemini answered. */
                        intent: ("request_status" | "how_to_request_help" | "nearest_resource" | "my_tasks" | "disaster_info" | "safety_tips" | "capabilities" | "unknown") | null;
                        /** @description Why the deterministic assistant answered although Gemini is configured (time-out, rate limited, blocked, ...). */
                        fallback_reason: string | null;
                        /** @description The same, as a stable code. */
                        fallback_code: ("gemini_blocked" | "gemini_unavailable" | "gemini_invalid_answer" | "gemini_budget_spent") | null;
                        /** @description Ids of the records the reply drew on; all of them are records the caller may see. */
                        sources: {
                            requests: string[];
                            tasks: string[];
                            resources: string[];
                            disasters: string[];
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFeedsCap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postChannelsTwilioInbound: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    MessageSid: string;
                    From: string;
                    To: string;
                    /** @default  */
                    Body?: string;
                    Latitude?: string;
                    Longitude?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/xml": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getChannelsNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description E.164. */
                        sms: string;
                        /** @description E.164. */
                        whatsapp: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExportsRequests: {
        parameters: {
            query: {
                /** @description The disaster whose requests to export. */
                disaster_id: string;
                status?: "open" | "in_progress" | "fulfilled" | "closed";
                type_of_need?: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                /** @description Only rows created at or after this time (ISO-8601): with created_before, one slice of a large export. */
                created_from?: string;
                /** @description Only rows created before this time (ISO-8601). */
                created_before?: string;
                format?: "csv" | "geojson" | "kml";
                /** @description omit (default): no free text written by or about people and no one's uid, and volunteers' own resources at the centre of their ~5 km cell. include: adds them (the staff view); recorded in the audit trail. */
                personal_data?: "omit" | "include";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/geo+json": {
                        /** @constant */
                        type: "FeatureCollection";
                        features: {
                            /** @constant */
                            type: "Feature";
                            /** @description The point of the row as [lng, lat], or null. */
                            geometry: {
                                /** @constant */
                                type: "Point";
                                coordinates: [
                                    number,
                                    number
                                ];
                            } | null;
                            properties: {
                                id: string | number | null;
                                disaster: string | number | null;
                                disaster_id: string | number | null;
                                disaster_severity: string | number | null;
                                type_of_need: string | number | null;
                                status: string | number | null;
                                created_at: string | number | null;
                                lat: string | number | null;
                                lon: string | number | null;
                                area: string | number | null;
                                description?: string | number | null;
                                owner_id?: string | number | null;
                                contact_channel?: string | number | null;
                                contact_phone?: string | number | null;
                            };
                        }[];
                    };
                    "application/vnd.google-earth.kml+xml": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too large for one call. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExportsResources: {
        parameters: {
            query?: {
                status?: "available" | "not_available" | "in_use";
                category?: "vehicle" | "boat" | "helicopter" | "medical_supplies" | "medical_team" | "food" | "water" | "shelter" | "generator" | "equipment" | "sanitation" | "personnel" | "other";
                disaster_id?: string;
                owner_id?: string;
                /** @description Only rows created at or after this time (ISO-8601): with created_before, one slice of a large export. */
                created_from?: string;
                /** @description Only rows created before this time (ISO-8601). */
                created_before?: string;
                format?: "csv" | "geojson" | "kml";
                /** @description omit (default): no free text written by or about people and no one's uid, and volunteers' own resources at the centre of their ~5 km cell. include: adds them (the staff view); recorded in the audit trail. */
                personal_data?: "omit" | "include";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/geo+json": {
                        /** @constant */
                        type: "FeatureCollection";
                        features: {
                            /** @constant */
                            type: "Feature";
                            /** @description The point of the row as [lng, lat], or null. */
                            geometry: {
                                /** @constant */
                                type: "Point";
                                coordinates: [
                                    number,
                                    number
                                ];
                            } | null;
                            properties: {
                                id: string | number | null;
                                name: string | number | null;
                                category: string | number | null;
                                quantity: string | number | null;
                                unit: string | number | null;
                                status: string | number | null;
                                disaster: string | number | null;
                                disaster_id: string | number | null;
                                lat: string | number | null;
                                lon: string | number | null;
                                location_precision: string | number | null;
                                created_at: string | number | null;
                                description?: string | number | null;
                                owner_id?: string | number | null;
                            };
                        }[];
                    };
                    "application/vnd.google-earth.kml+xml": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too large for one call. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExports3w: {
        parameters: {
            query: {
                status?: "pending" | "on_route" | "completed" | "failed" | "cancelled";
                /** @description The disaster whose tasks to report. */
                disaster_id: string;
                request_id?: string;
                assigned_to?: string;
                /** @description Only rows created at or after this time (ISO-8601): with created_before, one slice of a large export. */
                created_from?: string;
                /** @description Only rows created before this time (ISO-8601). */
                created_before?: string;
                format?: "csv";
                /** @description omit (default): no free text written by or about people and no one's uid, and volunteers' own resources at the centre of their ~5 km cell. include: adds them (the staff view); recorded in the audit trail. */
                personal_data?: "omit" | "include";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too large for one call. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisastersIdSituation: {
        parameters: {
            query?: {
                /** @description The series' bucket: hour while the requests span up to 72 h, day after (the default). */
                bucket?: "hour" | "day";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disaster_id: string;
                        /**
                         * Format: date-time
                         * @description When the figures were taken (they may be up to 30 s old).
                         */
                        as_of: string;
                        counts: {
                            /** @description Requests of the disaster, all statuses. */
                            total: number;
                            /** @description Requests still waiting: status open or in_progress. */
                            open: number;
                            /** @description Of the open ones, those whose requester did not answer re-confirmation. */
                            unconfirmed: number;
                            /** @description Requests closed as duplicates of another (closed_reason duplicate, duplicate_of set). */
                            merged: number;
                            /** @description Of the open ones, those waiting for a dispatcher to set their point. */
                            awaiting_location: number;
                        };
                        /** @description Requests by current status. */
                        by_status: {
                            open: number;
                            in_progress: number;
                            fulfilled: number;
                            closed: number;
                        };
                        /** @description One row per need, in the order of the need list. */
                        by_need: {
                            /** @enum {string} */
                            need: "rescue" | "medical" | "food" | "water" | "shelter" | "evacuation" | "sanitation" | "other";
                            total: number;
                            open: number;
                            by_status: {
                                open: number;
                                in_progress: number;
                                fulfilled: number;
                                closed: number;
                            };
                        }[];
                        series: {
                            /** @enum {string} */
                            bucket: "hour" | "day";
                            points: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                end: string;
                                /** @description Requests created in the bucket. */
                                opened: number;
                                /** @description Requests fulfilled or closed in the bucket. */
                                ended: number;
                                /** @description Open at the end of the bucket (at as_of for the current one). */
                                open: number;
                                open_by_need: {
                                    rescue: number;
                                    medical: number;
                                    food: number;
                                    water: number;
                                    shelter: number;
                                    evacuation: number;
                                    sanitation: number;
                                    other: number;
                                };
                                /** @description Requests made by the end of the bucket, by their status then, reconstructed from the creation, first task and last status change of each request (docs/interop.md, "Situation overview"): open and in_progress add up to the open of the bucket. */
                                by_status: {
                                    open: number;
                                    in_progress: number;
                                    fulfilled: number;
                                    closed: number;
                                };
                            }[];
                        };
                        /** @description Requests with a point, by coarse cell, most open first; awaiting_location ones have none. */
                        cells: {
                            /** @description Geohash characters of a cell (5: about 5 × 5 km). */
                            precision: number;
                            /** @description A cell with fewer requests is counted in suppressed only. */
                            min_requests: number;
                            items: {
                                geohash: string;
                                center: {
                                    lat: number;
                                    lng: number;
                                };
                                bounds: {
                                    south: number;
                                    north: number;
                                    west: number;
                                    east: number;
                                };
                                total: number;
                                open: number;
                            }[];
                            suppressed: {
                                cells: number;
                                total: number;
                                open: number;
                            };
                        };
                        times: {
                            /** @description From a request's creation to its first task's. */
                            to_first_task: {
                                /** @description How many requests the figures are taken over. */
                                requests: number;
                                /** @description Nearest-rank 50th percentile; null with no request. */
                                median_seconds: number | null;
                                /** @description Nearest-rank 90th percentile; null with no request. */
                                p90_seconds: number | null;
                            };
                            /** @description From a fulfilled request's creation to its fulfilment. */
                            to_fulfilment: {
                                /** @description How many requests the figures are taken over. */
                                requests: number;
                                /** @description Nearest-rank 50th percentile; null with no request. */
                                median_seconds: number | null;
                                /** @description Nearest-rank 90th percentile; null with no request. */
                                p90_seconds: number | null;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getDisastersIdSituation.csv": {
        parameters: {
            query?: {
                /** @description needs: requests by need and status; series: open by need at the end of each bucket; status_series: requests by status at the end of each bucket (reconstructed from milestones); cells: open and total by coarse cell; times: medians and 90th percentiles; counts: the totals. */
                table?: "needs" | "series" | "status_series" | "cells" | "times" | "counts";
                /** @description The series' bucket: hour while the requests span up to 72 h, day after (the default). */
                bucket?: "hour" | "day";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            url: string;
                            events: ("request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed")[];
                            description: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            disabled_reason: ("admin" | "failing") | null;
                            failing_since: string | null;
                            last_success_at: string | null;
                            last_failure_at: string | null;
                            created_by: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https URL resolving to public addresses only (locally, http://127.0.0.1 or localhost too). */
                    url: string;
                    events: ("request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed")[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: ("request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed")[];
                        description: string;
                        /** @enum {string} */
                        status: "active" | "disabled";
                        disabled_reason: ("admin" | "failing") | null;
                        failing_since: string | null;
                        last_success_at: string | null;
                        last_failure_at: string | null;
                        created_by: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                        /** @description The signing secret (`whsec_` + base64 of 32 random bytes). Shown once: store it now; it is never returned again. */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhooksWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: ("request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed")[];
                        description: string;
                        /** @enum {string} */
                        status: "active" | "disabled";
                        disabled_reason: ("admin" | "failing") | null;
                        failing_since: string | null;
                        last_success_at: string | null;
                        last_failure_at: string | null;
                        created_by: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhooksWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchWebhooksWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description active re-enables a disabled subscriber; disabled pauses it.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    events?: ("request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed")[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: ("request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed")[];
                        description: string;
                        /** @enum {string} */
                        status: "active" | "disabled";
                        disabled_reason: ("admin" | "failing") | null;
                        failing_since: string | null;
                        last_success_at: string | null;
                        last_failure_at: string | null;
                        created_by: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 timestamp in UTC.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). A body sent as JSON that does not parse, or whose top level is not an object or array, is refused by the Cloud Functions runtime before the service runs, as an HTML page (text/html). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body not sent in the format the endpoint takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhooksWebhookIdDeliveries: {
        parameters: {
            query?: {
                /** @description Page size (1 to 200, default 50). */
                limit?: number;
                /** @description The opaque next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description The event id (Webhook-Id header), stable across retries. */
                            id: string;
                            webhook_id: string;
                            /** @enum {string} */
                            event: "request.created" | "request.status_changed" | "task.status_changed" | "disaster.confirmed" | "disaster.updated" | "disaster.closed";
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "cancelled";
                            attempt_count: number;
                            attempts: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 timestamp in UTC.
                                 */
                                at: string;
                                status_code: number | null;
                                error: string | null;
                                duration_ms: number;
                            }[];
                            last_status_code: number | null;
                            response_excerpt: string | null;
                            next_attempt_at: string | null;
                            delivered_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 timestamp in UTC.
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as ?cursor= to get the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, invalid or expired ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authenticated but not allowed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown id, or one you may not see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getOpenapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
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
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Invalid input (code validation_failed or malformed_body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A token was sent and it is malformed, invalid or expired (this endpoint needs none). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected failure (logged; the answer carries no internals). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A backend did not answer in time or cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
