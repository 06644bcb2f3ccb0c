/* Chess clocks (see clock.h).  A side's stored state is exact as of the
 * moment its clock last started; everything shown is computed from it and
 * the time source, so nothing needs a timer. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "kage/records/clock.h"
#include "kage/rules/util.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define MAX_TIME_MS ((int64_t)100 * 3600 * 1000) /* 100 hours: more is a typo */
#define MAX_PERIODS 99

int64_t clock_monotonic_ms(void *ctx)
{
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static ClockSide fresh_side(const TimeControl *tc)
{
    ClockSide s = {.left_ms = tc->base_ms, .periods = 0, .byoyomi = false};
    if (tc->kind == CLOCK_BYOYOMI)
        s.periods = tc->periods;
    else if (tc->kind == CLOCK_FISCHER && tc->base_ms == 0)
        s.left_ms = tc->extra_ms; /* as pychess.org: "0+5" starts with one increment */
    return s;
}

void clock_init(Clock *c, const TimeControl *tc, ClockNowFn now, void *ctx)
{
    memset(c, 0, sizeof *c);
    c->tc = *tc;
    c->now = now ? now : clock_monotonic_ms;
    c->now_ctx = now ? ctx : NULL;
    c->side[WHITE] = c->side[BLACK] = fresh_side(tc);
    c->turn = WHITE;
    c->state = CLOCK_STOPPED;
    c->flagged = -1;
}

bool clock_enabled(const Clock *c) { return c->tc.kind != CLOCK_NONE; }

int64_t clock_now_ms(const Clock *c) { return c->now ? c->now(c->now_ctx) : clock_monotonic_ms(NULL); }

/* s after `elapsed` more milliseconds; *out tells whether its time is gone.
 * In byo-yomi a used-up main time or period gives way to the next period. */
static ClockSide charge(const Clock *c, ClockSide s, int64_t elapsed, bool *out)
{
    if (elapsed > 0)
        s.left_ms -= elapsed;
    if (c->tc.kind == CLOCK_BYOYOMI)
        while (s.left_ms <= 0 && s.periods > 0) {
            s.left_ms += c->tc.extra_ms;
            s.periods--;
            s.byoyomi = true;
        }
    *out = c->tc.kind != CLOCK_NONE && s.left_ms <= 0;
    if (s.left_ms < 0)
        s.left_ms = 0;
    return s;
}

/* Charge the running side up to t; true if it has run out (then flagged). */
static bool settle(Clock *c, int64_t t)
{
    bool out = false;
    if (c->state == CLOCK_RUNNING) {
        c->side[c->turn] = charge(c, c->side[c->turn], t - c->started, &out);
        c->started = t;
        if (out) {
            c->flagged = c->turn;
            c->state = CLOCK_STOPPED;
        }
    }
    return out;
}

void clock_start(Clock *c, Color side)
{
    if (c->flagged >= 0)
        return;
    int64_t t = clock_now_ms(c);
    if (settle(c, t))
        return;
    c->turn = side;
    c->state = CLOCK_RUNNING;
    c->started = t;
}

bool clock_press(Clock *c)
{
    if (!clock_enabled(c)) {
        c->turn = !c->turn;
        return true;
    }
    if (c->flagged >= 0)
        return false;
    int64_t t = clock_now_ms(c);
    if (settle(c, t))
        return false;
    ClockSide *s = &c->side[c->turn];
    if (c->tc.kind == CLOCK_FISCHER)
        s->left_ms += c->tc.extra_ms;
    else if (c->tc.kind == CLOCK_BYOYOMI && s->byoyomi)
        s->left_ms = c->tc.extra_ms; /* the period starts afresh */
    c->turn = !c->turn;
    c->state = CLOCK_RUNNING;
    c->started = t;
    return true;
}

void clock_stop(Clock *c)
{
    settle(c, clock_now_ms(c));
    c->state = CLOCK_STOPPED;
}

void clock_pause(Clock *c)
{
    if (c->state == CLOCK_RUNNING && !settle(c, clock_now_ms(c)))
        c->state = CLOCK_PAUSED;
}

void clock_resume(Clock *c)
{
    if (c->state == CLOCK_PAUSED && c->flagged < 0) {
        c->state = CLOCK_RUNNING;
        c->started = clock_now_ms(c);
    }
}

ClockSide clock_side_now(const Clock *c, Color side)
{
    bool out;
    int64_t elapsed = c->state == CLOCK_RUNNING && side == c->turn ? clock_now_ms(c) - c->started : 0;
    return charge(c, c->side[side], elapsed, &out);
}

int clock_check_flag(Clock *c)
{
    if (c->flagged < 0 && clock_enabled(c))
        settle(c, clock_now_ms(c));
    return c->flagged;
}

int64_t clock_ms_to_flag(const Clock *c)
{
    if (c->state != CLOCK_RUNNING || !clock_enabled(c))
        return -1;
    ClockSide s = clock_side_now(c, c->turn);
    int64_t left = s.left_ms;
    if (c->tc.kind == CLOCK_BYOYOMI)
        left += (int64_t)s.periods * c->tc.extra_ms;
    return left > 0 ? left : 0;
}

void clock_format_ms(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    if (ms < 10000) {
        snprintf(buf, size, "0:%02d.%d", (int)(ms / 1000), (int)(ms % 1000 / 100));
        return;
    }
    int64_t secs = ms / 1000;
    if (secs >= 3600)
        snprintf(buf, size, "%d:%02d:%02d", (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60));
    else
        snprintf(buf, size, "%d:%02d", (int)(secs / 60), (int)(secs % 60));
}

void clock_format(const Clock *c, Color side, char *buf, size_t size)
{
    if (!clock_enabled(c)) {
        if (size)
            buf[0] = 0;
        return;
    }
    ClockSide s = clock_side_now(c, side);
    char t[24];
    clock_format_ms(s.left_ms, t, sizeof t);
    if (!s.byoyomi)
        snprintf(buf, size, "%s", t);
    else if (s.periods > 0)
        snprintf(buf, size, "byo-yomi %s (+%d)", t, s.periods);
    else
        snprintf(buf, size, "byo-yomi %s", t);
}

/* --- time-control specs ------------------------------------------------------ */

/* A number with up to three decimals at s[*i], in thousandths. */
/* A number with an optional decimal part, in thousandths: 1 when read, 0
 * when there is none, -1 when it has more digits than any time could need. */
static int read_number(const char *s, int *i, int64_t *milli)
{
    int64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)s[*i])) {
        if (++digits > 9)
            return -1;
        v = v * 10 + (s[(*i)++] - '0');
    }
    v *= 1000;
    if (s[*i] == '.' && isdigit((unsigned char)s[*i + 1])) {
        int64_t scale = 100;
        (*i)++;
        while (isdigit((unsigned char)s[*i])) {
            v += (s[(*i)++] - '0') * scale;
            scale /= 10;
        }
        digits++;
    }
    *milli = v;
    return digits > 0;
}

