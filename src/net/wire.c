/* The wire protocol's lines and values (see wire.h): every verb of each
 * direction is a row of a table with the number of words it takes, so that
 * a line is checked once, here, before anything acts on it. */
#include "kage/net/wire.h"

#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct NetVerb {
    const char *verb;
    int min, max; /* words after the verb */
    bool text;    /* free text may follow the words */
} NetVerb;

/* What a client may say (docs/PROTOCOL.md says what each does). */
static const NetVerb to_server[] = {
    {"hello", 1, 2, false},     /* VERSION [NAME] */
    {"lobby", 1, 1, false},     /* on|off */
    {"challenge", 3, 5, false}, /* VARIANT TC COLOUR [NAME|-] [rated|casual] */
    {"cancel", 1, 1, false},    /* CID */
    {"accept", 1, 1, false},    /* CID */
    {"decline", 1, 1, false},   /* CID */
    {"move", 3, 3, false},      /* GID PLY MOVE */
    {"resign", 1, 1, false},    /* GID */
    {"abort", 1, 1, false},     /* GID */
    {"draw", 2, 2, false},      /* GID offer|accept|decline */
    {"watch", 1, 1, false},     /* GID */
    {"leave", 1, 1, false},     /* GID */
    {"sync", 1, 1, false},      /* GID */
    {"history", 0, 1, false},   /* [NAME] */
    {"record", 1, 1, false},    /* GID */
    {"ratings", 1, 1, false},   /* VARIANT */
    {"say", 1, 1, true},        /* lobby|GID text */
    {"mute", 1, 1, false},      /* NAME */
    {"unmute", 1, 1, false},    /* NAME */
    {"ping", 0, 1, false},      /* [TOKEN] */
    {"quit", 0, 0, false},
};

/* What the server says. */
static const NetVerb to_client[] = {
    {"welcome", 2, 2, false},   /* NAME VERSION */
    {"error", 1, 1, true},      /* CODE text */
    {"notice", 0, 0, true},     /* text */
    {"bye", 0, 0, true},        /* text */
    {"ok", 1, 2, false},        /* VERB [ID] */
    {"pong", 0, 1, false},      /* [TOKEN] */
    {"lobby-begin", 0, 0, false},
    {"lobby-end", 0, 0, false},
    {"player", 2, 3, false},    /* NAME online|offline [playing|watching] */
    {"challenge", 5, 7, false}, /* CID NAME VARIANT TC COLOUR [FOR|-] [rated] */
    {"withdrawn", 1, 2, false}, /* CID [declined] */
    {"live", 6, 6, false},      /* GID VARIANT TC WHITE BLACK PLIES */
    {"over", 3, 3, false},      /* GID RESULT REASON */
    {"game", 7, 8, false},      /* GID VARIANT TC WHITE BLACK ROLE STARTED [rated] */
    {"rating", 5, 5, false},    /* NAME VARIANT RATING RD GAMES */
    {"said", 2, 2, true},       /* lobby|GID NAME text */
    {"top", 6, 6, false},       /* VARIANT RANK NAME RATING RD GAMES */
    {"top-end", 1, 1, false},   /* VARIANT */
    {"moves", 2, 2 + NET_MOVES_PER_LINE, false}, /* GID FROM MOVE... */
    {"state", 9, 9, false},     /* GID PLIES WCLOCK BCLOCK RUN WCONN BCONN DRAW STALLED */
    {"move", 6, 6, false},      /* GID PLY MOVE WCLOCK BCLOCK RUN */
    {"conn", 3, 4, false},      /* GID COLOUR 0|1 [SECONDS] */
    {"watchers", 2, 2 + 16, false}, /* GID N NAME... */
    {"draw", 2, 2, false},      /* GID white|black|none */
    {"end", 3, 3, false},       /* GID RESULT REASON */
    {"stalled", 2, 2, true},    /* GID 0|1 [text] */
    {"past", 9, 9, false},      /* GID VARIANT TC WHITE BLACK RESULT REASON ENDED PLIES */
    {"past-end", 0, 0, false},
    {"record", 9, 9, false},    /* GID VARIANT TC WHITE BLACK RESULT REASON STARTED ENDED */
    {"record-end", 1, 1, false}, /* GID */
    {"clocks", 2, 2 + NET_MOVES_PER_LINE, false}, /* GID FROM CLOCK...: the mover's clock after each move */
};

