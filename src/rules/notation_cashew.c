/* Cashew Shogi move text: canonical, XBoard multi-leg and readable forms
 * (the forms and their examples are in include/kage/rules/notation_cashew.h).
 * Text is read into a request (from, end square, captured squares, pass) and
 * matched against the effects of the legal moves, so each form names a move
 * by what it does, never by the path the piece took. */
#include "kage/rules/notation_cashew.h"
#include "kage/rules/util.h"
#include "kage/rules/movegen.h"
#include "notation_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_LEGS 4

/* What a text asks for: a pass, or from -> to removing the pieces on cap[]. */
typedef struct Request {
    bool pass;
    bool promo; /* a '+' was written */
    int from, to;
    int ncap;
    int cap[MAX_LEGS + 1];
} Request;

/* --- effects ----------------------------------------------------------- */

int cashew_move_captures(const Position *pos, Move m, int sqs[3])
{
    int n = 0, from = move_from(m), to = move_to(m);
    if (move_kind(m) == MOVE_PASS || move_kind(m) == MOVE_DROP)
        return 0;
    if (move_kind(m) == MOVE_LOCUST) {
        int d = pos->v->dir8[move_locust_dir(m)], mask = move_locust_mask(m);
        for (int k = 0; k < 2; k++)
            if (mask & (1 << k))
                sqs[n++] = from + (k + 1) * d;
    }
    if (to != from && pos->board[to] != PIECE_EMPTY)
        sqs[n++] = to;
    return n;
}