/* A duration at s[*i]: "1h30m", "90s", "2:30", or a bare number of `unit`s. */
static bool read_duration(const char *s, int *i, int64_t unit, int64_t *ms, KageError *err)
{
    int start = *i;
    int64_t total = 0, v;
    int got = read_number(s, i, &v);
    if (got < 0)
        return kage_error(err, start, "time too long (at most 100 hours)");
    if (!got)
        return kage_error(err, start, "expected a time at \"%.12s\"", s + start);
    int j = *i;
    while (s[j] == ' ')
        j++;
    if (s[j] && strchr("hmsHMS", s[j]))
        *i = j; /* "3 min" */
    if (s[*i] == ':') {
        /* m:ss or h:mm:ss */
        int64_t parts[3] = {v / 1000, 0, 0};
        int n = 1;
        while (s[*i] == ':' && n < 3) {
            (*i)++;
            const char *d = s + *i;
            if (!isdigit((unsigned char)d[0]) || !isdigit((unsigned char)d[1]) || isdigit((unsigned char)d[2]))
                return kage_error(err, *i, "expected two digits after ':'");
            parts[n] = (d[0] - '0') * 10 + (d[1] - '0');
            if (parts[n] > 59)
                return kage_error(err, *i, "%s from 00 to 59 after ':'", n == 1 && s[*i + 2] == ':' ? "minutes" : "seconds");
            n++;
            *i += 2;
        }
        total = n == 2 ? (parts[0] * 60 + parts[1]) * 1000 : ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000;
    } else if (!s[*i] || !strchr("hms", tolower((unsigned char)s[*i]))) {
        total = v * unit / 1000;
    } else {
        for (;;) {
            char u = (char)tolower((unsigned char)s[*i]);
            int64_t mult = u == 'h' ? 3600000 : u == 'm' ? 60000 : u == 's' ? 1000 : 0;
            if (!mult)
                return kage_error(err, *i, "expected h, m or s after the number");
            (*i)++;
            if (u == 'm' && !strncasecmp(s + *i, "in", 2))
                *i += 2; /* "min" */
            else if (u == 's' && !strncasecmp(s + *i, "ec", 2))
                *i += 2; /* "sec" */
            total += v * mult / 1000;
            if (total > MAX_TIME_MS)
                break;
            if (!isdigit((unsigned char)s[*i]))
                break;
            got = read_number(s, i, &v);
            if (got < 0)
                return kage_error(err, start, "time too long (at most 100 hours)");
            if (!got)
                return kage_error(err, *i, "bad number");
        }
    }
    if (total > MAX_TIME_MS)
        return kage_error(err, start, "time too long (at most 100 hours)");
    *ms = total;
    return true;
}