static const NetVerb *verb_find(NetDir dir, const char *verb)
{
    const NetVerb *t = dir == NET_TO_SERVER ? to_server : to_client;
    int n = dir == NET_TO_SERVER ? N_ELEMS(to_server) : N_ELEMS(to_client);
    for (int i = 0; i < n; i++)
        if (!strcmp(t[i].verb, verb))
            return &t[i];
    return NULL;
}

bool net_parse(const char *line, size_t len, NetDir dir, NetMsg *out, KageError *err)
{
    size_t max = dir == NET_TO_SERVER ? NET_LINE_MAX : NET_SERVER_LINE_MAX;
    if (len > max)
        return kage_error(err, (int)max, "the line is too long (%zu bytes; at most %zu)", len, max);
    if (len == 0)
        return kage_error(err, 0, "an empty line");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c < 0x20 || c > 0x7e)
            return kage_error(err, (int)i, "byte 0x%02x at column %zu: only printable ASCII is allowed", c, i + 1);
    }
    memcpy(out->buf, line, len);
    out->buf[len] = 0;
    out->nargs = 0;
    out->text = NULL;
    char *p = out->buf;
    if (*p == ' ')
        return kage_error(err, 0, "a blank at the start of the line");
    char *end = strchr(p, ' ');
    if (end)
        *end = 0;
    out->verb = p;
    const NetVerb *v = verb_find(dir, p);
    if (!v)
        return kage_error(err, 0, "unknown message '%.40s'", p);
    int col = end ? (int)(end - out->buf) + 1 : (int)len;
    p = end ? end + 1 : NULL;
    while (p) {
        if (out->nargs == v->max && v->text) { /* the rest is free text, blanks and all */
            out->text = p;
            break;
        }
        if (*p == ' ' || *p == 0)
            return kage_error(err, col, *p ? "two blanks in a row" : "a blank at the end of the line");
        if (out->nargs == v->max)
            return kage_error(err, col, "'%s' takes at most %d word%s after it", v->verb, v->max, v->max == 1 ? "" : "s");
        end = strchr(p, ' ');
        if (end)
            *end = 0;
        out->arg[out->nargs++] = p;
        col += (int)strlen(p) + 1;
        p = end ? end + 1 : NULL;
    }
    if (out->nargs < v->min)
        return kage_error(err, (int)len, "'%s' needs %d word%s after it, not %d", v->verb, v->min,
                          v->min == 1 ? "" : "s", out->nargs);
    return true;
}

bool net_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > NET_NAME_MAX)
        return false;
    if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
        return false;
    return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

void net_name_fold(const char *name, char *buf, size_t size)
{
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < size; p++)
        if (*p != '.' && *p != '_' && *p != '-')
            buf[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    if (size)
        buf[n] = 0;
}

bool net_name_reserved(const char *name)
{
    return (name[0] == 'u' || name[0] == 'U') && (name[1] == 'i' || name[1] == 'I') &&
           (name[2] == 'd' || name[2] == 'D') && name[3] && strspn(name + 3, "0123456789") == strlen(name + 3);
}