static void sort_squares(int *sq, int n)
{
    /* padded square indices grow with (rank, file) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && sq[j - 1] > sq[j]; j--) {
            int t = sq[j];
            sq[j] = sq[j - 1];
            sq[j - 1] = t;
        }
}

static bool move_promotes(const Position *pos, Move m, int ncap)
{
    const Variant *v = pos->v;
    if (move_kind(m) == MOVE_PROMO)
        return true;
    return ncap && v->def->promo_rule == PROMO_ON_CAPTURE && move_kind(m) != MOVE_PASS &&
           v->type[piece_type(pos->board[move_from(m)])].promotes;
}

/* --- writing --------------------------------------------------------------- */

int move_to_cashew(const Position *pos, Move m, enum CashewText form, char *buf)
{
    const Variant *v = pos->v;
    int caps[3], ncap = cashew_move_captures(pos, m, caps);
    int from = move_from(m), to = move_to(m), n = 0;
    bool at_to = ncap && caps[ncap - 1] == to && to != from;
    int nway = ncap - at_to; /* captured squares passed on the way */
    if (move_kind(m) == MOVE_PASS)
        return sprintf(buf, "%s", form == CASHEW_XBOARD ? "@@@@" : "pass");
    switch (form) {
    case CASHEW_XBOARD:
        /* legs: from -> each square captured on the way -> end square */
        n += variant_square_name(v, from, buf + n);
        for (int k = 0; k < nway; k++) {
            n += variant_square_name(v, caps[k], buf + n);
            buf[n++] = ',';
            n += variant_square_name(v, caps[k], buf + n);
        }
        n += variant_square_name(v, to, buf + n);
        break;
    case CASHEW_READABLE: {
        const char *code = v->type[piece_type(pos->board[from])].def->code;
        n += sprintf(buf + n, "%s ", code ? code : "??");
        n += variant_square_name(v, from, buf + n);
        for (int k = 0; k < nway; k++) {
            buf[n++] = 'x';
            n += variant_square_name(v, caps[k], buf + n);
        }
        buf[n++] = at_to ? 'x' : '-';
        n += variant_square_name(v, to, buf + n);
        break;
    }
    default: /* CASHEW_CANONICAL */
        n += variant_square_name(v, from, buf + n);
        buf[n++] = '-';
        n += variant_square_name(v, to, buf + n);
        sort_squares(caps, ncap);
        for (int k = 0; k < ncap; k++) {
            buf[n++] = k ? ',' : 'x';
            n += variant_square_name(v, caps[k], buf + n);
        }
        break;
    }
    if (move_promotes(pos, m, ncap))
        buf[n++] = '+';
    buf[n] = 0;
    return n;
}

/* --- reading: text into a request ------------------------------------------ */

/* Read a square at text[*i]; `what` names it in the message when it is missing. */
static bool read_square(const Position *pos, const char *text, int *i, int *sq, const char *what, KageError *err)
{
    int n = variant_parse_square(pos->v, text + *i, sq);
    if (!n) {
        if (!text[*i])
            return kage_error(err, *i, "%s is missing at the end", what);
        return kage_error(err, *i, "expected %s (a1 to %c%d) at \"%s\"", what, 'a' + pos->v->files - 1,
                          pos->v->ranks, text + *i);
    }
    *i += n;
    return true;
}

static bool add_capture(Request *rq, int sq, const Position *pos, int column, KageError *err)
{
    char name[8];
    for (int k = 0; k < rq->ncap; k++)
        if (rq->cap[k] == sq) {
            variant_square_name(pos->v, sq, name);
            return kage_error(err, column, "%s is captured twice", name);
        }
    if (rq->ncap >= MAX_LEGS + 1)
        return kage_error(err, column, "too many captured squares (a move captures at most 3)");
    rq->cap[rq->ncap++] = sq;
    return true;
}

/* An optional '+', then the end of the text. */
static bool read_tail(const char *text, int i, Request *rq, KageError *err)
{
    if (text[i] == '+')
        rq->promo = true, i++;
    if (text[i])
        return kage_error(err, i, "unexpected \"%s\" after the move", text + i);
    return true;
}

/* The end of a move's text at i: the end square captures the enemy on it,
 * unless a turning point already took that piece (XBoard writes a Wolf's
 * two out and one back as e5e6,e6e7,e7e6); then an optional '+'. */
static bool read_end(const Position *pos, const char *text, int i, Request *rq, KageError *err)
{
    Piece p = pos->board[rq->to];
    bool taken = false;
    for (int j = 0; j < rq->ncap; j++)
        taken |= rq->cap[j] == rq->to;
    if (rq->to != rq->from && !taken && p != PIECE_EMPTY && piece_color(p) != pos->side &&
        !add_capture(rq, rq->to, pos, i, err))
        return false;
    return read_tail(text, i, rq, err);
}

static bool read_canonical(const Position *pos, const char *text, Request *rq, KageError *err)
{
    int i = 0, sq;
    if (!read_square(pos, text, &i, &rq->from, "the start square", err))
        return false;
    if (text[i] != '-')
        return kage_error(err, i, "expected '-' after the start square (canonical form: from-to[xcaptures][+])");
    i++;
    if (!read_square(pos, text, &i, &rq->to, "the end square", err))
        return false;
    if (text[i] == 'x')
        do {
            int col = ++i;
            if (!read_square(pos, text, &i, &sq, "a captured square", err) || !add_capture(rq, sq, pos, col, err))
                return false;
        } while (text[i] == ',');
    return read_tail(text, i, rq, err);
}

static bool read_xboard(const Position *pos, const char *text, Request *rq, KageError *err)
{
    int i = 0, a, b, way[MAX_LEGS], nlegs = 0;
    char name[8];
    for (;;) {
        int col = i;
        if (!read_square(pos, text, &i, &a, nlegs ? "the start of a leg" : "the start square", err) ||
            !read_square(pos, text, &i, &b, "the end of a leg", err))
            return false;
        if (nlegs && a != way[nlegs - 1]) {
            variant_square_name(pos->v, way[nlegs - 1], name);
            return kage_error(err, col, "leg %d must start where leg %d ended (%s)", nlegs + 1, nlegs, name);
        }
        if (!nlegs)
            rq->from = a;
        if (nlegs == MAX_LEGS)
            return kage_error(err, col, "too many legs (a move has at most %d)", MAX_LEGS);
        way[nlegs++] = b;
        if (text[i] != ',')
            break;
        i++;
    }
    rq->to = way[nlegs - 1];
    /* every enemy on a turning point is captured; other points are only path */
    for (int k = 0; k < nlegs - 1; k++) {
        bool dup = false;
        for (int j = 0; j < rq->ncap; j++)
            dup |= rq->cap[j] == way[k];
        if (!dup && pos->board[way[k]] != PIECE_EMPTY && piece_color(pos->board[way[k]]) != pos->side)
            rq->cap[rq->ncap++] = way[k];
    }
    return read_end(pos, text, i, rq, err);
}

/* "LN", "ln", "+WO": a piece code at the start of readable text. */
static int code_length(const char *text)
{
    int n = text[0] == '+';
    if (!isalpha((unsigned char)text[n]) || !isalpha((unsigned char)text[n + 1]))
        return 0;
    return n + 2;
}

bool cashew_is_code(const char *word)
{
    int n = code_length(word);
    return n && !word[n];
}

bool cashew_names_a_start(Position *pos, const char *text, KageError *err)
{
    while (isspace((unsigned char)*text))
        text++;
    /* a square alone, after a code and blanks (P e5, LNe5), or after one
     * capital (Pe5: a code is two letters, so that one matches nothing) */
    int clen = code_length(text), sq = 0, i = -1;
    for (int try = 0; try < 3 && i < 0; try++) {
        int at = try == 0 ? 0 : try == 1 ? clen : isupper((unsigned char)text[0]) ? 1 : -1;
        if (at < 0 || (try == 1 && !clen))
            continue;
        while (at && text[at] == ' ')
            at++;
        int n = isalpha((unsigned char)text[at]) ? variant_parse_square(pos->v, text + at, &sq) : 0;
        int k = at + n;
        while (n && isspace((unsigned char)text[k]))
            k++;
        if (n && !text[k]) {
            i = at;
            clen = try == 1 ? clen : 0;
        }
    }
    if (i < 0)
        return true;
    MoveList list;
    movegen_legal(pos, &list);
    char moves[160] = "", square[8];
    int found = 0;
    variant_square_name(pos->v, sq, square);
    for (int k = 0; k < list.count; k++) {
        Move m = list.moves[k];
        char t[MOVE_TEXT_MAX];
        if (move_kind(m) == MOVE_PASS || move_to(m) != sq)
            continue;
        move_to_cashew(pos, m, CASHEW_READABLE, t);
        const char *space = strchr(t, ' ');
        if (clen && (!space || space - t != clen || strncasecmp(t, text, (size_t)clen)))
            continue;
        if (found < 4 && strlen(moves) + strlen(t) + 3 < sizeof moves)
            strcat(strcat(moves, found ? ", " : ""), t);
        found++;
    }
    int tlen = (int)strlen(text);
    while (tlen && isspace((unsigned char)text[tlen - 1]))
        tlen--;
    if (!found)
        return kage_error(err, -1, "%.*s: no %.*s%scan go to %s", tlen, text, clen, text, clen ? " " : "piece ", square);
    return kage_error(err, -1, "%.*s: a move names the piece's start square too, as in %s%s", tlen, text, moves,
                      found > 4 ? ", ..." : "");
}

static bool read_readable(const Position *pos, const char *text, Request *rq, char *code, KageError *err)
{
    int i = 0, sq;
    int clen = code_length(text);
    code[0] = 0;
    if (clen) {
        if (text[clen] != ' ')
            return kage_error(err, clen, "expected a space after the piece code \"%.*s\"", clen, text);
        memcpy(code, text, (size_t)clen);
        code[clen] = 0;
        for (i = clen; text[i] == ' '; i++)
            ;
    }
    if (!read_square(pos, text, &i, &rq->from, "the start square", err))
        return false;
    int nsteps = 0, sq_next;
    /* "LN e5f6": a person's code and the two squares alone, as a step */
    bool bare = variant_parse_square(pos->v, text + i, &sq_next) > 0;
    while (text[i] == 'x' || text[i] == '-' || bare) {
        char sep = bare ? '-' : text[i];
        int col = bare ? i : ++i;
        bare = false;
        if (!read_square(pos, text, &i, &sq, "a square", err))
            return false;
        if (text[i] == 'x' || text[i] == '-') {
            if (sep == 'x' && !add_capture(rq, sq, pos, col, err))
                return false;
        } else {
            rq->to = sq;
            if (sep == 'x' && sq == rq->from)
                return kage_error(err, col, "the end square is the start square: write -%.*s for igui",
                                  i - col, text + col);
        }
        nsteps++;
    }
    if (!nsteps)
        return kage_error(err, i, "expected 'x' or '-' and a square after the start square");
    /* the end square captures whatever enemy stands on it, 'x' or '-' */
    return read_end(pos, text, i, rq, err);
}

/* XBoard's SAN for Cashew, as its -saveGameFile writes it: the piece's
 * letters of the setup line (P, D', L!, +X: the piece's FEN letters), an
 * optional start file, rank or square, each leg's square after x (a
 * capture there) or - (a step), then '+' (a promotion) or check marks:
 * Pb5, D'xd9, L!xc7-d6+ (the Lion takes c7 and comes back), +L!f4.  True
 * if text has that form (piece is then its letters, at the start of text). */
static bool xboard_san_piece(const char *text, char *piece, int *len)
{
    int n = text[0] == '+';
    if (!isupper((unsigned char)text[n]))
        return false;
    n++;
    if (text[n] == '!' || text[n] == '\'')
        n++;
    /* then a small letter, a digit, x or -; a second capital is a code (LN e5-e6) */
    if (!text[n] || !(islower((unsigned char)text[n]) || isdigit((unsigned char)text[n]) || text[n] == '-'))
        return false;
    if (strchr(text, ' '))
        return false;
    memcpy(piece, text, (size_t)n);
    piece[n] = 0;
    *len = n;
    return true;
}

static bool read_xboard_san(Position *pos, const char *text, Move *out, KageError *err)
{
    const Variant *v = pos->v;
    char piece[4];
    int i, sq, n, from_file = -1, from_rank = -1, from_sq = -1;
    if (!xboard_san_piece(text, piece, &i))
        return kage_error(err, 0, "not a move: %s", text);
    /* the start, where the text names it: a square, a file or a rank before the legs */
    n = variant_parse_square(v, text + i, &sq);
    int n2 = n ? variant_parse_square(v, text + i + n, &(int){0}) : 0;
    if (n && (text[i + n] == 'x' || text[i + n] == '-' || n2))
        from_sq = sq, i += n;
    else if (!n && text[i] >= 'a' && text[i] < 'a' + v->files)
        from_file = text[i++] - 'a';
    else if (!n && isdigit((unsigned char)text[i])) {
        from_rank = 0;
        while (isdigit((unsigned char)text[i]) && from_rank < 100)
            from_rank = from_rank * 10 + (text[i++] - '0');
        from_rank--;
    }
    int legs[MAX_LEGS + 1], nlegs = 0, caps[MAX_LEGS + 1], ncaps = 0;
    while (text[i] && text[i] != '+' && text[i] != '#') {
        bool takes = text[i] == 'x';
        if (text[i] == 'x' || text[i] == '-')
            i++;
        else if (nlegs)
            return kage_error(err, i, "expected x or - before the square at \"%s\"", text + i);
        if (nlegs == MAX_LEGS + 1)
            return kage_error(err, i, "too many legs (a move has at most %d)", MAX_LEGS);
        if (!read_square(pos, text, &i, &legs[nlegs], "a square", err))
            return false;
        if (takes)
            caps[ncaps++] = legs[nlegs];
        nlegs++;
    }
    if (!nlegs)
        return kage_error(err, i, "the square the piece goes to is missing");
    bool promo = text[i] == '+';
    while (text[i] == '+' || text[i] == '#')
        i++;
    if (text[i])
        return kage_error(err, i, "unexpected \"%s\" after the move", text + i);
    int to = legs[nlegs - 1];
    MoveList list;
    movegen_legal(pos, &list);
    Move found[8];
    int nfound = 0;
    bool any_promotes = false;
    for (int k = 0; k < list.count; k++) {
        Move m = list.moves[k];
        if (move_kind(m) == MOVE_DROP)
            continue;
        int f = move_from(m);
        if (move_kind(m) == MOVE_PASS) {
            /* a Lion or Wolf out and back without a capture: a pass, by a piece of this kind */
            bool ok = !ncaps && pos->board[to] != PIECE_EMPTY && piece_color(pos->board[to]) == pos->side &&
                      !strcmp(v->type[piece_type(pos->board[to])].def->fen, piece) && nlegs > 1;
            for (int l = 0; ok && l < nlegs - 1; l++)
                ok = legs[l] != to;
            if (ok && from_sq < 0 && from_file < 0 && from_rank < 0)
                found[nfound < 8 ? nfound++ : 7] = m;
            continue;
        }
        if (move_to(m) != to || strcmp(v->type[piece_type(pos->board[f])].def->fen, piece))
            continue;
        if ((from_sq >= 0 && f != from_sq) || (from_file >= 0 && v->file_of[f] != from_file) ||
            (from_rank >= 0 && v->rank_of[f] != from_rank))
            continue;
        int got[3], ngot = cashew_move_captures(pos, m, got);
        bool same = true;
        for (int a = 0; a < ngot && same; a++) {
            bool listed = got[a] == to && to != f; /* the end square takes whatever stands there */
            for (int b = 0; b < ncaps; b++)
                listed |= caps[b] == got[a];
            same = listed;
        }
        for (int b = 0; b < ncaps && same; b++) {
            bool taken = false;
            for (int a = 0; a < ngot; a++)
                taken |= caps[b] == got[a];
            same = taken;
        }
        if (!same)
            continue;
        any_promotes |= move_promotes(pos, m, ngot);
        found[nfound < 8 ? nfound++ : 7] = m;
    }
    /* a '+' picks the promotion where there is a choice, else it is a check mark */
    int keep = 0;
    for (int k = 0; k < nfound; k++) {
        int got[3];
        bool p = move_kind(found[k]) != MOVE_PASS && move_promotes(pos, found[k], cashew_move_captures(pos, found[k], got));
        if (nfound == 1 || p == (promo && any_promotes))
            found[keep++] = found[k];
    }
    if (keep == 1) {
        *out = found[0];
        return true;
    }
    if (keep > 1)
        return kage_error(err, -1, "ambiguous move %s: name the start square (as %s%c%d...)", text, piece,
                          'a' + v->file_of[move_from(found[0])], v->rank_of[move_from(found[0])] + 1);
    return kage_error(err, -1, "illegal move: %s", text);
}

/* --- reading: request into a legal move -------------------------------------- */

static bool same_effect(const Position *pos, Move m, const Request *rq)
{
    if (move_kind(m) == MOVE_PASS)
        return rq->pass;
    if (rq->pass || move_from(m) != rq->from || move_to(m) != rq->to)
        return false;
    int caps[3], n = cashew_move_captures(pos, m, caps);
    if (n != rq->ncap)
        return false;
    for (int k = 0; k < n; k++) {
        bool found = false;
        for (int j = 0; j < rq->ncap; j++)
            found |= rq->cap[j] == caps[k];
        if (!found)
            return false;
    }
    return true;
}

static const char *piece_name(const Position *pos, int sq)
{
    return pos->v->type[piece_type(pos->board[sq])].def->name;
}

/* Why no legal move matches: the most useful thing we can say. */
static bool explain_illegal(const Position *pos, const Request *rq, int nlegal, KageError *err)
{
    const Variant *v = pos->v;
    char from[8], to[8], list[40] = "";
    if (!nlegal)
        return kage_error(err, -1, "no move is possible: the game is over");
    if (rq->pass)
        return kage_error(err, -1, "illegal move: no Lion or Wolf can pass (one needs an empty neighbour)");
    variant_square_name(v, rq->from, from);
    variant_square_name(v, rq->to, to);
    Piece p = pos->board[rq->from];
    if (p == PIECE_EMPTY)
        return kage_error(err, -1, "illegal move: no piece on %s", from);
    if (piece_color(p) != pos->side)
        return kage_error(err, -1, "illegal move: the %s on %s belongs to %s, and %s is to move",
                          piece_name(pos, rq->from), from, piece_color(p) == WHITE ? v->def->white_name : v->def->black_name,
                          pos->side == WHITE ? v->def->white_name : v->def->black_name);
    for (int k = 0; k < rq->ncap; k++) {
        Piece c = pos->board[rq->cap[k]];
        char sq[8];
        variant_square_name(v, rq->cap[k], sq);
        if (c == PIECE_EMPTY)
            return kage_error(err, -1, "illegal move: nothing to capture on %s", sq);
        if (piece_color(c) == pos->side)
            return kage_error(err, -1, "illegal move: %s holds your own %s", sq, piece_name(pos, rq->cap[k]));
    }
    Piece at = pos->board[rq->to];
    if (rq->to != rq->from && at != PIECE_EMPTY && piece_color(at) != pos->side) {
        bool listed = false;
        for (int k = 0; k < rq->ncap; k++)
            listed |= rq->cap[k] == rq->to;
        if (!listed)
            return kage_error(err, -1, "illegal move: a move ending on %s captures the %s there (write x%s)", to,
                              piece_name(pos, rq->to), to);
    }
    for (int k = 0, n = 0; k < rq->ncap; k++) {
        n += snprintf(list + n, sizeof list - (size_t)n, "%s", k ? "," : " capturing ");
        n += variant_square_name(v, rq->cap[k], list + n);
    }
    return kage_error(err, -1, "illegal move: the %s on %s cannot go to %s%s", piece_name(pos, rq->from), from, to,
                      list);
}

static bool codes_equal(const char *a, const char *b)
{
    for (; *a && toupper((unsigned char)*a) == toupper((unsigned char)*b); a++, b++)
        ;
    return !*a && !*b;
}

/* Does the code a person wrote name the piece on the start square? */
static bool code_matches(const Position *pos, const char *code, int from, KageError *err)
{
    char sq[8];
    Piece p = pos->board[from];
    if (!code[0] || p == PIECE_EMPTY)
        return true;
    const char *own = pos->v->type[piece_type(p)].def->code;
    if (own && (codes_equal(code, own) || (own[0] == '+' && codes_equal(code, own + 1))))
        return true;
    variant_square_name(pos->v, from, sq);
    return kage_error(err, 0, "%s holds a %s (%s), not %s", sq, piece_name(pos, from), own ? own : "?", code);
}

/* A Lion or Wolf going out and back without capturing is the pass. */
static bool is_pass_path(const Position *pos, const Request *rq)
{
    if (rq->from != rq->to || rq->ncap)
        return false;
    Piece p = pos->board[rq->from];
    if (p == PIECE_EMPTY || piece_color(p) != pos->side)
        return false;
    enum Special s = pos->v->type[piece_type(p)].def->special;
    if (s != SPECIAL_LION && s != SPECIAL_BERSERKER && s != SPECIAL_WOLF)
        return false;
    for (int i = 0; i < 8; i++)
        if (pos->board[rq->from + pos->v->dir8[i]] == PIECE_EMPTY)
            return true;
    return false;
}

/* The pass as Kage writes it, as XBoard does, and as UCI's null move
 * (`kage uci` sends it so, and a GUI sends it back in `position ... moves`). */
static bool is_pass_text(const char *text)
{
    return !strcmp(text, "pass") || !strcmp(text, "@@@@") || !strcmp(text, "0000");
}

/* Which form a text is in, for CASHEW_ANY (see the header). */
static enum CashewText guess_form(const Position *pos, const char *text)
{
    int sq, n;
    if (code_length(text))
        return CASHEW_READABLE;
    if (!(n = variant_parse_square(pos->v, text, &sq)))
        return CASHEW_CANONICAL; /* its message names the missing start square */
    if (text[n] == 'x')
        return CASHEW_READABLE;
    if (text[n] == '-')
        return CASHEW_CANONICAL;
    return CASHEW_XBOARD;
}

bool move_from_cashew(Position *pos, const char *text, enum CashewText form, Move *out, KageError *err)
{
    char buf[MOVE_TEXT_MAX], code[4] = "";
    size_t len;
    while (isspace((unsigned char)*text))
        text++;
    len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (!len)
        return kage_error(err, 0, "empty move");
    if (len >= sizeof buf)
        return kage_error(err, 0, "move text too long");
    memcpy(buf, text, len);
    buf[len] = 0;

    Request rq;
    memset(&rq, 0, sizeof rq);
    char piece[4];
    int plen;
    if (form == CASHEW_ANY && xboard_san_piece(buf, piece, &plen))
        return read_xboard_san(pos, buf, out, err);
    if (form == CASHEW_ANY)
        form = guess_form(pos, buf);
    bool ok;
    if (is_pass_text(buf)) {
        rq.pass = ok = true;
    } else if (form == CASHEW_XBOARD)
        ok = read_xboard(pos, buf, &rq, err);
    else if (form == CASHEW_READABLE)
        ok = read_readable(pos, buf, &rq, code, err);
    else
        ok = read_canonical(pos, buf, &rq, err);
    if (!ok)
        return false;
    if (!rq.pass) {
        if (!code_matches(pos, code, rq.from, err))
            return false;
        rq.pass = is_pass_path(pos, &rq);
    }

    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!same_effect(pos, m, &rq))
            continue;
        int caps[3];
        if (rq.promo && !move_promotes(pos, m, cashew_move_captures(pos, m, caps)))
            return kage_error(err, (int)len - 1, "this move does not promote: leave out the '+'");
        *out = m;
        return true;
    }
    return explain_illegal(pos, &rq, list.count, err);
}
