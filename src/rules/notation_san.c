/* SAN as Fairy-Stockfish writes it (what pychess.org shows and exports):
 * piece letter, disambiguation by file, rank or square among pieces of the
 * same kind that could also go there, x for captures, =X for promotions,
 * P@e5 for drops, O-O / O-O-O, and + or # after checks. */
#include "kage/rules/movegen.h"
#include "kage/rules/util.h"
#include "notation_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_pawn(const Variant *v, int t) { return (v->pawn_types >> t) & 1; }

/* SAN without the check mark; the legal move list of pos is passed in. */
static int san_body(const Position *pos, Move m, const MoveList *legal, char *buf)
{
    const Variant *v = pos->v;
    int from = move_from(m), to = move_to(m), kind = move_kind(m), n = 0;
    if (kind == MOVE_CASTLE)
        return sprintf(buf, "%s", v->file_of[to] > v->file_of[from] ? "O-O" : "O-O-O");
    if (kind == MOVE_DROP) {
        n = sprintf(buf, "%c@", v->type[move_drop_type(m)].def->san);
        return n + variant_square_name(v, to, buf + n);
    }
    if (kind == MOVE_PASS)
        return sprintf(buf, "pass");
    int t = piece_type(pos->board[from]);
    bool capture = movegen_is_capture(pos, m);
    if (is_pawn(v, t)) {
        if (capture)
            buf[n++] = (char)('a' + v->file_of[from]);
    } else {
        buf[n++] = v->type[t].def->san;
        /* other pieces of the same kind with a legal move to the same square */
        bool others = false, same_file = false, same_rank = false;
        for (int i = 0; i < legal->count; i++) {
            Move o = legal->moves[i];
            int of = move_from(o);
            if (move_kind(o) == MOVE_DROP || move_to(o) != to || of == from || move_kind(o) == MOVE_CASTLE)
                continue;
            if (!((v->type[t].same_san >> piece_type(pos->board[of])) & 1))
                continue;
            others = true;
            same_file |= v->file_of[of] == v->file_of[from];
            same_rank |= v->rank_of[of] == v->rank_of[from];
        }
        if (others) {
            if (!same_file)
                buf[n++] = (char)('a' + v->file_of[from]);
            else if (!same_rank)
                n += sprintf(buf + n, "%d", v->rank_of[from] + 1);
            else
                n += variant_square_name(v, from, buf + n);
        }
    }
    if (capture)
        buf[n++] = 'x';
    n += variant_square_name(v, to, buf + n);
    if (kind == MOVE_PROMO)
        n += sprintf(buf + n, "=%c", v->type[v->type[t].promotes].def->san);
    buf[n] = 0;
    return n;
}

int move_to_san(Position *pos, Move m, char *buf)
{
    MoveList legal;
    movegen_legal(pos, &legal);
    int n = san_body(pos, m, &legal, buf);
    pos_make(pos, m);
    if (pos_in_check(pos)) {
        MoveList replies;
        movegen_legal(pos, &replies);
        buf[n++] = replies.count ? '+' : '#';
        buf[n] = 0;
    }
    pos_unmake(pos);
    return n;
}

/* Copy text without surrounding blanks and trailing check or comment marks. */
static void strip(const char *text, char *out, size_t size)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n && (isspace((unsigned char)text[n - 1]) || strchr("+#!?", text[n - 1])))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(out, text, n);
    out[n] = 0;
}

/* The square of a drop: algebraic (e5, as Fairy-Stockfish and XBoard write
 * P@e5 or P*e5) or shogi coordinates (5e, as in P*5e): the file counted from
 * the right and the rank lettered from the top, both as the first player
 * sees the board, so 1a is the top right corner and 5e is d4 on 8x8.  The two
 * forms cannot be confused: one starts with a letter, the other a digit.
 * Returns the length read, 0 if s does not start with a square. */
static int drop_square(const Variant *v, const char *s, int *sq)
{
    int n = variant_parse_square(v, s, sq);
    if (n || !isdigit((unsigned char)s[0]) || s[0] == '0')
        return n;
    int file = s[0] - '0';
    n = 1;
    if (isdigit((unsigned char)s[1]) && file * 10 + (s[1] - '0') <= v->files)
        file = file * 10 + (s[1] - '0'), n = 2;
    int row = s[n] - 'a';
    if (file > v->files || row < 0 || row >= v->ranks)
        return 0;
    *sq = v->sq_of[(v->ranks - 1 - row) * v->files + (v->files - file)];
    return n + 1;
}

