/* The autosave (see kage/savegame.h): PGN with a few Kage tags. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "kage/records/savegame.h"
#include "kage/records/config.h"
#include "kage/records/pgn.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <fcntl.h>
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
    PgnTag kage[6] = {
        {"KageMode", (char *)s->mode},
        {"KageLevel", level},
        {"KageFlip", s->flip ? "1" : "0"},
        {"KageMoves", moves},
        {"KageLoaded", "1"},
        {"KageClock", clock},
    };
    int nkage = 4;
    PgnInfo info = {
        .event = "Kage game in progress",
        .date = date,
        .tc = s->has_clock ? &s->clock.tc : NULL,
    };
    /* a loaded game: its own tags and comments first, then Kage's */
    PgnTag *extra = kage, *kept = NULL;
    const char **comments = NULL;
    if (s->from) {
        int same = 0;
        while (same < s->rec.nmoves && same < s->from->rec.nmoves && s->rec.moves[same] == s->from->rec.moves[same])
            same++;
        extra = kept = pgn_info_keep(&info, s->from, same, s->rec.nmoves, 6, &comments);
        kage[nkage++] = kage[4]; /* KageLoaded */
    }
    if (s->has_clock) {
        clock_save(&s->clock, clock, sizeof clock);
        kage[nkage++] = kage[5];
    }
    if (kept)
        for (int i = 0; i < nkage; i++)
            kept[info.nextra++] = kage[i];
    else
        info.nextra = nkage;
    info.extra = extra;
    char *text = pgn_write(v, &s->rec, &info, err);
    free(kept);
    free(comments);
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
    if (pgn_tag(g, "KageLoaded")) { /* a loaded game's tags and comments, without Kage's own */
        PgnGame *from = xcalloc(1, sizeof *from);
        from->tags = xcalloc((size_t)g->ntags + 1, sizeof *from->tags);
        for (int t = 0; t < g->ntags; t++) {
            if (!strncmp(g->tags[t].name, "Kage", 4)) {
                free(g->tags[t].name);
                free(g->tags[t].value);
            } else
                from->tags[from->ntags++] = g->tags[t];
        }
        g->ntags = 0;
        from->comments = g->comments;
        g->comments = NULL;
        record_init(&from->rec, g->rec.def);
        record_set_start(&from->rec, g->rec.start_fen);
        for (int k = 0; k < g->rec.nmoves; k++)
            record_push(&from->rec, g->rec.moves[k]);
        from->result_tag = g->result_tag;
        from->termination = g->termination;
        from->tc = g->tc;
        s.from = from;
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
    if (s->from) {
        pgn_game_clear(s->from);
        free(s->from);
        s->from = NULL;
    }
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
    bool ok = config_write_own(where, text, strlen(text), err); /* never through a link */
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
    if (!text) /* none; too large to be ours: damaged; else it cannot be read (permissions, a FIFO) */
        return errno == ENOENT ? 0 : errno == EFBIG ? -1 : -2;
    bool ok = savegame_parse(text, len, now, ctx, out, err);
    free(text);
    return ok ? 1 : -1;
}

bool savegame_slot_path(int k, bool create, char *buf, size_t size, KageError *err)
{
    char name[32];
    if (k == 0)
        snprintf(name, sizeof name, "%s", SAVEGAME_FILE);
    else
        snprintf(name, sizeof name, "autosave-%d.pgn", k + 1);
    return config_path(KAGE_DIR_STATE, name, create, buf, size, err);
}

int savegame_hold(const char *path, KageError *err)
{
    char lock[1100];
    snprintf(lock, sizeof lock, "%s.lock", path);
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600); /* a link there: ELOOP, no lock */
    if (fd < 0) {
        kage_error(err, -1, "%s: %s", lock, strerror(errno));
        return -2;
    }
    /* a POSIX record lock: the kernel lets go when the process ends, even by kill -9 */
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_SETLK, &fl) < 0) {
        int e = errno;
        close(fd);
        if (e == EACCES || e == EAGAIN) /* another process holds it */
            return -1;
        kage_error(err, -1, "%s: %s", lock, strerror(e));
        return -2;
    }
    return fd;
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
