"""Every limit the service enforces, in one place, so the docs and the checks cannot drift."""

MAX_BODY_BYTES = 1024 * 1024  # HTTP request bodies (configurable per app: BIGTWO_MAX_BODY)
# What the CLI reads as one document (a record, a score sheet, a profile file) or one JSON
# Lines line: the HTTP body limit by default (`--max-bytes` changes it).
MAX_CLI_INPUT_BYTES = MAX_BODY_BYTES
MAX_RECORDS_PER_BATCH = 100  # /v1/validate/batch and tournament uploads
# A language tag (?lang=, --lang, a cookie, one part of Accept-Language): the longest
# real BCP 47 tag with extensions is far shorter; anything longer is not looked at.
MAX_LANGUAGE_TAG_LENGTH = 64
MAX_DEALS_PER_RECORD = 200
MAX_MOVES_PER_DEAL = 1000  # a real 4-seat deal has at most 52 plays and 3 passes after each
MAX_CARDS_PER_PLAY = 52
# Dragons listed per hand by /v1/next and the legal-play generator: a hand of more than 13
# cards can hold thousands (one per choice of suits); any other dragon of it is still legal.
MAX_DRAGON_PLAYS = 64
# Plays that use jokers listed per hand by /v1/next and the legal-play generator (RULES v4):
# with 8 jokers nearly every one of some 90,000 five-card multisets is a play; the rest are
# still legal, and the search for them stops at this many.
MAX_JOKER_PLAYS = 256
# Multiset combinations remembered, for every profile of the process together (the classifier's
# memo with copies or jokers): a full memo starts again empty.
MAX_MULTISET_MEMO = 200_000
# /v1/next under a profile with copies or jokers (RULES v4): a free lead of the largest hand
# (108 cards, 8 jokers) forms some 60,000 plays of real cards alone, a 1.5 MB answer that
# costs over a second to list. The answer lists at most this many plays, smallest first, and
# says the list was cut; every play left out is still legal.
MAX_LISTED_PLAYS = 2_000
# ... and classifies at most this many candidate plays to find them (an opening turn, where
# only plays with the lowest card count, or a table few plays beat, rejects most it builds).
MAX_LISTING_CANDIDATES = 20_000
MAX_NAME_LENGTH = 100  # a player name in a record
MAX_TOURNAMENT_NAME_LENGTH = 200
# Organiser tools: a withdrawal's or replacement's reason and the organiser's label (who), as
# written to the audit log; a record's meta.table / meta.round shown and filtered on (longer
# values stay in the record, unshown); pages of tournaments and of the audit log.
MAX_REASON_LENGTH = 500
MAX_ORGANISER_LABEL_LENGTH = 100
MAX_META_LABEL_LENGTH = 100
MAX_PER_PAGE = 100
# Every list in a rule profile is bounded, and checked for length before its items are read.
# The bounds follow from the rules (4 suits, 13 runs, 52 cards, tiers start at distinct card
# counts up to 52) except card penalties, where no seed needs more than a few entries.
MAX_PROFILE_TIERS = 52
MAX_PROFILE_CARD_PENALTIES = 64
MAX_CARD_VALUE = 1000  # points one card may be worth under scoring.card_values
MAX_PLACE_POINTS = 100_000  # points one place may score under scoring.place_points (either sign)

# Untrusted JSON (bigtwo/formats/jsonin.py): every request body, pasted form and file goes through it.
MAX_JSON_DEPTH = 64  # a record nests 6 deep, a batch 8: 64 leaves room for any honest `meta`
MAX_JSON_INT_DIGITS = 20  # every 64-bit integer fits (a deal seed is up to 2**64 - 1); fields
# check their own ranges after decoding, with a pointer (a seed of 2**64 is a 422 on /seed)
MAX_PAGE_NUMBER = 1_000_000  # ?page= on pages: 1 to this; past the last page shows the last