/* A looser reading: piece letter, optional from-file/rank, x, square, =X. */
static bool san_loose(Position *pos, const char *s, const MoveList *legal, Move *out, KageError *err)
{
    const Variant *v = pos->v;
    if (!notation_squares_on_board(v, s, err))
        return false;
    char piece = 0, promo = 0;
    int from_file = -1, from_rank = -1, to = 0;
    const char *p = s;
    if (!strcmp(s, "0-0") || !strcmp(s, "0-0-0") || !strcmp(s, "O-O") || !strcmp(s, "O-O-O")) {
        bool king_side = strlen(s) == 3;
        for (int i = 0; i < legal->count; i++) {
            Move m = legal->moves[i];
            if (move_kind(m) == MOVE_CASTLE && (v->file_of[move_to(m)] > v->file_of[move_from(m)]) == king_side) {
                *out = m;
                return true;
            }
        }
        return kage_error(err, -1, "illegal move: %s (castling is not possible now)", s);
    }
    /* a drop: X@sq or X*sq (shogi style); a lower-case letter is read as its
     * capital here only, as elsewhere it could be a file */
    if (isalpha((unsigned char)p[0]) && (p[1] == '@' || p[1] == '*')) {
        piece = (char)toupper((unsigned char)*p++);
        int n = drop_square(v, p + 1, &to);
        if (!n || p[1 + n])
            return kage_error(err, -1, "not a move: %s", s);
        for (int i = 0; i < legal->count; i++) {
            Move m = legal->moves[i];
            if (move_kind(m) == MOVE_DROP && move_to(m) == to && v->type[move_drop_type(m)].def->san == piece) {
                *out = m;
                return true;
            }
        }
        return kage_error(err, -1, "illegal drop: %s", s);
    }
    /* XBoard's letters for a promoted piece: '+' and the letter of the
     * piece it was (+L, the Shinobi Lance promoted to a Rook) */
    char promoted[3] = "";
    if (p[0] == '+' && isupper((unsigned char)p[1])) {
        promoted[0] = '+', promoted[1] = p[1];
        p += 2;
    } else if (isupper((unsigned char)*p))
        piece = *p++;
    /* collect the square names and letters that remain */
    const char *last_sq = NULL;
    for (const char *q = p; *q; q++) {
        int sq, n = variant_parse_square(v, q, &sq);
        if (n && (!q[n] || q[n] == '=' || q[n] == '+' || isspace((unsigned char)q[n])))
            last_sq = q;
    }
    if (!last_sq)
        return kage_error(err, -1, "not a move: %s (no destination square)", s);
    int n = variant_parse_square(v, last_sq, &to);
    const char *tail = last_sq + n;
    if (*tail == '=' && isupper((unsigned char)tail[1]) && !tail[2])
        promo = tail[1];
    else if (*tail == '=' && !tail[1]) /* XBoard's "d3=+", its '+' stripped with the check marks */
        promo = '+';
    else if (*tail == '+' && !tail[1])
        promo = '+';
    else if (*tail)
        return kage_error(err, -1, "not a move: %s", s);
    bool says_capture = false;
    for (const char *q = p; q < last_sq; q++) {
        if (*q >= 'a' && *q < 'a' + v->files)
            from_file = *q - 'a';
        else if (isdigit((unsigned char)*q))
            from_rank = (int)strtol(q, (char **)&q, 10) - 1, q--;
        else if (*q == 'x' || *q == ':')
            says_capture = true;
        else if (*q != '-')
            return kage_error(err, -1, "not a move: %s", s);
    }
    /* "e6" names a pawn's step; a pawn's capture says where it comes from
     * (fxe6, or fe6), so a bare square never takes */
    bool no_capture = !piece && !says_capture && from_file < 0 && from_rank < 0;
    Move found = MOVE_NONE, capture = MOVE_NONE;
    int nfound = 0;
    char list[160] = "";
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        int kind = move_kind(m), mf = move_from(m);
        if (kind == MOVE_DROP || kind == MOVE_PASS || move_to(m) != to)
            continue;
        int t = piece_type(pos->board[mf]);
        char letter = is_pawn(v, t) ? 'P' : v->type[t].def->san;
        if (promoted[0] ? strcmp(v->type[t].def->fen, promoted) != 0 : (piece ? piece : 'P') != letter)
            continue;
        if ((from_file >= 0 && v->file_of[mf] != from_file) || (from_rank >= 0 && v->rank_of[mf] != from_rank))
            continue;
        if (promo && (kind != MOVE_PROMO || (promo != '+' && v->type[v->type[t].promotes].def->san != promo)))
            continue;
        if (no_capture && movegen_is_capture(pos, m)) {
            capture = m;
            continue;
        }
        if (!promo && kind == MOVE_PROMO) {
            /* where promotion is forced, "e8" means the promotion */
            bool plain_exists = false;
            for (int k = 0; k < legal->count; k++)
                if (legal->moves[k] == move_make(mf, to, MOVE_NORMAL, 0))
                    plain_exists = true;
            if (plain_exists)
                continue;
        }
        char san[MOVE_TEXT_MAX];
        san_body(pos, m, legal, san);
        if (strlen(list) + strlen(san) + 3 < sizeof list)
            strcat(strcat(list, nfound ? ", " : ""), san);
        found = m;
        nfound++;
    }
    if (nfound == 1) {
        *out = found;
        return true;
    }
    if (nfound > 1) {
        return kage_error(err, -1, "ambiguous move %.60s: could be %s", s, list);
    }
    if (capture) {
        char san[MOVE_TEXT_MAX];
        san_body(pos, capture, legal, san);
        return kage_error(err, -1, "illegal move: %.60s (a pawn move without x does not capture; the capture is %s)", s,
                          san);
    }
    return kage_error(err, -1, "illegal move: %s", s);
}

