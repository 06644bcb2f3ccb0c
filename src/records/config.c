/* Kage's files and its config file (see kage/config.h). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* realpath */
#endif
#include "kage/records/config.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILE_SIZE (16u << 20) /* larger is not a file of ours */

/* --- where files live ---------------------------------------------------------------- */

static const struct {
    const char *env, *fallback;
} xdg[] = {
    [KAGE_DIR_CONFIG] = {"XDG_CONFIG_HOME", ".config"},
    [KAGE_DIR_DATA] = {"XDG_DATA_HOME", ".local/share"},
    [KAGE_DIR_STATE] = {"XDG_STATE_HOME", ".local/state"},
};

/* mkdir -p with mode 0700 for every directory it makes. */
static bool make_dirs(char *path, KageError *err)
{
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = 0;
        int rc = mkdir(path, 0700);
        int e = errno;
        struct stat st;
        if (rc && e != EEXIST) {
            kage_error(err, -1, "cannot create %s: %s", path, strerror(e));
            *p = c;
            return false;
        }
        if (rc && (stat(path, &st) || !S_ISDIR(st.st_mode))) {
            kage_error(err, -1, "%s exists and is not a directory", path);
            *p = c;
            return false;
        }
        *p = c;
        if (!c)
            return true;
    }
}

bool config_dir(KageDir kind, bool create, char *buf, size_t size, KageError *err)
{
    const char *base = getenv(xdg[kind].env), *home = getenv("HOME");
    int n;
    if (base && base[0] == '/')
        n = snprintf(buf, size, "%s/kage", base);
    else if (home && home[0] == '/')
        n = snprintf(buf, size, "%s/%s/kage", home, xdg[kind].fallback);
    else
        return kage_error(err, -1, "neither %s nor HOME is set to an absolute path", xdg[kind].env);
    if (n < 0 || (size_t)n >= size)
        return kage_error(err, -1, "the path of Kage's %s directory is too long", xdg[kind].env);
    return !create || make_dirs(buf, err);
}

bool config_path(KageDir kind, const char *name, bool create, char *buf, size_t size, KageError *err)
{
    if (!config_dir(kind, create, buf, size, err))
        return false;
    size_t n = strlen(buf);
    if (n + 1 + strlen(name) >= size)
        return kage_error(err, -1, "the path of %s is too long", name);
    snprintf(buf + n, size - n, "/%s", name);
    return true;
}

/* --- reading and writing whole files ------------------------------------------------------ */

/* What a file that is not a regular one is, for messages. */
static const char *special_kind(mode_t mode)
{
    return S_ISDIR(mode)                      ? "a directory"
           : S_ISFIFO(mode)                   ? "a pipe"
           : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
                                              : "a socket or other special file";
}

/* config_write_atomic (follow) and config_write_own (not follow). */
static bool write_atomic(const char *path, const char *data, size_t len, bool follow, KageError *err)
{
    /* a rename would put a file in place of a device (as root, /dev/null):
     * it is not replaced.  A link is followed (the file it names is
     * replaced, the link stays) where the caller asks, else replaced
     * itself: rename never follows one. */
    struct stat st;
    char *real = NULL;
    if ((follow ? stat(path, &st) : lstat(path, &st)) == 0) {
        if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
            return kage_error(err, -1, "%s: not a regular file (%s): not written over", path,
                              special_kind(st.st_mode));
        if (follow && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && (real = realpath(path, NULL)))
            path = real;
    }
    size_t plen = strlen(path);
    char *tmp = xmalloc(plen + 16), *dir = xstrdup(path);
    snprintf(tmp, plen + 16, "%s.tmp-XXXXXX", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash == dir ? (void)(slash[1] = 0) : (void)(*slash = 0);
    else
        strcpy(dir, ".");
    bool ok = false;
    /* mode 0600 (our files are private), a name no one can guess, and
     * O_CREAT | O_EXCL: a file or a link already there is never opened */
    int fd = mkstemp(tmp);
    if (fd < 0) {
        kage_error(err, -1, "cannot write in %s: %s", dir, strerror(errno));
        goto done;
    }
    for (size_t off = 0; off < len;) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            kage_error(err, -1, "cannot write %s: %s", tmp, strerror(errno));
            close(fd);
            unlink(tmp);
            goto done;
        }
        off += (size_t)w;
    }
    if (fsync(fd) || close(fd)) {
        kage_error(err, -1, "cannot write %s: %s", tmp, strerror(errno));
        unlink(tmp);
        goto done;
    }
    if (rename(tmp, path)) {
        kage_error(err, -1, "cannot replace %s: %s", path, strerror(errno));
        unlink(tmp);
        goto done;
    }
    /* the rename itself must reach the disk */
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    ok = true;
done:
    free(tmp);
    free(dir);
    free(real);
    return ok;
}

bool config_write_atomic(const char *path, const char *data, size_t len, KageError *err)
{
    return write_atomic(path, data, len, true, err);
}