# Score sheets (bigtwo/formats/sheets.py).
MAX_SHEET_ROWS = 10_000  # deals in one score sheet (CSV); each costs microseconds to score
MAX_SHEET_PROBLEMS = 100  # problems listed for one sheet; the rest are not looked for
# Big Two notation (docs/NOTATION.md): problems listed for one game; the rest are not looked for.
MAX_NOTATION_PROBLEMS = 100
# A whole text read at once (an API body, a pasted or uploaded game, a file to replace a
# record by): problems listed across its games. The reading stops there, as it stops at the
# first game past what the caller takes (bigtwo/formats/door.py), so a body of many broken
# games costs the games and problems it is answered with, not its size.
MAX_READ_PROBLEMS = 100
# A JSON record's input problems (a key where none belongs, an unreadable card, a timeout under
# timeouts: none): at most this many are listed; the rest are not looked for, so a megabyte of
# misused moves answers a small problem document, not one problem per move.
MAX_RECORD_PROBLEMS = 100
# Input a problem quotes (a card that is no card, a name that is no player, a word the reader
# did not expect): at most this many characters of it, then "…" and its length, so that a
# problem's size does not follow its input's (bigtwo/rules/problems.py).
MAX_QUOTED_CHARS = 20
# An unknown key of a record or a profile is pointed at (/deals/0/<key>) when at most this long;
# a longer one is named, shortened, at its object's pointer.
MAX_POINTER_KEY_CHARS = 100
# A record's deals when every one is result-only (a score sheet); deals with moves stay
# under MAX_DEALS_PER_RECORD.
MAX_RESULT_DEALS_PER_RECORD = MAX_SHEET_ROWS

# The referee's replay page shows a record a page at a time, so its size follows one page, not
# the whole record: consecutive deals up to this many rows (a move, or 13 dealt cards; at
# least one deal per page); of the moves a deal never replayed (after its broken rule) only the
# first few are listed.
REPLAY_PAGE_MOVES = 250
REPLAY_UNREPLAYED_SHOWN = 20
REPLAY_ERRORS_SHOWN = 100

# A batch (POST /v1/validate/batch, a tournament upload) checks at most this many deals in all
# its records together: the cost of a request follows its deals, and 1 MiB holds about 17,000
# small ones (a deal code and a result, or one move). One score sheet at its limit fits.
MAX_DEALS_PER_BATCH = 10_000

# Running-totals charts on the match and tournament pages (app/web/chart.py): at most this many
# lines (the best-ranked players of a tournament; a match has at most 5 seats) and points per
# line (evenly spaced samples of the deals, first and last kept), whatever the size of the
# record or tournament.
CHART_SERIES = 8
CHART_POINTS = 200

# Replays shared by link (POST /v1/replays, the Share button; bigtwo/store/replays.py). A
# record is stored only when someone asks for its link, at most the request body limit in
# size (MAX_BODY_BYTES, or the app's BIGTWO_MAX_BODY). When the store holds this many, or
# this many bytes of them, a new one is refused (507) rather than an old one evicted: a link
# once given keeps working. A record already shared is always answered (200).
MAX_SHARED_REPLAYS = 10_000
MAX_SHARED_REPLAY_BYTES = 256 * 1024 * 1024
# A shared replay's free-form `meta` (a record's only free-form field), as stored: labels
# such as a table, a round or an event fit many times over; padding a link to the body limit
# does not.
MAX_SHARED_META_BYTES = 4 * 1024
# What one client without a creation key may store by sharing (its network: an IPv4 address
# or an IPv6 /64, app/clients.py), over the store's lifetime, since links are never evicted:
# a 64th of the store each, so no one client can fill it (the 65th network's share still
# fits). And how many it may share per hour, refused before its record is checked, which
# bounds the CPU one client spends. A client that sends a valid creation key is counted
# against none of these (its key can be revoked), only against the store's totals; with
# BIGTWO_CREATION=keys, clients without a key together may hold at most half of the store, so
# key holders can always still share.
SHARE_CLIENT_MAX_REPLAYS = MAX_SHARED_REPLAYS // 64
SHARE_CLIENT_MAX_BYTES = MAX_SHARED_REPLAY_BYTES // 64
SHARE_CLIENT_PER_HOUR = 30
SHARE_KEYLESS_DIVISOR = 2  # keyless shares together: 1/2 of the store (keys mode)