static int skip_blanks(const char *s, int i)
{
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    return i;
}

bool clock_tc_parse(const char *spec, TimeControl *out, KageError *err)
{
    static const char *const byo_words[] = {"byo-yomi", "byoyomi", "byo", "(b)"};
    TimeControl tc = {.kind = CLOCK_SUDDEN_DEATH, .periods = 0};
    int i = skip_blanks(spec, 0);
    size_t rest = strlen(spec + i);
    while (rest && isspace((unsigned char)spec[i + rest - 1]))
        rest--;
    if (!rest)
        return kage_error(err, 0, "empty time control: write none, 5, 5+3 or 10+30 byo");
    if ((rest == 4 && !strncasecmp(spec + i, "none", 4)) || (rest == 1 && spec[i] == '-') ||
        (rest == 3 && !strncasecmp(spec + i, "off", 3))) {
        *out = (TimeControl){.kind = CLOCK_NONE};
        return true;
    }
    bool plus = false, byo = false;
    int periods = 0, periods_at = -1;
    if (!read_duration(spec, &i, 60000, &tc.base_ms, err))
        return false;
    i = skip_blanks(spec, i);
    if (spec[i] == '+') {
        plus = true;
        i = skip_blanks(spec, i + 1);
        if (!read_duration(spec, &i, 1000, &tc.extra_ms, err))
            return false;
        if (spec[i] == 'x' || spec[i] == 'X' || spec[i] == '*') {
            periods_at = i++;
            if (!isdigit((unsigned char)spec[i]))
                return kage_error(err, i, "expected the number of byo-yomi periods after '%c'", spec[i - 1]);
            while (isdigit((unsigned char)spec[i]) && periods <= MAX_PERIODS)
                periods = periods * 10 + (spec[i++] - '0');
            if (periods < 1 || periods > MAX_PERIODS)
                return kage_error(err, periods_at, "byo-yomi periods must be from 1 to %d", MAX_PERIODS);
        }
    }
    i = skip_blanks(spec, i);
    for (int k = 0; k < 4 && !byo; k++) {
        size_t n = strlen(byo_words[k]);
        if (!strncasecmp(spec + i, byo_words[k], n)) {
            byo = true;
            i = skip_blanks(spec, i + (int)n);
        }
    }
    while (isspace((unsigned char)spec[i]))
        i++;
    if (spec[i])
        return kage_error(err, i, "unexpected \"%.12s\" in the time control (try 5+3 or 10+30 byo)", spec + i);
    if (byo) {
        if (!plus || tc.extra_ms <= 0)
            return kage_error(err, i, "byo-yomi needs a period: write e.g. 10+30 byo");
        tc.kind = CLOCK_BYOYOMI;
        tc.periods = periods ? periods : 1;
    } else {
        if (periods_at >= 0)
            return kage_error(err, periods_at, "periods are for byo-yomi: add \"byo\" (10+30x3 byo)");
        if (tc.extra_ms > 0)
            tc.kind = CLOCK_FISCHER;
        else if (tc.base_ms <= 0)
            return kage_error(err, 0, "no time at all: write none for no clock");
    }
    *out = tc;
    return true;
}

