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

/* --- XBoard 4.9.1's dialect ------------------------------------------------------ *
 *
 * XBoard reads SAN with its own letters: a promoted piece is '+' and the
 * letter of the piece it was (+L for the Rook that was a Lance, +F for
 * Shogun's Queen), and every promotion is "=+" (Lg8=+, dxe2=++ with the
 * check mark), where Fairy-Stockfish's SAN names the piece made (Lg8=R).
 * Cashew's moves are XBoard's long algebraic ones, a second leg after '-'
 * and a third after 'x' (e5f6-g7, j8i9xh10-g11; + a promotion, @@@@ a
 * pass).  [VariantMen] gives every piece's moves in Betza, as XBoard
 * writes it: XBoard 4.9.1 forgets the moves an engine taught it when it
 * loads a game, and without the tag it checks the moves of Kage's pieces
 * with the rules of its own pieces (Hxf6 "impossible"). */

/* Cashew's legs (c8d9,d9d10+) as XBoard's long algebraic move (c8d9-d10+). */
static void xboard_legs(const char *legs, char *out, size_t size)
{
    const char *comma = strchr(legs, ',');
    if (!comma) {
        snprintf(out, size, "%s", legs);
        return;
    }
    size_t n = (size_t)(comma - legs);
    char ends[3][16];
    int nend = 0;
    for (const char *p = comma; p && *p == ',' && nend < 3; p = strchr(p + 1, ',')) {
        const char *q = p + 1;
        while (isalpha((unsigned char)*q)) /* the leg's start square, the end of the last */
            q++;
        while (isdigit((unsigned char)*q))
            q++;
        size_t len = strcspn(q, ",");
        snprintf(ends[nend++], sizeof ends[0], "%.*s", (int)(len < 15 ? len : 15), q);
    }
    if (nend == 1)
        snprintf(out, size, "%.*s-%s", (int)n, legs, ends[0]);
    else if (nend == 2)
        snprintf(out, size, "%.*sx%s-%s", (int)n, legs, ends[0], ends[1]);
    else
        snprintf(out, size, "%s", legs); /* more legs than XBoard writes: left as they are */
}

/* m (legal in pos) as XBoard reads it. */
static void xboard_move_text(Position *pos, Move m, char *out, size_t size)
{
    char san[MOVE_TEXT_MAX];
    move_to_text(pos, m, MOVE_FOR_RECORD, san);
    if (pos->v->def->move_style == MOVES_CASHEW) {
        xboard_legs(san, out, size);
        return;
    }
    int kind = move_kind(m);
    const char *s = san;
    size_t n = 0;
    if (kind != MOVE_DROP && kind != MOVE_CASTLE && kind != MOVE_PASS) {
        const PieceDef *pd = pos->v->type[piece_type(pos->board[move_from(m)])].def;
        if (pd->fen[0] == '+' && isupper((unsigned char)san[0])) {
            out[n++] = '+';
            out[n++] = (char)toupper((unsigned char)pd->fen[1]);
            s++;
        }
    }
    for (; *s && n + 3 < size; s++) {
        if (kind == MOVE_PROMO && s[0] == '=' && isalpha((unsigned char)s[1])) {
            out[n++] = '=';
            out[n++] = '+';
            s++;
        } else {
            out[n++] = *s;
        }
    }
    out[n] = 0;
    /* a promotion declined, where it could be made: the squares alone
     * (c4d2), with no check mark, which XBoard would take for the promotion
     * (its "Nd2=" is refused here, and its own "Nd2" is what it also writes
     * for the promotion, so that Kage's reader takes it for one) */
    if (kind == MOVE_NORMAL) {
        MoveList legal;
        movegen_legal(pos, &legal);
        for (int i = 0; i < legal.count; i++)
            if (move_kind(legal.moves[i]) == MOVE_PROMO && move_from(legal.moves[i]) == move_from(m) &&
                move_to(legal.moves[i]) == move_to(m)) {
                move_to_text(pos, m, MOVE_FOR_PROTOCOL, san);
                snprintf(out, size, "%s", san);
                break;
            }
    }
}

/* Does side (0 the first player) have the piece `token` in the variant's
 * start, on the board or in hand (a promoted one: the piece it was)? */
static bool xboard_side_has(const VariantDef *d, const char *token, int side)
{
    const char *t = token[0] == '+' ? token + 1 : token;
    size_t len = strlen(t);
    const char *end = d->start_fen + strcspn(d->start_fen, " ");
    for (const char *p = d->start_fen; p + len <= end; p++) {
        if ((side ? tolower((unsigned char)t[0]) : toupper((unsigned char)t[0])) != *p)
            continue;
        if (len > 1 && strncmp(p + 1, t + 1, len - 1))
            continue;
        /* "H" is not "H!": the letter must not go on with a suffix the token lacks */
        if (len == 1 && (p[1] == '\'' || p[1] == '!'))
            continue;
        return true;
    }
    return false;
}

static void men_add(Out *o, const char *token, bool lower, const char *betza)
{
    out_add(o, "%s", o->len ? ";" : "");
    for (const char *c = token; *c; c++)
        out_add(o, "%c", lower ? tolower((unsigned char)*c) : *c);
    out_add(o, ":%s", betza);
}

/* [VariantMen]: "TOKEN:BETZA;..." for every piece of the variant, the
 * second player's alone in lower case (XBoard gives the first player's
 * moves to the second player's piece of the same letter). */
static char *xboard_variant_men(const VariantDef *d)
{
    Out o = {.p = xmalloc(256), .cap = 256};
    o.p[0] = 0;
    for (int i = 0; i < d->npieces; i++) {
        const PieceDef *pd = &d->pieces[i];
        if (pd->flags & PF_ROYAL) /* XBoard's own King, as kage xboard leaves it */
            continue;
        bool w = xboard_side_has(d, pd->fen, 0), b = xboard_side_has(d, pd->fen, 1);
        char betza[2][96], token[8];
        for (int side = 0; side < 2; side++)
            variant_xboard_betza(d, pd, side, betza[side], sizeof betza[side]);
        if (w)
            men_add(&o, pd->fen, false, betza[0]);
        if (b && (!w || strcmp(betza[0], betza[1])))
            men_add(&o, pd->fen, true, betza[1]);
        /* a piece that promotes to another kind has a promoted slot of its
         * own in XBoard ("+H'"), moving as that kind */
        if (pd->fen[0] != '+' && pd->promotes && pd->promotes[0] != '+' && (w || b)) {
            for (int k = 0; k < d->npieces; k++)
                if (!strcmp(d->pieces[k].fen, pd->promotes)) {
                    snprintf(token, sizeof token, "+%s", pd->fen);
                    variant_xboard_betza(d, &d->pieces[k], 0, betza[0], sizeof betza[0]);
                    men_add(&o, token, !w, betza[0]);
                }
        }
    }
    return o.p;
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
        char text[MOVE_TEXT_MAX + 8], word[MOVE_TEXT_MAX + 32];
        if (!movegen_is_legal(pos, moves[i])) {
            *bad = i;
            return false;
        }
        if (info->xboard)
            xboard_move_text(pos, moves[i], text, sizeof text);
        else
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
    if (info->xboard) { /* XBoard's names are lower case (shinobiplus, cashew-shogi) */
        char name[64];
        snprintf(name, sizeof name, "%s", pgn_variant_name(v->def));
        for (char *c = name; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        out_tag(&o, "Variant", name);
        char *men = xboard_variant_men(v->def);
        out_tag(&o, "VariantMen", men);
        free(men);
    } else {
        out_tag(&o, "Variant", pgn_variant_name(v->def));
    }
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
