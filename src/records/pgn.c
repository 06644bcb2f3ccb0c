/* Reading PGN (see pgn.h for what is accepted).  One pass over the text:
 * tag pairs gather into the game being built; the first movetext token
 * settles its variant and start position; each move is replayed at once, so
 * an error names the line, the move and the side.  Games are built into a
 * temporary list that reaches the caller only when the whole file is good.
 *
 * A stream (pgn_stream_next) is read through a window that holds at least
 * the game being read: the reader is run on the window for one game; where
 * it reached the window's end before the input's, the game may go on past
 * it, so more is read and the game read again from its start. */
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/records/pgn.h"
#include "kage/rules/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define MAX_TOKEN 80         /* longer is not a move */
#define MAX_TAG_VALUE 4096
#define MAX_PLIES 20000
#define MAX_VARIANTS 8
#ifndef STREAM_CHUNK /* (a test may make it small) */
#define STREAM_CHUNK (64u << 10) /* a stream is read this much at a time */
#endif
#define STREAM_GAME_MAX (64u << 20)  /* and a game longer than this is refused */

/* The variants the games read so far were set up in, built once each. */
typedef struct Variants {
    Variant *v[MAX_VARIANTS];
    int n;
} Variants;

typedef struct Builder {
    PgnGame g;
    int tags_cap, comments_cap;
    size_t *tag_at;      /* where each tag's value starts, for messages */
    int *tag_set;        /* the tag names seen: an open-addressed set of tag indices + 1 */
    int set_cap;         /* its size, a power of two over twice the tags */
    size_t start_at;     /* where the game starts */
    Position *pos;       /* set when the movetext starts */
    Color root_side;
    GameOutcome movetext_result;
    bool started;        /* something of this game was seen (maybe only a comment) */
    bool content;        /* a tag, a move or a result: a game to keep */
    size_t tags_end;     /* where the last tag pair ends */
    struct {
        int ply;         /* a move of an XBoard file read as a promotion */
        Move other;      /* the plain move it may have been (see xboard_retry) */
    } unsure[8];
    int nunsure;
} Builder;

#define UNSURE_PLIES 64

typedef struct Reader {
    const char *s;
    size_t len, i;
    const VariantDef *fallback;
    Variants *vars;
    KageError *err;
    PgnGames games;
    int games_cap;
    Builder b;
    size_t scan_at, scan_line_start; /* line_of's memory: it moves forwards */
    int scan_line;
    int max_games; /* 0: every game */
    bool more;     /* text was left after the last game read (max_games) */
    /* for a stream: */
    int line_base;     /* lines of the input before s (s starts a line) */
    bool touched_end;  /* the reader looked at the end of s (more text may change what it read) */
    bool none_is_fine; /* no game in s is no error (games came before it) */
    size_t idle_at;    /* where s holds nothing of a game yet (before any game is begun) */
    bool first_whole;  /* the first game ended before the end of s was looked at */
    size_t first_end;  /* where it ended */
    bool line_cut;     /* the last ';' or '%' line skipped ran to the end of s */
} Reader;

/* --- errors and lines ------------------------------------------------------------ */

static int line_of(Reader *r, size_t at, int *col)
{
    if (at < r->scan_at) {
        r->scan_at = r->scan_line_start = 0;
        r->scan_line = 1;
    }
    for (; r->scan_at < at && r->scan_at < r->len; r->scan_at++)
        if (r->s[r->scan_at] == '\n') {
            r->scan_line++;
            r->scan_line_start = r->scan_at + 1;
        }
    if (col)
        *col = (int)(at - r->scan_line_start);
    return r->line_base + r->scan_line;
}