# Stored volume (issue 19). Quotas bound what clients may store; each is a default that a
# deployment may change (bigtwo.store.quotas: BIGTWO_QUOTA_<NAME> in the environment). A
# tournament's standings are merged from per-record tallies (bigtwo/league/tally.py) at a
# cost that follows its counted deals, which MAX_DEALS_PER_TOURNAMENT bounds: at this quota a
# recomputation stays well under a second, and it is cached until the tournament changes.
MAX_DEALS_PER_TOURNAMENT = 20_000
MAX_RECORDS_PER_TOURNAMENT = 5_000
MAX_BYTES_PER_TOURNAMENT = 64 * 1024 * 1024  # stored bytes: records, compressed reports, tallies
MAX_TOURNAMENTS = 10_000  # per store
MAX_PROFILES = 10_000  # declared profiles per store (presets do not count)
# Stale reports (another engine version made them) are rechecked by one request at a time,
# which holds a lease in the store for at most this long and rechecks at most this many deals
# (at least one record); the others answer the last known standings with "pending".
STANDINGS_LEASE_SECONDS = 30
STANDINGS_REFRESH_DEALS = 2_000
# Listings: GET /v1/profiles pages (per_page 1 to this); the pages' profile lists offer the
# presets and at most FORM_STORED_PROFILES stored profiles (the newest), and take any id typed in.
MAX_PER_PAGE = 200
DEFAULT_PER_PAGE = 50
FORM_STORED_PROFILES = 20

# Seating draws (POST /v1/draws, bigtwo draw; bigtwo/league/draws.py). The search that lowers
# repeated meetings is bounded by steps, not by the clock, so one seed always gives one draw;
# at these limits a draw takes well under a second (bench/seasons.py).
MAX_DRAW_PLAYERS = 64
MAX_DRAW_ROUNDS = 10
MAX_DRAW_PREVIOUS_TABLES = 1_000  # tables already played that the draw avoids repeating
# Names across those tables: 1,000 tables of the largest table (5 seats). Only pairs of
# players present are counted, but every name given is still read and normalised.
MAX_DRAW_PREVIOUS_NAMES = 5_000
# A season's own draw counts the most recent tables of its nights, up to this many: a
# request with no token then reads at most this many rows (100,000 took 0.9 s of CPU).
MAX_SEASON_DRAW_TABLES = 50_000
DRAW_SEARCH_ITERATIONS = 1_000
DRAW_SEARCH_STALL = 300  # steps without a better draw before the search stops

# Seasons (bigtwo/store/seasons.py, docs/SEASONS.md). Season standings merge every attached
# tournament's tallies once and then keep, per tournament, the rating state after it: adding a
# night rates that night only. Quotas (BIGTWO_QUOTA_SEASONS, ..._TOURNAMENTS_PER_SEASON) bound
# a store's seasons and each season's nights; a season of 52 nights at the tournament quotas
# answers its cached standings in milliseconds and a new night in well under a second.
MAX_SEASONS = 1_000  # per store
MAX_TOURNAMENTS_PER_SEASON = 100  # nights in one season
MAX_SEASON_ALIASES = 500  # names declared to stand for another player, per season
MAX_SEASON_PLACES = 200  # entries of a points-by-place table
# A request that finds the season's standings out of date (a night uploaded to, an alias
# declared) rates nights from the first that changed, at most this many records (one night at
# least, however big): the rest wait for the next request, and meanwhile every request answers
# the last known standings with "pending". One request at a time does it, under a lease in
# the store held at most SEASON_LEASE_SECONDS (taken over when its holder dies).
SEASON_REFRESH_RECORDS = 5_000
SEASON_LEASE_SECONDS = 30

# Dask (`bigtwo validate --workers N`, bigtwo/batch/cluster.py): input bytes per partition.
# 2 MiB is about 1,000 one-deal or 500 two-deal records, a few tenths of a second of checking,
# against about 5 ms of Dask's cost per partition: see docs/SCALING.md ("Block size").
DEFAULT_BLOCK_BYTES = 2 << 20
# A local run (`--workers N`) cuts bigger blocks, at most this: a worker takes fresh memory
# for each block it holds, and bigger ones cost the kernel more (docs/SCALING.md).
MAX_LOCAL_BLOCK_BYTES = 16 << 20
# Workers one block may kill in a local run of forked workers (bigtwo/batch/forks.py) before
# the run fails: a block that crashes every worker (out of memory, a bug) would otherwise be
# given to fresh ones forever. Dask's own default (`allowed-failures`) is the same.
MAX_WORKER_DEATHS_PER_BLOCK = 3