bool config_write_own(const char *path, const char *data, size_t len, KageError *err)
{
    return write_atomic(path, data, len, false, err);
}

char *config_read_file(const char *path, size_t *len, KageError *err)
{
    /* opened without blocking, so that a FIFO or a device cannot hold the
     * program up; only a regular file is read */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        kage_error(err, -1, "%s: %s", path, strerror(e));
        errno = e;
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        kage_error(err, -1, "%s: not a regular file (%s)", path, special_kind(st.st_mode));
        errno = EINVAL;
        return NULL;
    }
    if ((size_t)st.st_size >= MAX_FILE_SIZE) {
        close(fd);
        kage_error(err, -1, "%s: too large (%lld bytes; a file of Kage's is under %u MB)", path,
                   (long long)st.st_size, MAX_FILE_SIZE >> 20);
        errno = EFBIG;
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        kage_error(err, -1, "%s: %s", path, strerror(e));
        errno = e;
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= MAX_FILE_SIZE) {
                fclose(f);
                free(buf);
                kage_error(err, -1, "%s: too large", path);
                errno = EFBIG;
                return NULL;
            }
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (!got)
            break;
    }
    int bad = ferror(f), e = errno;
    fclose(f);
    if (bad) {
        free(buf);
        kage_error(err, -1, "%s: %s", path, strerror(e));
        errno = e;
        return NULL;
    }
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

/* --- the config file ------------------------------------------------------------------- */

void config_defaults(KageConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    snprintf(cfg->variant, sizeof cfg->variant, "shinobiplus");
    snprintf(cfg->mode, sizeof cfg->mode, "play-first");
    cfg->level = 4;
    snprintf(cfg->glyphs, sizeof cfg->glyphs, "auto");
    cfg->mouse = true;
    cfg->clock.kind = CLOCK_NONE;
    snprintf(cfg->color, sizeof cfg->color, "auto");
}

static void diag(ConfigDiags *d, const char *file, int line, const char *fmt, ...)
{
    if (!d)
        return;
    if (d->count == CONFIG_MAX_DIAGS) {
        d->dropped++;
        return;
    }
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(d->msg[d->count++], sizeof d->msg[0], "%.200s:%d: %s", file, line, why);
}

/* The index of value among names (NULL-terminated), or -1. */
static int choice(const char *value, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (!strcasecmp(value, names[i]))
            return i;
    return -1;
}

static void list_names(char *buf, size_t size, const char *const *names)
{
    buf[0] = 0;
    for (int i = 0; names[i]; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? ", " : "", names[i]);
}

static int parse_bool(const char *v)
{
    static const char *const yes[] = {"yes", "true", "on", "1", NULL}, *const no[] = {"no", "false", "off", "0", NULL};
    return choice(v, yes) >= 0 ? 1 : choice(v, no) >= 0 ? 0 : -1;
}