/* The same step as m, promoting, if that is legal too. */
static Move promoting_twin(const MoveList *legal, Move m)
{
    for (int i = 0; i < legal->count; i++) {
        Move o = legal->moves[i];
        if (move_kind(o) == MOVE_PROMO && move_from(o) == move_from(m) && move_to(o) == move_to(m))
            return o;
    }
    return MOVE_NONE;
}

/* "e6+" where e6 may promote or not: in SAN the + marks a check, in shogi
 * a promotion.  It is the plain move only where that move gives check;
 * otherwise a person is asked which was meant, the choices said.  In a
 * record (record true) it is the promotion: SAN writes no '+' after a move
 * that gives no check, and XBoard writes a piece's promotion that gives
 * check so (Shogun's e5d7+ is "Nxd7+", SAN's Nxd7=G+). */
static bool plus_is_clear(Position *pos, const char *text, const MoveList *legal, Move *m, bool record,
                          KageError *err)
{
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1]))
        n--;
    if (!n || text[n - 1] != '+' || move_kind(*m) != MOVE_NORMAL)
        return true;
    if (n >= 2 && strchr("+#", text[n - 2]))
        return true;
    Move twin = promoting_twin(legal, *m);
    if (!twin)
        return true;
    pos_make(pos, *m);
    bool check = pos_in_check(pos);
    pos_unmake(pos);
    if (check)
        return true;
    if (record) {
        *m = twin;
        return true;
    }
    char plain[MOVE_TEXT_MAX], promo[MOVE_TEXT_MAX];
    san_body(pos, *m, legal, plain);
    san_body(pos, twin, legal, promo);
    return kage_error(err, -1, "%.*s: promote or not? Write %s to promote, %s not to", (int)(n > 60 ? 60 : n), text,
                      promo, plain);
}

static bool san_read(Position *pos, const char *text, bool record, Move *out, KageError *err)
{
    char s[MOVE_TEXT_MAX], buf[MOVE_TEXT_MAX];
    MoveList legal;
    strip(text, s, sizeof s);
    if (!*s)
        return kage_error(err, -1, "empty move");
    movegen_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        san_body(pos, legal.moves[i], &legal, buf);
        if (!strcmp(buf, s)) {
            *out = legal.moves[i];
            return plus_is_clear(pos, text, &legal, out, record, err);
        }
    }
    /* UCI text, compared unstripped: a promotion ends in '+' */
    const char *t = text;
    while (isspace((unsigned char)*t))
        t++;
    size_t tlen = strlen(t);
    while (tlen && isspace((unsigned char)t[tlen - 1]))
        tlen--;
    for (int i = 0; i < legal.count; i++) {
        int n = move_to_uci(pos, legal.moves[i], buf);
        if ((size_t)n == tlen && !strncmp(buf, t, tlen)) {
            *out = legal.moves[i];
            return true;
        }
    }
    return san_loose(pos, s, &legal, out, err) && plus_is_clear(pos, text, &legal, out, record, err);
}

bool move_from_san(Position *pos, const char *text, Move *out, KageError *err)
{
    return san_read(pos, text, false, out, err);
}

bool move_from_san_record(Position *pos, const char *text, Move *out, KageError *err)
{
    return san_read(pos, text, true, out, err);
}
