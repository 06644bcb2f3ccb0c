/* Writing PGN the way pychess.org exports it (the tags and spellings are
 * listed in pgn.h), and the name tables the reader shares. */
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/records/pgn.h"
#include "kage/rules/util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LINE_MAX_CHARS 79 /* the PGN standard's export limit is 79 characters */

/* The [Variant] value is the variant's pgn_name (its data, rules/variants_*.c). */
const char *pgn_variant_name(const VariantDef *def) { return def->pgn_name ? def->pgn_name : def->id; }

const VariantDef *pgn_variant_find(const char *name)
{
    for (int i = 0; variant_defs[i]; i++)
        if (variant_defs[i]->pgn_name && !strcasecmp(name, variant_defs[i]->pgn_name))
            return variant_defs[i];
    for (int i = 0; variant_defs[i]; i++)
        if (!strcasecmp(name, variant_defs[i]->id) || !strcasecmp(name, variant_defs[i]->name))
            return variant_defs[i];
    if (!strcasecmp(name, "cashew shogi") || !strcasecmp(name, "cashewshogi"))
        return variant_find("cashew");
    return NULL;
}

bool pgn_tag_is_written(const char *name)
{
    static const char *const own[] = {"Event",   "Site",    "Date", "Round", "White", "Black",      "Result",
                                      "TimeControl", "Byoyomi", "Variant", "FEN", "SetUp", "Termination"};
    for (int i = 0; i < N_ELEMS(own); i++)
        if (!strcmp(name, own[i]))
            return true;
    return false;
}

PgnTag *pgn_info_keep(PgnInfo *info, const PgnGame *from, int same, int nmoves, int reserve, const char ***comments)
{
    const char **keep[] = {&info->event, &info->site, &info->date, &info->round, &info->white, &info->black};
    static const char *const names[] = {"Event", "Site", "Date", "Round", "White", "Black"};
    for (int i = 0; i < N_ELEMS(names); i++)
        if (pgn_tag(from, names[i]))
            *keep[i] = pgn_tag(from, names[i]);
    PgnTag *extra = xcalloc((size_t)from->ntags + (size_t)reserve + 1, sizeof *extra);
    info->nextra = 0;
    /* XBoard's [VariantMen] is not kept: it marks XBoard's way of writing
     * moves, in which the reader takes "Nd2" for a promotion that may have
     * been made (see pgn.c), and Kage writes its own SAN (Nd2=G) */
    for (int t = 0; t < from->ntags; t++)
        if (!pgn_tag_is_written(from->tags[t].name) && strcmp(from->tags[t].name, "VariantMen"))
            extra[info->nextra++] = from->tags[t];
    info->extra = extra;
    *comments = NULL;
    if (from->comments) {
        *comments = xcalloc((size_t)nmoves + 1, sizeof **comments);
        for (int k = 0; k <= same && k <= nmoves && k <= from->rec.nmoves; k++)
            (*comments)[k] = from->comments[k];
        info->comments = *comments;
    }
    return extra;
}

EndReason pgn_termination_reason(const char *value)
{
    for (int r = END_CHECKMATE; r <= END_ABANDONED; r++)
        if (!strcasecmp(value, game_reason_text((EndReason)r)))
            return (EndReason)r;
    if (!strcasecmp(value, "time forfeit"))
        return END_TIME;
    return END_NONE;
}

/* --- a growing string ------------------------------------------------------------ */

typedef struct Out {
    char *p;
    size_t len, cap;
    int col; /* characters on the current movetext line */
} Out;

static void out_add(Out *o, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(o->p + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && o->len + (size_t)n < o->cap) {
            o->len += (size_t)n;
            return;
        }
        o->cap = 2 * o->cap + (n > 0 ? (size_t)n : 0) + 64;
        o->p = xrealloc(o->p, o->cap);
    }
}

/* A tag pair, the value with '"' and '\' escaped and control characters dropped. */
static void out_tag(Out *o, const char *name, const char *value)
{
    out_add(o, "[%s \"", name);
    for (const char *v = value; *v; v++) {
        if ((unsigned char)*v < ' ')
            continue;
        if (*v == '"' || *v == '\\')
            out_add(o, "\\");
        out_add(o, "%c", *v);
    }
    out_add(o, "\"]\n");
}

/* A movetext token, wrapping before it when the line would be too long. */
static void out_word(Out *o, const char *word)
{
    int n = (int)strlen(word);
    if (o->col && o->col + 1 + n > LINE_MAX_CHARS) {
        out_add(o, "\n");
        o->col = 0;
    }
    out_add(o, "%s%s", o->col ? " " : "", word);
    o->col += (o->col ? 1 : 0) + n;
}

static char *write_error(Out *o, KageError *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kage_verror(err, -1, fmt, ap);
    va_end(ap);
    free(o->p);
    return NULL;
}

/* A comment in braces: whole when it fits on a line, else word by word so
 * that lines stay short ('}' inside would end it early, so it is dropped). */