static bool fail(Reader *r, size_t at, const char *fmt, ...)
{
    char msg[sizeof r->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int col, line = line_of(r, at, &col);
    return kage_error(r->err, col, "line %d: %.230s", line, msg);
}

/* --- freeing ------------------------------------------------------------------- */

void pgn_game_clear(PgnGame *g)
{
    for (int i = 0; i < g->ntags; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    free(g->tags);
    if (g->comments)
        for (int i = 0; i <= g->rec.nmoves; i++)
            free(g->comments[i]);
    free(g->comments);
    record_clear(&g->rec);
    memset(g, 0, sizeof *g);
}

void pgn_games_free(PgnGames *games)
{
    for (int i = 0; i < games->count; i++)
        pgn_game_clear(&games->games[i]);
    free(games->games);
    games->games = NULL;
    games->count = 0;
}

static void builder_reset(Builder *b)
{
    pgn_game_clear(&b->g);
    free(b->tag_at);
    free(b->tag_set);
    if (b->pos)
        pos_free(b->pos);
    memset(b, 0, sizeof *b);
}

/* The time in a clock comment ("[%clk H:MM:SS]", tenths optional), or -1. */
static int64_t clock_comment_ms(const char *comment)
{
    const char *p = comment ? strstr(comment, "[%clk ") : NULL;
    unsigned h, m, s;
    int n = 0;
    if (!p || sscanf(p + 6, "%u:%2u:%2u%n", &h, &m, &s, &n) != 3 || h > 1000 || m > 59 || s > 59)
        return -1;
    int64_t ms = ((int64_t)h * 3600 + m * 60 + s) * 1000;
    p += 6 + n;
    if (*p == '.' && isdigit((unsigned char)p[1]))
        ms += (p[1] - '0') * 100;
    return ms;
}

void pgn_clocks_left(const PgnGame *g, Color first, int64_t left[2])
{
    left[WHITE] = left[BLACK] = -1;
    for (int k = 1; g->comments && k <= g->rec.nmoves; k++) {
        int64_t ms = clock_comment_ms(g->comments[k]);
        if (ms >= 0)
            left[k % 2 ? first : !first] = ms;
    }
}

const char *pgn_tag(const PgnGame *g, const char *name)
{
    for (int i = g->ntags - 1; i >= 0; i--)
        if (!strcmp(g->tags[i].name, name))
            return g->tags[i].value;
    return NULL;
}

static int *set_slot(const Builder *b, const char *name, size_t n);

/* The last tag `name` of the game being built and where its value starts. */
static const char *builder_tag(const Builder *b, const char *name, size_t *at)
{
    if (!b->set_cap)
        return NULL;
    int k = *set_slot(b, name, strlen(name));
    if (!k)
        return NULL;
    if (at)
        *at = b->tag_at[k - 1];
    return b->g.tags[k - 1].value;
}

/* --- the game being built ----------------------------------------------------------- */

static void begin_game(Reader *r, size_t at)
{
    if (r->b.started)
        return;
    r->b.started = true;
    r->b.start_at = at;
    r->b.g.line = line_of(r, at, NULL);
    r->b.comments_cap = 16;
    r->b.g.comments = xcalloc(17, sizeof *r->b.g.comments);
}

static Variant *variant_for(Reader *r, const VariantDef *def, size_t at)
{
    Variants *vs = r->vars;
    for (int i = 0; i < vs->n; i++)
        if (vs->v[i]->def == def)
            return vs->v[i];
    KageError verr;
    Variant *v = vs->n < MAX_VARIANTS ? variant_new(def, &verr) : NULL;
    if (!v) {
        fail(r, at, "variant %s cannot be set up", def->id);
        return NULL;
    }
    return vs->v[vs->n++] = v;
}

static void variants_free(Variants *vs)
{
    for (int i = 0; i < vs->n; i++)
        variant_free(vs->v[i]);
    vs->n = 0;
}

/* Settle the variant and the start position of the game being built. */
static bool start_movetext(Reader *r)
{
    Builder *b = &r->b;
    if (b->pos)
        return true;
    size_t at = b->start_at;
    const char *name = builder_tag(b, "Variant", &at);
    const VariantDef *def = name ? pgn_variant_find(name) : r->fallback;
    if (!def && name) {
        char known[128] = "";
        for (int i = 0; variant_defs[i]; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", variant_defs[i]->id);
        return fail(r, at, "unknown variant \"%.60s\" (Kage plays %s)", name, known);
    }
    if (!def)
        return fail(r, b->start_at, "the game has no [Variant] tag, so its rules are not known");
    Variant *v = variant_for(r, def, at);
    if (!v)
        return false;
    Position *pos = pos_new(v);
    const char *fen = builder_tag(b, "FEN", &at);
    KageError ferr;
    if (fen && !pos_set_fen(pos, fen, &ferr)) {
        pos_free(pos);
        return fail(r, at + (size_t)(ferr.column > 0 ? ferr.column : 0), "bad FEN in the [FEN] tag: %s", ferr.msg);
    }
    b->g.rec.def = def;
    record_start_at(&b->g.rec, pos);
    b->pos = pos;
    b->root_side = pos->side;
    return true;
}

/* --- the set of tag names: is this tag new to the game?  (A list scanned
 * for each tag made 40,000 tags take 15 s.) */

static uint32_t name_hash(const char *name, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h;
}

/* The slot of name (n bytes) in the set: the tag's index + 1, or 0 if absent. */
static int *set_slot(const Builder *b, const char *name, size_t n)
{
    for (uint32_t k = name_hash(name, n) & (uint32_t)(b->set_cap - 1);; k = (k + 1) & (uint32_t)(b->set_cap - 1)) {
        int *slot = &b->tag_set[k];
        if (!*slot)
            return slot;
        const char *have = b->g.tags[*slot - 1].name;
        if (strlen(have) == n && !memcmp(have, name, n))
            return slot;
    }
}

static bool has_tag_named(const Builder *b, const char *name, size_t n)
{
    return b->set_cap && *set_slot(b, name, n);
}

static void set_insert(Builder *b, int index)
{
    if (2 * (b->g.ntags + 1) > b->set_cap) { /* rebuild at twice the size */
        free(b->tag_set);
        b->set_cap = b->set_cap ? 2 * b->set_cap : 16;
        b->tag_set = xcalloc((size_t)b->set_cap, sizeof *b->tag_set);
        for (int i = 0; i < index; i++) {
            int *slot = set_slot(b, b->g.tags[i].name, strlen(b->g.tags[i].name));
            *slot = i + 1; /* a repeated name points at its last tag */
        }
    }
    const char *name = b->g.tags[index].name;
    *set_slot(b, name, strlen(name)) = index + 1;
}

static void add_tag(Builder *b, const char *name, const char *value, size_t at)
{
    if (b->g.ntags == b->tags_cap) {
        b->tags_cap = b->tags_cap ? 2 * b->tags_cap : 8;
        b->g.tags = xrealloc(b->g.tags, (size_t)b->tags_cap * sizeof *b->g.tags);
        b->tag_at = xrealloc(b->tag_at, (size_t)b->tags_cap * sizeof *b->tag_at);
    }
    b->g.tags[b->g.ntags] = (PgnTag){xstrdup(name), xstrdup(value)};
    b->tag_at[b->g.ntags] = at;
    set_insert(b, b->g.ntags);
    b->g.ntags++;
    b->content = true;
}

/* Append text to the comment that follows the last move. */
static void add_comment(Builder *b, const char *text, size_t n)
{
    while (n && isspace((unsigned char)*text))
        text++, n--;
    while (n && isspace((unsigned char)text[n - 1]))
        n--;
    if (!n)
        return;
    char **slot = &b->g.comments[b->g.rec.nmoves];
    size_t old = *slot ? strlen(*slot) : 0;
    *slot = xrealloc(*slot, old + n + 2);
    char *p = *slot + old;
    if (old)
        *p++ = ' ';
    for (size_t k = 0; k < n; k++)
        *p++ = text[k] == '\n' || text[k] == '\r' || text[k] == '\t' ? ' ' : text[k];
    *p = 0;
}

/* The side to move as the variant names it: the Clan, Sente, White. */
static const char *side_name(const Position *pos) { return pos->side == WHITE ? pos->v->def->white_name : pos->v->def->black_name; }

/* "illegal move: Qxe9" and Qxe9 give "illegal move Qxe9 for White at move 7";
 * "there is no square e9: the board ..." gives "there is no square e9 in Qxe9
 * for White at move 7: the board ...". */
static bool move_error(Reader *r, size_t at, const char *text, const char *why)
{
    Position *pos = r->b.pos;
    int number = pos->fullmove + (pos->ply + (r->b.root_side == BLACK)) / 2;
    GameResult gr = game_result(pos);
    if (gr.outcome != OUTCOME_NONE)
        return fail(r, at, "move %s for %s at move %d comes after the end of the game (%s)", text,
                    side_name(pos), number, game_reason_text(gr.reason));
    const char *colon = strstr(why, ": ");
    size_t n = strlen(text);
    if (colon && !strncmp(colon + 2, text, n))
        return fail(r, at, "%.*s %s for %s at move %d%s", (int)(colon - why), why, text, side_name(pos),
                    number, colon + 2 + n);
    if (colon)
        return fail(r, at, "%.*s in %s for %s at move %d: %s", (int)(colon - why), why, text, side_name(pos), number,
                    colon + 2);
    return fail(r, at, "%s (%s) for %s at move %d", why, text, side_name(pos), number);
}

/* XBoard writes no mark for the promotion of a piece other than a pawn
 * (Shogun's h7d3+ is "Bd3", Nxd7+ "Nxd7+" with its check mark alone): its
 * "Nd2" may be c4d2 or c4d2+.  In its files, known by their [VariantMen]
 * tag, such a move is read as the promotion (what engines play nearly
 * always) where that has the text's check mark, and remembered as unsure;
 * a later move that cannot be read is tried again with the most recent
 * unsure move of the last UNSURE_PLIES made the plain move ("Nxf1" after
 * "Nd2"), the moves between replayed and checked. */
static Move promoting_twin(Position *pos, Move m, const char *text)
{
    size_t n = strlen(text);
    if (move_kind(m) != MOVE_NORMAL || pos->v->def->move_style != MOVES_SAN || strchr(text, '=') ||
        ((pos->v->pawn_types >> piece_type(pos->board[move_from(m)])) & 1))
        return MOVE_NONE;
    char uci[MOVE_TEXT_MAX];
    move_to_text(pos, m, MOVE_FOR_PROTOCOL, uci);
    if (!strcmp(uci, text)) /* c4d2 in UCI is the plain move */
        return MOVE_NONE;
    bool says_check = n && strchr("+#", text[n - 1]);
    MoveList legal;
    movegen_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        Move o = legal.moves[i];
        if (move_kind(o) != MOVE_PROMO || move_from(o) != move_from(m) || move_to(o) != move_to(m))
            continue;
        pos_make(pos, o);
        bool check = pos_in_check(pos);
        pos_unmake(pos);
        return check == says_check ? o : MOVE_NONE;
    }
    return MOVE_NONE;
}

/* Play moves[from..to) on pos, each checked; the number played. */
static int replay(Position *pos, const Move *moves, int from, int to)
{
    int k = from;
    for (; k < to && movegen_is_legal(pos, moves[k]); k++)
        pos_make(pos, moves[k]);
    return k - from;
}

static bool xboard_retry(Builder *b, const char *text, Move *out)
{
    Move *moves = b->g.rec.moves;
    int n = b->g.rec.nmoves;
    KageError e;
    for (int k = b->nunsure - 1; k >= 0; k--) {
        int ply = b->unsure[k].ply;
        if (n - ply > UNSURE_PLIES)
            break;
        for (int i = n; i > ply; i--)
            pos_unmake(b->pos);
        Move was = moves[ply];
        moves[ply] = b->unsure[k].other;
        int made = replay(b->pos, moves, ply, n);
        if (made == n - ply && move_from_text(b->pos, text, MOVE_FOR_RECORD, out, &e)) {
            memmove(&b->unsure[k], &b->unsure[k + 1], (size_t)(b->nunsure - k - 1) * sizeof *b->unsure);
            b->nunsure--;
            return true;
        }
        /* back as it was */
        for (int i = 0; i < made; i++)
            pos_unmake(b->pos);
        moves[ply] = was;
        replay(b->pos, moves, ply, n);
    }
    return false;
}

/* A square's name at s (a letter and a number): its length, 0 if none. */
static size_t square_len(const char *s)
{
    if (*s < 'a' || *s > 'z' || !isdigit((unsigned char)s[1]))
        return 0;
    size_t n = 1;
    while (isdigit((unsigned char)s[n]) && n < 4)
        n++;
    return n;
}

/* XBoard's long algebraic move of two or three legs (c8d9-d10, j8i9xh10-g11,
 * + a promotion) as Cashew's legs (c8d9,d9d10; j8i9,i9h10,h10g11); false
 * for any other text. */
static bool xboard_long_to_legs(const char *text, char *out, size_t size)
{
    const char *sq[4];
    size_t len[4];
    int n = 0;
    const char *p = text;
    for (int k = 0; k < 2; k++) {
        if (!(len[n] = square_len(p)))
            return false;
        sq[n++] = p;
        p += len[n - 1];
    }
    if (*p == 'x' && square_len(p + 1) && (p[1 + square_len(p + 1)] == '-' || p[1 + square_len(p + 1)] == 'x')) {
        len[n] = square_len(p + 1);
        sq[n++] = p + 1;
        p += 1 + len[n - 1];
    }
    if ((*p != '-' && *p != 'x') || !(len[n] = square_len(p + 1)))
        return false;
    sq[n++] = p + 1;
    p += 1 + len[n - 1];
    if (*p && strcmp(p, "+"))
        return false;
    size_t w = (size_t)snprintf(out, size, "%.*s", (int)len[0], sq[0]);
    for (int k = 1; k < n && w < size; k++)
        w += (size_t)snprintf(out + w, size - w, "%s%.*s%.*s", k > 1 ? "," : "", k > 1 ? (int)len[k - 1] : 0,
                              sq[k - 1], (int)len[k], sq[k]);
    if (w < size)
        snprintf(out + w, size - w, "%s", p);
    return w < size;
}

/* XBoard's explicit "no promotion" (Nd7= where the Knight could promote):
 * the plain move, else MOVE_NONE. */
static Move xboard_declined(Position *pos, const char *text)
{
    size_t n = strlen(text);
    char plain[MOVE_TEXT_MAX];
    if (n < 2 || n >= sizeof plain || text[n - 1] != '=' || pos->v->def->move_style != MOVES_SAN)
        return MOVE_NONE;
    memcpy(plain, text, n - 1);
    plain[n - 1] = 0;
    Move m;
    KageError e;
    if (!move_from_text(pos, plain, MOVE_FOR_RECORD, &m, &e) || move_kind(m) == MOVE_PROMO)
        return MOVE_NONE;
    return m;
}

static bool play_move(Reader *r, size_t at, const char *text)
{
    Builder *b = &r->b;
    if (!start_movetext(r))
        return false;
    if (b->g.rec.nmoves >= MAX_PLIES)
        return fail(r, at, "the game is too long (more than %d moves)", MAX_PLIES);
    Move m;
    KageError merr;
    size_t tag_at;
    bool xboard = builder_tag(b, "VariantMen", &tag_at) != NULL;
    char legs[MOVE_TEXT_MAX];
    if (b->pos->v->def->move_style == MOVES_CASHEW && xboard_long_to_legs(text, legs, sizeof legs))
        text = legs; /* XBoard's c8d9-d10: Kage's --to=xboard writes it too */
    Move declined = xboard_declined(b->pos, text);
    if (declined)
        m = declined;
    else if (!move_from_text(b->pos, text, MOVE_FOR_RECORD, &m, &merr) && !(xboard && xboard_retry(b, text, &m)))
        return move_error(r, at, text, merr.msg);
    Move twin = xboard && !declined ? promoting_twin(b->pos, m, text) : MOVE_NONE;
    if (twin) {
        if (b->nunsure == N_ELEMS(b->unsure))
            memmove(&b->unsure[0], &b->unsure[1], (size_t)(b->nunsure-- - 1) * sizeof *b->unsure);
        b->unsure[b->nunsure].ply = b->g.rec.nmoves;
        b->unsure[b->nunsure++].other = m;
        m = twin;
    }
    if (b->g.rec.nmoves + 1 >= b->comments_cap) {
        b->comments_cap *= 2;
        b->g.comments = xrealloc(b->g.comments, (size_t)(b->comments_cap + 1) * sizeof *b->g.comments);
    }
    record_push(&b->g.rec, m);
    b->g.comments[b->g.rec.nmoves] = NULL;
    b->content = true;
    pos_make(b->pos, m);
    return true;
}

static GameOutcome outcome_of(const char *text)
{
    if (!strcmp(text, "1-0"))
        return OUTCOME_WHITE_WINS;
    if (!strcmp(text, "0-1"))
        return OUTCOME_BLACK_WINS;
    if (!strcmp(text, "1/2-1/2"))
        return OUTCOME_DRAW;
    return OUTCOME_NONE;
}

static bool is_result(const char *text) { return outcome_of(text) != OUTCOME_NONE || !strcmp(text, "*"); }

/* Close the game being built and add it to the list (a game of nothing but
 * comments is dropped). */
static bool finish_game(Reader *r)
{
    Builder *b = &r->b;
    if (!b->started)
        return true;
    if (!b->content) {
        builder_reset(b);
        return true;
    }
    if (!start_movetext(r))
        return false;
    PgnGame *g = &b->g;
    const char *result = builder_tag(b, "Result", NULL);
    g->result_tag = result && is_result(result) ? outcome_of(result) : b->movetext_result;
    const char *term = builder_tag(b, "Termination", NULL);
    g->termination = term ? pgn_termination_reason(term) : END_NONE;
    g->rec.result = game_result(b->pos);
    if (g->rec.result.outcome == OUTCOME_NONE && g->result_tag != OUTCOME_NONE)
        g->rec.result = (GameResult){g->result_tag, g->termination}; /* resigned, agreed, on time */
    const char *tc = builder_tag(b, "TimeControl", NULL), *byo = builder_tag(b, "Byoyomi", NULL);
    int periods = byo ? atoi(byo) : 0;
    if (!tc || !clock_tc_from_pgn(tc, periods, &g->tc))
        g->tc = (TimeControl){.kind = CLOCK_NONE};
    if (r->games.count == r->games_cap) {
        r->games_cap = r->games_cap ? 2 * r->games_cap : 4;
        r->games.games = xrealloc(r->games.games, (size_t)r->games_cap * sizeof *r->games.games);
    }
    r->games.games[r->games.count++] = *g;
    if (r->games.count == 1) {
        r->first_whole = !r->touched_end;
        r->first_end = r->i;
    }
    memset(g, 0, sizeof *g); /* now owned by the list */
    builder_reset(b);
    return true;
}

/* --- the lexical parts ---------------------------------------------------------------- */

/* Is r at the end of its text?  Said so (touched_end), as the text of a
 * stream may go on past it. */
static bool at_end(Reader *r)
{
    if (r->i < r->len)
        return false;
    r->touched_end = true;
    return true;
}

static char cur(Reader *r) { return at_end(r) ? 0 : r->s[r->i]; }

static void skip_line(Reader *r)
{
    while (!at_end(r) && r->s[r->i] != '\n')
        r->i++;
    r->line_cut = at_end(r);
}

static bool skip_space(Reader *r)
{
    while (!at_end(r) && isspace((unsigned char)r->s[r->i]))
        r->i++;
    return !at_end(r);
}

static bool is_delim(char c) { return isspace((unsigned char)c) || strchr("{}()[];$\"", c); }

static bool read_tag(Reader *r)
{
    size_t open = r->i++;
    while (cur(r) == ' ' || cur(r) == '\t')
        r->i++;
    char name[64];
    int n = 0;
    while (isalnum((unsigned char)cur(r)) || cur(r) == '_') {
        if (n == (int)sizeof name - 1)
            return fail(r, r->i, "tag name too long");
        name[n++] = r->s[r->i++];
    }
    name[n] = 0;
    if (!n)
        return fail(r, r->i, "expected a tag name after '['");
    while (cur(r) == ' ' || cur(r) == '\t')
        r->i++;
    if (cur(r) != '"')
        return fail(r, r->i, "expected the value of tag %s in double quotes", name);
    size_t value_at = ++r->i;
    char *value = xmalloc(MAX_TAG_VALUE);
    int len = 0;
    for (;;) {
        char c = cur(r);
        if (at_end(r) || c == '\n' || c == '\r') {
            free(value);
            return fail(r, open, "the value of tag %s is not closed on its line (a '\"' is missing)", name);
        }
        r->i++;
        if (c == '"')
            break;
        if (c == '\\' && (cur(r) == '"' || cur(r) == '\\'))
            c = r->s[r->i++];
        if (len == MAX_TAG_VALUE - 1) {
            free(value);
            return fail(r, value_at, "the value of tag %s is too long", name);
        }
        value[len++] = c;
    }
    value[len] = 0;
    while (cur(r) == ' ' || cur(r) == '\t')
        r->i++;
    if (cur(r) != ']') {
        free(value);
        return fail(r, r->i, "expected ']' to close tag %s", name);
    }
    r->i++;
    if (r->b.g.ntags >= PGN_MAX_TAGS) {
        free(value);
        return fail(r, value_at, "more than %d tags in one game (a game has a few dozen): not a game record",
                    PGN_MAX_TAGS);
    }
    add_tag(&r->b, name, value, value_at);
    r->b.tags_end = r->i;
    free(value);
    return true;
}

static bool read_comment(Reader *r)
{
    size_t open = r->i++;
    const char *close = memchr(r->s + r->i, '}', r->len - r->i);
    if (!close) {
        r->touched_end = true;
        return fail(r, open, "the comment opened here is never closed (a '}' is missing)");
    }
    add_comment(&r->b, r->s + r->i, (size_t)(close - (r->s + r->i)));
    r->i = (size_t)(close - r->s) + 1;
    return true;
}

/* Skip a variation with the variations and comments inside it. */
static bool skip_variation(Reader *r)
{
    size_t open = r->i;
    int depth = 0;
    while (!at_end(r)) {
        char c = r->s[r->i];
        if (c == '{') {
            const char *close = memchr(r->s + r->i, '}', r->len - r->i);
            if (!close) {
                r->touched_end = true;
                return fail(r, r->i, "the comment opened here is never closed (a '}' is missing)");
            }
            r->i = (size_t)(close - r->s);
        } else if (c == ';')
            skip_line(r);
        else if (c == '(')
            depth++;
        else if (c == ')' && --depth == 0) {
            r->i++;
            return true;
        }
        if (!at_end(r))
            r->i++;
    }
    return fail(r, open, "the variation opened here is never closed (a ')' is missing)");
}

/* Read a symbol token at r->i into buf; false (with a message) if too long. */
static bool read_symbol(Reader *r, char *buf, size_t *at)
{
    size_t n = 0;
    *at = r->i;
    while (!at_end(r) && !is_delim(r->s[r->i])) {
        if (n == MAX_TOKEN)
            return fail(r, *at, "\"%.20s...\" is too long for a move", r->s + *at);
        buf[n++] = r->s[r->i++];
    }
    buf[n] = 0;
    return true;
}

/* "LN" or "+WO": a Cashew piece code that begins a readable move. */
static bool read_symbol_token(Reader *r)
{
    char tok[MAX_TOKEN + 1];
    size_t at;
    if (!read_symbol(r, tok, &at))
        return false;
    if (!tok[0])
        return fail(r, at, "unexpected '%c'", cur(r));
    begin_game(r, at);
    if (is_result(tok)) {
        r->b.movetext_result = outcome_of(tok);
        snprintf(r->b.g.terminator, sizeof r->b.g.terminator, "%.7s", tok);
        r->b.content = true;
        return finish_game(r);
    }
    /* a move number: "12." "12..." "12.e4" or a bare "12" */
    char *p = tok;
    if (isdigit((unsigned char)*p)) {
        while (isdigit((unsigned char)*p))
            p++;
        if (*p == '.')
            while (*p == '.')
                p++;
        else if (*p)
            p = tok; /* not a number after all */
    }
    size_t n = strlen(p);
    while (n && (p[n - 1] == '!' || p[n - 1] == '?'))
        p[--n] = 0;
    if (!n)
        return true;
    if (!start_movetext(r))
        return false;
    at += (size_t)(p - tok);
    if (move_text_goes_on(r->b.pos, p)) {
        /* readable Cashew text split at its space: "LN e5xf6-g7+" */
        char rest[MAX_TOKEN + 1], joined[2 * MAX_TOKEN + 2];
        size_t rest_at;
        skip_space(r);
        if (!read_symbol(r, rest, &rest_at))
            return false;
        if (!rest[0])
            return fail(r, at, "the piece code %s is not followed by its move", p);
        snprintf(joined, sizeof joined, "%s %s", p, rest);
        return play_move(r, at, joined);
    }
    return play_move(r, at, p);
}

/* Whether the tag at r->i begins a new game although no result closed the
 * last one: it follows movetext; or the game so far is tags alone, and this
 * tag repeats one of them or is an [Event] after a blank line (a tag section
 * ends at a blank line).  Otherwise a game of tags only would swallow the
 * next game, while [Variant] then [Event] on the next line stay one game. */
static bool tag_starts_game(Reader *r)
{
    const Builder *b = &r->b;
    if (b->pos)
        return true;
    if (!b->g.ntags)
        return false;
    size_t i = r->i + 1, n = 0;
    while (i < r->len && (r->s[i] == ' ' || r->s[i] == '\t'))
        i++;
    while (i + n < r->len && (isalnum((unsigned char)r->s[i + n]) || r->s[i + n] == '_'))
        n++;
    if (i + n >= r->len)
        r->touched_end = true;
    if (has_tag_named(b, r->s + i, n))
        return true;
    if (n != 5 || memcmp(r->s + i, "Event", 5))
        return false;
    int newlines = 0;
    for (size_t k = b->tags_end; k < r->i; k++)
        if (r->s[k] == '\n')
            newlines++;
        else if (!isspace((unsigned char)r->s[k]))
            newlines = 0;
    return newlines >= 2;
}

static bool read_all(Reader *r)
{
    while (skip_space(r)) {
        size_t at = r->i;
        char c = r->s[at];
        if (!r->b.started && !r->games.count)
            r->idle_at = at;
        bool comment_line = c == ';' || (c == '%' && (at == 0 || r->s[at - 1] == '\n'));
        if (r->max_games && r->games.count >= r->max_games && !r->b.started && !comment_line) {
            r->more = true; /* a game ended by its result, and more text follows */
            return true;
        }
        switch (c) {
        case '%':
            if (at == 0 || r->s[at - 1] == '\n') {
                skip_line(r);
                break;
            }
            if (!read_symbol_token(r))
                return false;
            break;
        case '[':
            if (tag_starts_game(r)) { /* a new game: the last one ends (it had no result) */
                if (!finish_game(r))
                    return false;
                if (r->max_games && r->games.count >= r->max_games) {
                    r->more = true;
                    return true;
                }
            }
            begin_game(r, at);
            if (!read_tag(r))
                return false;
            break;
        case '{':
            begin_game(r, at);
            if (!read_comment(r))
                return false;
            break;
        case ';':
            skip_line(r);
            break;
        case '(':
            if (!skip_variation(r))
                return false;
            break;
        case ')':
        case '}':
        case ']':
        case '"':
            return fail(r, at, "unexpected '%c'", c);
        case '$':
            r->i++;
            if (!isdigit((unsigned char)cur(r)))
                return fail(r, at, "expected a number after '$'");
            while (isdigit((unsigned char)cur(r)))
                r->i++;
            break;
        default:
            if (!read_symbol_token(r))
                return false;
        }
    }
    if (!r->b.started && !r->games.count && !r->line_cut)
        r->idle_at = r->i; /* nothing but blanks and whole comments: a stream's window drops them */
    if (!finish_game(r))
        return false;
    if (!r->games.count && !r->none_is_fine)
        return fail(r, r->len, "no game in the file");
    return true;
}

static bool read_text(const char *text, size_t len, const VariantDef *fallback, int max_games, PgnGames *out,
                      bool *more, KageError *err)
{
    Variants vars = {{0}, 0};
    Reader r = {.s = text, .len = len, .fallback = fallback, .vars = &vars, .err = err, .scan_line = 1,
                .max_games = max_games};
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        r.i = 3; /* a UTF-8 byte-order mark, as some Windows editors write */
    const char *nul = memchr(text, 0, len);
    bool ok = nul ? fail(&r, (size_t)(nul - text), "a NUL byte: this is not a text file") : read_all(&r);
    builder_reset(&r.b);
    variants_free(&vars);
    if (!ok) {
        pgn_games_free(&r.games);
        memset(out, 0, sizeof *out);
        return false;
    }
    *out = r.games;
    if (more)
        *more = r.more;
    return true;
}

bool pgn_read(const char *text, size_t len, const VariantDef *fallback, PgnGames *out, KageError *err)
{
    return read_text(text, len, fallback, 0, out, NULL, err);
}

bool pgn_read_first(const char *text, size_t len, const VariantDef *fallback, PgnGames *out, bool *more,
                    KageError *err)
{
    return read_text(text, len, fallback, 1, out, more, err);
}

/* --- a stream, game by game ------------------------------------------------------------ */

struct PgnStream {
    int fd;
    const VariantDef *fallback;
    Variants vars;
    char *buf;            /* the window: the input from a line's start */
    size_t cap, len, pos; /* pos: where the next game is looked for */
    int line_base;        /* lines of the input before buf */
    size_t scan_at, scan_line_start; /* line_of's memory, kept from game to game */
    int scan_line;
    int games;            /* games read so far */
    bool eof;             /* the input ends at len */
    bool nul;             /* ... because a NUL byte is there */
    bool begun, failed;
};

PgnStream *pgn_stream_new(int fd, const VariantDef *fallback)
{
    PgnStream *st = xcalloc(1, sizeof *st);
    st->fd = fd;
    st->fallback = fallback;
    st->cap = STREAM_CHUNK;
    st->buf = xmalloc(st->cap);
    st->buf[0] = 0;
    st->scan_line = 1;
    return st;
}

void pgn_stream_free(PgnStream *st)
{
    if (!st)
        return;
    variants_free(&st->vars);
    free(st->buf);
    free(st);
}

/* Read more of the input into the window: first drop the lines before the
 * one that holds pos, then grow the window when less than half of it is
 * free (a game longer than the window).  False with err set on a read
 * error or a game longer than STREAM_GAME_MAX. */
static bool stream_fill(PgnStream *st, KageError *err)
{
    size_t keep = st->pos;
    while (keep > 0 && st->buf[keep - 1] != '\n')
        keep--;
    if (keep) {
        for (size_t k = 0; k < keep; k++)
            st->line_base += st->buf[k] == '\n';
        memmove(st->buf, st->buf + keep, st->len - keep);
        st->len -= keep;
        st->pos -= keep;
        st->scan_at = st->scan_line_start = 0;
        st->scan_line = 1;
    }
    if (st->cap - st->len - 1 < st->cap / 2) {
        if (st->cap >= STREAM_GAME_MAX)
            return kage_error(err, -1, "line %d: a game longer than %u MB: not a game record", st->line_base + 1,
                              STREAM_GAME_MAX >> 20);
        st->cap *= 2;
        st->buf = xrealloc(st->buf, st->cap);
    }
    /* read(), not fread(): what a pipe holds now is read at once (a game
     * written by a program that goes on is reported before the next) */
    ssize_t r;
    while ((r = read(st->fd, st->buf + st->len, st->cap - st->len - 1)) < 0 && errno == EINTR)
        ;
    if (r < 0)
        return kage_error(err, -1, "%s", strerror(errno));
    size_t got = (size_t)r;
    const char *nul = memchr(st->buf + st->len, 0, got);
    st->len += got;
    if (nul) { /* the text ends there, as a NUL byte is an error */
        st->len = (size_t)(nul - st->buf);
        st->nul = true;
    }
    st->buf[st->len] = 0;
    st->eof = !got || nul;
    return true;
}

int pgn_stream_next(PgnStream *st, PgnGame *out, KageError *err)
{
    if (st->failed) {
        kage_error(err, -1, "the input was not read past an error");
        return -1;
    }
    if (!st->begun) {
        st->begun = true;
        if (!stream_fill(st, err)) {
            st->failed = true;
            return -1;
        }
        if (st->len >= 3 && !memcmp(st->buf, "\xef\xbb\xbf", 3))
            st->pos = 3; /* a UTF-8 byte-order mark, as some Windows editors write */
    }
    for (;;) {
        Reader r = {.s = st->buf, .len = st->len, .i = st->pos, .fallback = st->fallback, .vars = &st->vars,
                    .err = err, .scan_at = st->scan_at, .scan_line_start = st->scan_line_start,
                    .scan_line = st->scan_line, .max_games = 1, .line_base = st->line_base,
                    .none_is_fine = st->games > 0, .idle_at = st->pos};
        bool ok = read_all(&r);
        builder_reset(&r.b);
        /* a game that ended (at its result, or at the next game's tag)
         * before the window's end is whole, whatever follows it: the blanks
         * after it are not kept in the window */
        bool whole = ok && r.games.count && r.first_whole;
        if (r.touched_end && (!st->eof || st->nul) && !whole) {
            pgn_games_free(&r.games);
            if (st->eof) { /* st->nul: the text went on to a NUL byte */
                fail(&r, st->len, "a NUL byte: this is not a text file");
                st->failed = true;
                return -1;
            }
            st->pos = r.idle_at; /* what comes before is no part of a game: dropped */
            if (!stream_fill(st, err)) {
                st->failed = true;
                return -1;
            }
            continue;
        }
        if (!ok) {
            pgn_games_free(&r.games);
            st->failed = true;
            return -1;
        }
        /* past what followed the game, unless that ran to the window's end
         * (a ';' line cut there is read again whole) */
        st->pos = r.touched_end && whole ? r.first_end : r.i;
        st->scan_at = r.scan_at;
        st->scan_line_start = r.scan_line_start;
        st->scan_line = r.scan_line;
        if (!r.games.count)
            return 0;
        *out = r.games.games[0];
        r.games.games[0] = (PgnGame){0};
        pgn_games_free(&r.games);
        st->games++;
        return 1;
    }
}
