/* The autosave (see kage/savegame.h): PGN with a few Kage tags. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "kage/records/savegame.h"
#include "kage/records/config.h"
#include "kage/records/pgn.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

char *savegame_format(const SaveGame *s, const Variant *v, KageError *err)
{
    Variant *own = NULL;
    if (!v && !(v = own = variant_new(s->rec.def, err)))
        return NULL;
    char level[16], moves[16], clock[256], date[16];
    snprintf(level, sizeof level, "%d", s->level);
    snprintf(moves, sizeof moves, "%d", s->rec.nmoves);
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    else
        snprintf(date, sizeof date, "????.??.??");
    PgnTag extra[5] = {
        {"KageMode", (char *)s->mode},
        {"KageLevel", level},
        {"KageFlip", s->flip ? "1" : "0"},
        {"KageMoves", moves},
        {"KageClock", clock},
    };
    int nextra = 4;
    if (s->has_clock) {
        clock_save(&s->clock, clock, sizeof clock);
        nextra = 5;
    }
    PgnInfo info = {
        .event = "Kage game in progress",
        .date = date,
        .tc = s->has_clock ? &s->clock.tc : NULL,
        .extra = extra,
        .nextra = nextra,
    };
    char *text = pgn_write(v, &s->rec, &info, err);
    if (own)
        variant_free(own);
    return text;
}

bool savegame_parse(const char *text, size_t len, ClockNowFn now, void *ctx, SaveGame *out, KageError *err)
{
    PgnGames games;
    KageError perr;
    if (!pgn_read(text, len, NULL, &games, &perr))
        return kage_error(err, -1, "the autosave is damaged: %s", perr.msg);
    PgnGame *g = &games.games[0];
    SaveGame s = {.level = 4};
    const char *mode = pgn_tag(g, "KageMode"), *level = pgn_tag(g, "KageLevel"), *flip = pgn_tag(g, "KageFlip");
    const char *nmoves = pgn_tag(g, "KageMoves"), *clock = pgn_tag(g, "KageClock");
    char *end;
    bool ok = false;
    if (games.count != 1) {
        kage_error(err, -1, "the autosave is damaged: it holds %d games", games.count);
        goto done;
    }
    if (!nmoves || strtol(nmoves, &end, 10) != g->rec.nmoves || *end) {
        kage_error(err, -1, "the autosave is damaged: it should hold %s moves but holds %d", nmoves ? nmoves : "?",
                   g->rec.nmoves);
        goto done;
    }
    if (!mode || strlen(mode) >= sizeof s.mode) {
        kage_error(err, -1, "the autosave is damaged: no [KageMode] tag");
        goto done;
    }
    snprintf(s.mode, sizeof s.mode, "%s", mode);
    if (level) {
        long n = strtol(level, &end, 10);
        if (*end || n < 1 || n > 10) {
            kage_error(err, -1, "the autosave is damaged: bad level \"%.20s\"", level);
            goto done;
        }
        s.level = (int)n;
    }
    s.flip = flip && !strcmp(flip, "1");
    if (clock) {
        KageError cerr;
        if (!clock_restore(&s.clock, clock, now, ctx, &cerr)) {
            kage_error(err, -1, "the autosave is damaged: bad clock: %s", cerr.msg);
            goto done;
        }
        s.has_clock = true;
    }
    s.rec = g->rec; /* now owned by s */
    record_init(&g->rec, s.rec.def);
    *out = s;
    ok = true;
done:
    pgn_games_free(&games);
    return ok;
}

void savegame_free(SaveGame *s)
{
    record_clear(&s->rec);
}

static bool default_path(const char *path, bool create, char *buf, size_t size, KageError *err)
{
    if (path) {
        snprintf(buf, size, "%s", path);
        return true;
    }
    return config_path(KAGE_DIR_STATE, SAVEGAME_FILE, create, buf, size, err);
}

bool savegame_write(const SaveGame *s, const Variant *v, const char *path, KageError *err)
{
    char where[1024];
    if (!default_path(path, true, where, sizeof where, err))
        return false;
    char *text = savegame_format(s, v, err);
    if (!text)
        return false;
    bool ok = config_write_atomic(where, text, strlen(text), err);
    free(text);
    return ok;
}

int savegame_load(const char *path, ClockNowFn now, void *ctx, SaveGame *out, KageError *err)
{
    char where[1024];
    if (!default_path(path, false, where, sizeof where, err))
        return 0;
    size_t len;
    char *text = config_read_file(where, &len, err);
    if (!text)
        return errno == ENOENT ? 0 : -1;
    bool ok = savegame_parse(text, len, now, ctx, out, err);
    free(text);
    return ok ? 1 : -1;
}

bool savegame_remove(const char *path, KageError *err)
{
    char where[1024];
    if (!default_path(path, false, where, sizeof where, err))
        return true;
    if (unlink(where) && errno != ENOENT)
        return kage_error(err, -1, "cannot remove %s: %s", where, strerror(errno));
    return true;
}