/* Apply one key; false with the reason in why. */
static bool apply(KageConfig *cfg, const char *key, const char *value, char *why, size_t size)
{
    static const char *const modes[] = {"play-first", "play-second", "hotseat", "watch", "ai-black", "ai-white", NULL};
    static const char *const glyphs[] = {"auto", "unicode", "letters", "kanji", NULL};
    static const char *const colors[] = {"auto", "never", "always", NULL};
    char names[160];
    int k;
    if (!strcmp(key, "variant")) {
        const VariantDef *def = variant_find(value);
        if (!def) {
            names[0] = 0;
            for (int i = 0; variant_defs[i]; i++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                         variant_defs[i]->id);
            snprintf(why, size, "unknown variant '%.40s' (choose %s)", value, names);
            return false;
        }
        snprintf(cfg->variant, sizeof cfg->variant, "%s", def->id);
        cfg->set |= CONFIG_SET_VARIANT;
    } else if (!strcmp(key, "mode")) {
        if ((k = choice(value, modes)) < 0) {
            list_names(names, sizeof names, modes);
            snprintf(why, size, "mode '%.40s' is not one of %s", value, names);
            return false;
        }
        snprintf(cfg->mode, sizeof cfg->mode, "%s", modes[k == 4 ? 0 : k == 5 ? 1 : k]);
        cfg->set |= CONFIG_SET_MODE;
    } else if (!strcmp(key, "level")) {
        char *end;
        long n = strtol(value, &end, 10);
        if (*end || end == value || n < 1 || n > 10) {
            snprintf(why, size, "level '%.40s' is not a number from 1 to 10", value);
            return false;
        }
        cfg->level = (int)n;
        cfg->set |= CONFIG_SET_LEVEL;
    } else if (!strcmp(key, "threads")) {
        char *end;
        long n = strcmp(value, "auto") ? strtol(value, &end, 10) : 0;
        if (strcmp(value, "auto") && (*end || end == value || n < 1 || n > 64)) {
            snprintf(why, size, "threads '%.40s' is not auto or a number from 1 to 64", value);
            return false;
        }
        cfg->threads = (int)n;
        cfg->set |= CONFIG_SET_THREADS;
    } else if (!strcmp(key, "theme")) {
        if (strlen(value) >= sizeof cfg->theme) {
            snprintf(why, size, "the theme name is too long");
            return false;
        }
        memcpy(cfg->theme, value, strlen(value) + 1);
        cfg->set |= CONFIG_SET_THEME;
    } else if (!strcmp(key, "glyphs") || !strcmp(key, "color")) {
        const char *const *list = key[0] == 'g' ? glyphs : colors;
        if ((k = choice(value, list)) < 0) {
            list_names(names, sizeof names, list);
            snprintf(why, size, "%s '%.40s' is not one of %s", key, value, names);
            return false;
        }
        if (key[0] == 'g') {
            snprintf(cfg->glyphs, sizeof cfg->glyphs, "%s", list[k]);
            cfg->set |= CONFIG_SET_GLYPHS;
        } else {
            snprintf(cfg->color, sizeof cfg->color, "%s", list[k]);
            cfg->set |= CONFIG_SET_COLOR;
        }
    } else if (!strcmp(key, "mouse") || !strcmp(key, "flip") || !strcmp(key, "auto-flip") || !strcmp(key, "bell")) {
        if ((k = parse_bool(value)) < 0) {
            snprintf(why, size, "%s '%.40s' is not yes or no", key, value);
            return false;
        }
        if (key[0] == 'm') {
            cfg->mouse = k;
            cfg->set |= CONFIG_SET_MOUSE;
        } else if (key[0] == 'b') {
            cfg->bell = k;
            cfg->set |= CONFIG_SET_BELL;
        } else {
            cfg->flip = k;
            cfg->set |= CONFIG_SET_FLIP;
        }
    } else if (!strcmp(key, "clock")) {
        KageError err;
        if (!clock_tc_parse(value, &cfg->clock, &err)) {
            snprintf(why, size, "clock '%.40s': %.160s", value, err.msg);
            return false;
        }
        cfg->set |= CONFIG_SET_CLOCK;
    } else {
        snprintf(why, size, "unknown key '%.40s' (known: variant, mode, level, threads, theme, glyphs, mouse, flip, bell, clock, color)",
                 key);
        return false;
    }
    return true;
}

/* Trim blanks at both ends of [*s, *e). */
static void trim(const char **s, const char **e)
{
    while (*s < *e && isspace((unsigned char)**s))
        (*s)++;
    while (*e > *s && isspace((unsigned char)(*e)[-1]))
        (*e)--;
}

void config_parse(KageConfig *cfg, const char *text, size_t len, const char *filename, ConfigDiags *diags)
{
    const char *p = text, *end = text + len;
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) /* a UTF-8 byte-order mark, as some editors write */
        p += 3;
    for (int line = 1; p < end; line++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        const char *s = p, *e = eol;
        p = eol + 1;
        trim(&s, &e);
        if (s == e || *s == '#')
            continue;
        const char *eq = memchr(s, '=', (size_t)(e - s));
        if (!eq) {
            diag(diags, filename, line, "expected key = value");
            continue;
        }
        const char *ks = s, *ke = eq, *vs = eq + 1, *ve = e;
        trim(&ks, &ke);
        for (const char *c = vs; c < ve; c++) /* a comment after the value */
            if (*c == '#' && c > vs && isspace((unsigned char)c[-1]) && *vs != '"') {
                ve = c;
                break;
            }
        trim(&vs, &ve);
        if (ve - vs >= 2 && *vs == '"' && ve[-1] == '"')
            vs++, ve--;
        char key[32], value[300], why[256];
        if (ke == ks || ke - ks >= (long)sizeof key) {
            diag(diags, filename, line, ke == ks ? "no key before '='" : "key too long");
            continue;
        }
        if (ve - vs >= (long)sizeof value) {
            diag(diags, filename, line, "value too long");
            continue;
        }
        snprintf(key, sizeof key, "%.*s", (int)(ke - ks), ks);
        snprintf(value, sizeof value, "%.*s", (int)(ve - vs), vs);
        for (char *c = key; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        if (!*value) {
            diag(diags, filename, line, "no value for '%s'", key);
            continue;
        }
        if (!apply(cfg, key, value, why, sizeof why))
            diag(diags, filename, line, "%s", why);
    }
}

bool config_load(KageConfig *cfg, const char *path, ConfigDiags *diags)
{
    char buf[1024];
    KageError err;
    if (!path) {
        if (!config_path(KAGE_DIR_CONFIG, "kage.conf", false, buf, sizeof buf, &err))
            return true; /* no home: no config file */
        path = buf;
    }
    size_t len;
    char *text = config_read_file(path, &len, &err);
    if (!text) {
        if (errno == ENOENT)
            return true;
        if (diags && diags->count < CONFIG_MAX_DIAGS)
            snprintf(diags->msg[diags->count++], sizeof diags->msg[0], "%s", err.msg);
        return false;
    }
    config_parse(cfg, text, len, path, diags);
    free(text);
    return true;
}