# Live tables (docs/TABLES.md). Open tables (neither over nor abandoned) per creation key, or per
# client (its network, app/clients.py) without one: a table costs a row and a deal's state.
MAX_OPEN_TABLES = 10
# Moves one seat may post per second (refused ones count: judging a move is the cost), as a
# bucket that holds MOVES_BURST and refills at MAX_MOVES_PER_SECOND: a client that sends 20
# posts at once for one turn is answered for each (409, 412 or judged), never 429. A post that
# is not the seat's to make (409 not-your-turn or table-over, 412) is decided before judging
# and takes nothing from the bucket.
MAX_MOVES_PER_SECOND = 10
MOVES_BURST = 20
# An Idempotency-Key's answer is kept at least this long (then purged as new ones are kept).
IDEMPOTENCY_KEEP_SECONDS = 48 * 3600
MAX_IDEMPOTENCY_KEY_LENGTH = 64

# --- live tables: the engine (bigtwo.live) ---
# The work of automatic moves (bots, timeouts) one engine call does before it stops and
# leaves the rest due (the table's deadline is then already past, so the next call, a view or
# the sweeper, goes on). A move costs 1 + (cards its seat holds / 13)^2, rounded down: a bot
# ranks a listing that grows faster than the hand (docs/PERFORMANCE.md: under 1 ms at 13
# cards, up to 90 ms at 54 cards of 4 decks with jokers). 120 is a deal of four bots holding 13
# cards each with room to spare (a demo of one deal is over when its creation answers), and
# at most about 0.3 s of CPU a call at the costliest tables.
LIVE_AUTO_WORK_PER_CALL = 120
LIVE_MAX_DEALS = 100  # a table's `deals` (1 to this)
LIVE_TURN_SECONDS = (5, 3600)  # a table's `clock.turn_seconds`, the least and the most

# Live tables' event streams (app/api/table_events.py, docs/STREAMS.md). Both
# counts are of open streams (SSE and NDJSON long polls alike), across every worker process of
# one server; over either, 429 with Retry-After. BIGTWO_STREAMS_PER_CLIENT and
# BIGTWO_STREAMS_PER_SERVICE change them for a deployment.
MAX_STREAMS_PER_CLIENT = 20
MAX_STREAMS_PER_SERVICE = 500
STREAMS_RETRY_AFTER_SECONDS = 5
MAX_EVENTS_WAIT_SECONDS = 30  # ?wait= of the NDJSON long poll
# Events sent per answer of the long poll (the client asks again from the last id) and per
# read of an SSE stream from the store (the stream reads on at once).
MAX_EVENTS_PER_READ = 500
# A comment line on an idle SSE stream this often keeps proxies from closing it, and finds a
# client that went away.
STREAM_HEARTBEAT_SECONDS = 15
# A stream whose client reads nothing for this long (its socket buffer full) is closed: a
# reader that never reads holds the kernel's buffer and one waiting thread, not more, and
# not for longer.
STREAM_SEND_TIMEOUT_SECONDS = 10
STREAM_SEND_BUFFER_BYTES = 64 * 1024  # the kernel's send buffer of one stream's socket
# Stream threads one gunicorn worker starts at most (app/serving.py); past it a stream
# request is answered on the request threads like any other (and refused there as over the
# service's limit, which is far lower).
MAX_STREAM_THREADS_PER_WORKER = 1_000
# The bell (app/tables_bell.py): how often each worker process looks for changed tables
# and due clocks, and how often for idle tables.
BELL_INTERVAL_SECONDS = 0.2
IDLE_SWEEP_SECONDS = 30
# Without gunicorn (the test client, `flask run`) a bell started by a request stops after this
# long unused; a gunicorn worker's runs as long as the worker.
BELL_LINGER_SECONDS = 60
MAX_TABLES_PER_SWEEP = 100  # due or idle tables one look handles; the rest at the next
# An open table nobody changed for this long is abandoned (as its organiser's DELETE would:
# the finished deals go to a linked tournament); a table with no human seat sooner, since
# nobody is waiting to come back to it.
TABLE_IDLE_SECONDS = 3600
BOTS_ONLY_TABLE_IDLE_SECONDS = 600

# `bigtwo table watch` (bigtwo/cli/table_http.py), the client's side of a table's events. An
# event line longer than the largest event the service sends (a deal_over of 8 hands of 216
# cards is some 20 KB) means the answer is not the service's stream: the command stops there.
CLI_MAX_EVENT_BYTES = 1 << 20
# A stream silent this long is read as dropped and opened again after the last event seen
# (Last-Event-ID): no event lost or repeated. The long poll asks for the API's longest wait.
CLI_STREAM_READ_SECONDS = 60
CLI_POLL_WAIT_SECONDS = MAX_EVENTS_WAIT_SECONDS