/* ms as a bare number of `unit` if it divides evenly, else in seconds with
 * up to three decimals and `suffix` ("s" where a bare number means minutes). */
static int format_duration(int64_t ms, int64_t unit, const char *suffix, char *buf, size_t size)
{
    if (ms % unit == 0)
        return snprintf(buf, size, "%" PRId64, ms / unit);
    if (ms % 1000 == 0)
        return snprintf(buf, size, "%" PRId64 "%s", ms / 1000, suffix);
    char frac[8];
    snprintf(frac, sizeof frac, "%03d", (int)(ms % 1000));
    for (int k = 2; k > 0 && frac[k] == '0'; k--)
        frac[k] = 0;
    return snprintf(buf, size, "%" PRId64 ".%s%s", ms / 1000, frac, suffix);
}

void clock_tc_format(const TimeControl *tc, char *buf, size_t size)
{
    char main[32], extra[32];
    if (tc->kind == CLOCK_NONE) {
        snprintf(buf, size, "none");
        return;
    }
    format_duration(tc->base_ms, 60000, "s", main, sizeof main);
    format_duration(tc->extra_ms, 1000, "", extra, sizeof extra);
    if (tc->kind == CLOCK_SUDDEN_DEATH)
        snprintf(buf, size, "%s", main);
    else if (tc->kind == CLOCK_FISCHER)
        snprintf(buf, size, "%s+%s", main, extra);
    else if (tc->periods > 1)
        snprintf(buf, size, "%s+%sx%d byo", main, extra, tc->periods);
    else
        snprintf(buf, size, "%s+%s byo", main, extra);
}

void clock_tc_pgn(const TimeControl *tc, char *buf, size_t size)
{
    if (tc->kind == CLOCK_NONE)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%" PRId64 "+%" PRId64, tc->base_ms / 1000,
                 tc->kind == CLOCK_SUDDEN_DEATH ? (int64_t)0 : tc->extra_ms / 1000);
}

bool clock_tc_from_pgn(const char *value, int byo_periods, TimeControl *out)
{
    if (!*value || !strcmp(value, "-") || !strcmp(value, "?")) {
        *out = (TimeControl){.kind = CLOCK_NONE};
        return true;
    }
    long long base = 0, extra = 0;
    int n = 0;
    if (sscanf(value, "%9lld%n", &base, &n) != 1 || base < 0)
        return false;
    if (value[n] == '+') {
        int m = 0;
        if (!isdigit((unsigned char)value[n + 1]) || sscanf(value + n + 1, "%9lld%n", &extra, &m) != 1)
            return false;
        n += 1 + m;
    }
    if (value[n] || base * 1000 > MAX_TIME_MS || extra * 1000 > MAX_TIME_MS)
        return false;
    TimeControl tc = {.kind = CLOCK_SUDDEN_DEATH, .base_ms = base * 1000, .extra_ms = extra * 1000};
    if (byo_periods > 0 && extra > 0) {
        tc.kind = CLOCK_BYOYOMI;
        tc.periods = byo_periods > MAX_PERIODS ? MAX_PERIODS : byo_periods;
    } else if (extra > 0)
        tc.kind = CLOCK_FISCHER;
    else if (base == 0)
        tc.kind = CLOCK_NONE;
    *out = tc;
    return true;
}