bool net_int_parse(const char *s, int64_t min, int64_t max, int64_t *out)
{
    size_t n = strlen(s);
    bool neg = s[0] == '-';
    if (n == 0 || n > (size_t)18 + neg || strspn(s + neg, "0123456789") != n - (size_t)neg || n == (size_t)neg)
        return false;
    if (n - (size_t)neg > 1 && s[neg] == '0')
        return false; /* no leading zeros: one spelling for each number */
    int64_t v = strtoll(s, NULL, 10);
    if (v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool net_id_parse(const char *s, int64_t *out) { return net_int_parse(s, 1, 1000000000000000LL, out); }

/* --- time controls --------------------------------------------------------------- */

void net_tc_format(const TimeControl *tc, char *buf, size_t size)
{
    clock_tc_format(tc, buf, size);
    for (char *p = buf; *p; p++)
        if (*p == ' ')
            *p = '-';
}

bool net_tc_parse(const char *s, TimeControl *out, KageError *err)
{
    char spec[NET_TC_MAX];
    if (strlen(s) >= sizeof spec)
        return kage_error(err, -1, "the time control '%.40s' is too long", s);
    if (!strcmp(s, "-"))
        return kage_error(err, 0, "write 'none' for no clock");
    snprintf(spec, sizeof spec, "%s", s);
    for (char *p = spec; *p; p++)
        if (*p == '-')
            *p = ' ';
    TimeControl tc;
    if (!clock_tc_parse(spec, &tc, err))
        return false;
    if (tc.kind != CLOCK_NONE) {
        if (tc.base_ms > 3 * 3600 * 1000LL)
            return kage_error(err, -1, "at most 3 hours of main time");
        if (tc.extra_ms > 600 * 1000LL)
            return kage_error(err, -1, "at most 10 minutes of increment or period");
        if (tc.kind == CLOCK_BYOYOMI && tc.periods > 10)
            return kage_error(err, -1, "at most 10 byo-yomi periods");
        if (tc.base_ms == 0 && tc.extra_ms == 0)
            return kage_error(err, -1, "a clock with no time at all");
    }
    *out = tc;
    return true;
}

/* --- colours, clocks, results ------------------------------------------------------ */

const char *net_colour_name(Color c) { return c == WHITE ? "white" : "black"; }

bool net_colour_parse(const char *s, bool random_ok, int *out)
{
    if (!strcmp(s, "white"))
        *out = WHITE;
    else if (!strcmp(s, "black"))
        *out = BLACK;
    else if (random_ok && !strcmp(s, "random"))
        *out = -1;
    else
        return false;
    return true;
}

void net_clock_format(const ClockSide *s, char *buf, size_t size)
{
    snprintf(buf, size, "%lld:%d:%d", (long long)(s->left_ms > 0 ? s->left_ms : 0), s->periods, s->byoyomi ? 1 : 0);
}

bool net_clock_parse(const char *s, ClockSide *out)
{
    char a[24], b[8], c[4];
    const char *p1 = strchr(s, ':'), *p2 = p1 ? strchr(p1 + 1, ':') : NULL;
    if (!p1 || !p2 || (size_t)(p1 - s) >= sizeof a || (size_t)(p2 - p1 - 1) >= sizeof b || strlen(p2 + 1) >= sizeof c)
        return false;
    snprintf(a, sizeof a, "%.*s", (int)(p1 - s), s);
    snprintf(b, sizeof b, "%.*s", (int)(p2 - p1 - 1), p1 + 1);
    snprintf(c, sizeof c, "%s", p2 + 1);
    int64_t left, periods, byo;
    if (!net_int_parse(a, 0, 100LL * 3600 * 1000, &left) || !net_int_parse(b, 0, 10, &periods) ||
        !net_int_parse(c, 0, 1, &byo))
        return false;
    *out = (ClockSide){.left_ms = left, .periods = (int)periods, .byoyomi = byo == 1};
    return true;
}

static const char *const reason_names[] = {
    [END_NONE] = "none",
    [END_CHECKMATE] = "checkmate",
    [END_STALEMATE] = "stalemate",
    [END_CAMPMATE] = "campmate",
    [END_KING_CAPTURED] = "king-captured",
    [END_NO_MOVES] = "no-moves",
    [END_REPETITION] = "repetition",
    [END_PERPETUAL_CHECK] = "perpetual-check",
    [END_PERPETUAL_CHASE] = "perpetual-chase",
    [END_REPEATER_LOSES] = "repeater-loses",
    [END_FIFTY_MOVES] = "fifty-moves",
    [END_RESIGNATION] = "resignation",
    [END_AGREED_DRAW] = "agreed-draw",
    [END_TIME] = "time",
    [END_ABANDONED] = "abandoned",
    [END_ABORTED] = "aborted",
};

const char *net_reason_name(EndReason r)
{
    return (unsigned)r < sizeof reason_names / sizeof reason_names[0] ? reason_names[r] : "none";
}

bool net_result_parse(const char *result, const char *reason, GameResult *out)
{
    GameResult r = {OUTCOME_NONE, END_NONE};
    if (!strcmp(result, "1-0"))
        r.outcome = OUTCOME_WHITE_WINS;
    else if (!strcmp(result, "0-1"))
        r.outcome = OUTCOME_BLACK_WINS;
    else if (!strcmp(result, "1/2-1/2"))
        r.outcome = OUTCOME_DRAW;
    else if (strcmp(result, "*"))
        return false;
    int k = -1;
    for (int i = 0; i < (int)(sizeof reason_names / sizeof reason_names[0]); i++)
        if (!strcmp(reason, reason_names[i]))
            k = i;
    /* a result and its reason: none and "*" go together, and "aborted" has no result */
    if (k < 0 || (k == END_NONE || k == END_ABORTED) != (r.outcome == OUTCOME_NONE))
        return false;
    r.reason = (EndReason)k;
    *out = r;
    return true;
}