static void out_comment(Out *o, const char *text)
{
    char word[256];
    size_t len = strlen(text);
    if (len + 2 <= LINE_MAX_CHARS && !strpbrk(text, "}\n\r\t")) { /* a short one stays whole: {[%clk 0:04:51]} */
        snprintf(word, sizeof word, "{%s}", text);
        out_word(o, word);
        return;
    }
    bool first = true;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
            p++;
        size_t n = 0;
        if (first)
            word[n++] = '{';
        while (*p && *p != ' ' && *p != '\n' && *p != '\t' && *p != '\r' && n < sizeof word - 2)
            if (*p++ != '}')
                word[n++] = p[-1];
        bool last = !*p || !p[strspn(p, " \n\t\r")];
        if (last)
            word[n++] = '}';
        word[n] = 0;
        if (n)
            out_word(o, word);
        first = false;
        if (last)
            return;
    }
}

/* The movetext of moves from pos (which is left after them), with the
 * comments of info; false and the index of the first illegal move in *bad
 * otherwise. */
static bool write_moves(Out *o, Position *pos, const Move *moves, int nmoves, const PgnInfo *info, int *bad)
{
    int number = pos->fullmove;
    if (info->comments && info->comments[0])
        out_comment(o, info->comments[0]);
    for (int i = 0; i < nmoves; i++) {
        char text[MOVE_TEXT_MAX], word[MOVE_TEXT_MAX + 24];
        if (!movegen_is_legal(pos, moves[i])) {
            *bad = i;
            return false;
        }
        move_to_text(pos, moves[i], info->uci ? MOVE_FOR_PROTOCOL : MOVE_FOR_RECORD, text);
        /* a move number stays on the line of its move (and after a comment
         * Black's move gets its own, as the standard asks) */
        bool commented = i > 0 && info->comments && info->comments[i];
        if (pos->side == WHITE || i == 0 || commented)
            snprintf(word, sizeof word, pos->side == WHITE ? "%d. %s" : "%d... %s", number, text);
        else
            snprintf(word, sizeof word, "%s", text);
        out_word(o, word);
        if (pos->side == BLACK)
            number++;
        pos_make(pos, moves[i]);
        if (info->comments && info->comments[i + 1])
            out_comment(o, info->comments[i + 1]);
    }
    return true;
}

char *pgn_write(const Variant *v, const GameRecord *rec, const PgnInfo *info, KageError *err)
{
    const char *start_fen = rec->start_fen;
    static const PgnInfo none;
    Out o = {.p = xmalloc(1024), .cap = 1024};
    o.p[0] = 0;
    if (!info)
        info = &none;
    Position *pos = pos_new(v);
    if (start_fen && !pos_set_fen(pos, start_fen, err)) {
        pos_free(pos);
        return write_error(&o, err, "bad start FEN: %.200s", err->msg);
    }
    char fen[1024];
    pos_get_fen(pos, fen, sizeof fen);

    /* the movetext first: the result tag depends on the final position */
    Out moves_out = {.p = xmalloc(1024), .cap = 1024};
    moves_out.p[0] = 0;
    int bad = 0;
    if (!write_moves(&moves_out, pos, rec->moves, rec->nmoves, info, &bad)) {
        pos_free(pos);
        free(moves_out.p);
        return write_error(&o, err, "move %d of the game is not legal", bad + 1);
    }
    GameResult res = rec->result;
    if (res.outcome == OUTCOME_NONE)
        res = game_result(pos);
    pos_free(pos);

    char tc[48];
    if (info->tc)
        clock_tc_pgn(info->tc, tc, sizeof tc);
    else
        snprintf(tc, sizeof tc, "-");
    out_tag(&o, "Event", info->event ? info->event : "Casual game");
    out_tag(&o, "Site", info->site ? info->site : "Kage");
    out_tag(&o, "Date", info->date ? info->date : "????.??.??");
    out_tag(&o, "Round", info->round ? info->round : "-");
    out_tag(&o, "White", info->white ? info->white : "?");
    out_tag(&o, "Black", info->black ? info->black : "?");
    out_tag(&o, "Result", game_outcome_text(res.outcome));
    out_tag(&o, "TimeControl", tc);
    if (info->tc && info->tc->kind == CLOCK_BYOYOMI) {
        char periods[16];
        snprintf(periods, sizeof periods, "%d", info->tc->periods);
        out_tag(&o, "Byoyomi", periods);
    }
    out_tag(&o, "Variant", pgn_variant_name(v->def));
    out_tag(&o, "FEN", fen);
    out_tag(&o, "SetUp", "1");
    if (res.outcome != OUTCOME_NONE && res.reason != END_NONE)
        out_tag(&o, "Termination", game_reason_text(res.reason));
    for (int i = 0; i < info->nextra; i++)
        out_tag(&o, info->extra[i].name, info->extra[i].value);
    out_add(&o, "\n");

    out_add(&o, "%s", moves_out.p); /* wrapped from column 0, as here */
    o.col = moves_out.col;
    out_word(&o, game_outcome_text(res.outcome));
    out_add(&o, "\n");
    free(moves_out.p);
    return o.p;
}