/* --- saving ------------------------------------------------------------------- */

static const char *const color_word[2] = {"white", "black"};
static const char *const state_word[3] = {"stopped", "running", "paused"};

void clock_save(const Clock *c, char *buf, size_t size)
{
    char spec[64];
    clock_tc_format(&c->tc, spec, sizeof spec);
    ClockSide s[2] = {clock_side_now(c, WHITE), clock_side_now(c, BLACK)};
    int state = c->state == CLOCK_RUNNING ? CLOCK_PAUSED : c->state;
    int n = snprintf(buf, size, "%s; white %" PRId64 " %d %s; black %" PRId64 " %d %s; turn %s; %s", spec,
                     s[0].left_ms, s[0].periods, s[0].byoyomi ? "byo" : "main", s[1].left_ms, s[1].periods,
                     s[1].byoyomi ? "byo" : "main", color_word[c->turn], state_word[state]);
    if (c->flagged >= 0 && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "; flagged %s", color_word[c->flagged]);
}

static int word_index(const char *w, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(w, words[i]))
            return i;
    return -1;
}

/* One side's saved state: "<ms> <periods> main|byo". */
static bool read_side(const char *text, const TimeControl *tc, ClockSide *s)
{
    long long ms;
    int periods, n = 0;
    char mode[8];
    if (sscanf(text, "%lld %d %7s%n", &ms, &periods, mode, &n) != 3 || text[n])
        return false;
    if (ms < 0 || ms > MAX_TIME_MS || periods < 0 || periods > tc->periods)
        return false;
    s->left_ms = ms;
    s->periods = periods;
    if (!strcmp(mode, "byo") && tc->kind == CLOCK_BYOYOMI)
        s->byoyomi = true;
    else if (!strcmp(mode, "main"))
        s->byoyomi = false;
    else
        return false;
    return true;
}

bool clock_restore(Clock *c, const char *text, ClockNowFn now, void *ctx, KageError *err)
{
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return kage_error(err, 0, "clock text too long");
    strcpy(buf, text);
    Clock tmp;
    TimeControl tc;
    char *save = NULL, *item = strtok_r(buf, ";", &save);
    if (!item || !clock_tc_parse(item, &tc, err))
        return item ? false : kage_error(err, 0, "empty clock text");
    clock_init(&tmp, &tc, now, ctx);
    bool seen[2] = {false, false};
    for (item = strtok_r(NULL, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        while (*item == ' ')
            item++;
        size_t len = strlen(item);
        while (len && item[len - 1] == ' ')
            item[--len] = 0;
        int k;
        if (!strncmp(item, "white ", 6) || !strncmp(item, "black ", 6)) {
            k = item[0] == 'b';
            if (!read_side(item + 6, &tc, &tmp.side[k]))
                return kage_error(err, -1, "bad clock state for %s: \"%s\"", color_word[k], item + 6);
            seen[k] = true;
        } else if (!strncmp(item, "turn ", 5) && (k = word_index(item + 5, color_word, 2)) >= 0) {
            tmp.turn = k;
        } else if (!strncmp(item, "flagged ", 8) && (k = word_index(item + 8, color_word, 2)) >= 0) {
            tmp.flagged = k;
        } else if ((k = word_index(item, state_word, 3)) >= 0) {
            tmp.state = k == CLOCK_RUNNING ? CLOCK_PAUSED : (ClockState)k;
        } else
            return kage_error(err, -1, "unknown clock item \"%.40s\"", item);
    }
    if (tc.kind != CLOCK_NONE && (!seen[0] || !seen[1]))
        return kage_error(err, -1, "clock text lacks the time of %s", color_word[seen[0]]);
    if (tmp.flagged >= 0)
        tmp.state = CLOCK_STOPPED;
    *c = tmp;
    return true;
}
