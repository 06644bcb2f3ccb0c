/* FEN reading and writing, in Fairy-Stockfish's style for the 8x8 games
 * (board[hand] side castling ep halfmove fullmove) and HaChu's for Cashew
 * (board side).  A FEN is parsed into a scratch position and copied into
 * the caller's only when it is valid. */
#include "kage/rules/movegen.h"
#include "kage/rules/position.h"
#include "kage/rules/util.h"
#include "position_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read a piece token ([+]letter['!]) at *pp; returns the piece or 0. */
static Piece read_piece(const Variant *v, const char **pp, char *tokbuf)
{
    const char *p = *pp;
    char tok[8];
    int n = 0;
    if (*p == '+')
        tok[n++] = *p++;
    if (!isalpha((unsigned char)*p)) {
        /* name what was found, so that the message never shows stale text:
         * a whole UTF-8 character (é, 歩), not its first byte */
        int len = *p != 0;
        if ((unsigned char)*p >= 0xC0)
            while (len < 4 && ((unsigned char)p[len] & 0xC0) == 0x80)
                len++;
        snprintf(tokbuf, 8, "%.*s", n + len, *pp);
        return 0;
    }
    Color c = isupper((unsigned char)*p) ? WHITE : BLACK;
    tok[n++] = (char)toupper((unsigned char)*p++);
    if (v->def->fen_style == FEN_HACHU && (*p == '\'' || *p == '!'))
        tok[n++] = *p++;
    tok[n] = 0;
    strcpy(tokbuf, tok);
    int t = variant_type_by_fen(v, tok);
    if (!t)
        return 0;
    *pp = p;
    return make_piece(c, t);
}

static const char *skip_spaces(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Semantic checks on a parsed position: what can never arise in play. */
static bool validate(Position *pos, KageError *err)
{
    const Variant *v = pos->v;
    const VariantDef *d = v->def;
    char name[8];
    for (Color c = WHITE; c <= BLACK; c++) {
        int kings = 0;
        for (int t = 1; t <= v->ntypes; t++)
            if ((v->royal_types >> t) & 1)
                kings += pos->count[c][t];
        const char *side = c == WHITE ? d->white_name : d->black_name;
        if (kings > 1)
            return kage_error(err, -1, "%s has %d kings", side, kings);
        if (kings == 0 && d->check_rule)
            return kage_error(err, -1, "%s has no king", side);
        if (d->promo_limit)
            for (int t = 1; t <= v->ntypes; t++) {
                int pt = v->type[t].promotes;
                if (!pt || !v->type[t].limit)
                    continue;
                int n = 0;
                for (int u = 1; u <= v->ntypes; u++)
                    if ((v->type[pt].same_san >> u) & 1)
                        n += pos->count[c][u];
                if (n > v->type[t].limit)
                    return kage_error(err, -1, "%s has %d pieces of kind %c on the board (at most %d)",
                                     side, n, v->type[pt].def->san, v->type[t].limit);
            }
    }
    if (d->immobility_illegal)
        for (int i = 0; i < v->nsq; i++) {
            int sq = v->sq_of[i];
            Piece p = pos->board[sq];
            if (p && ((v->immobile[piece_color(p)][sq] >> piece_type(p)) & 1)) {
                variant_square_name(v, sq, name);
                return kage_error(err, -1, "%s on %s could never move", v->type[piece_type(p)].def->name,
                                 name);
            }
        }
    for (int bit = 0; bit < 4; bit++) {
        if (!((pos->st->castling >> bit) & 1))
            continue;
        Color c = bit < 2 ? WHITE : BLACK;
        int side = bit & 1;
        Piece k = pos->board[v->castle_king_from[c]], r = pos->board[v->castle_rook_from[c][side]];
        if (!k || piece_color(k) != c || !((v->royal_types >> piece_type(k)) & 1) || !r || piece_color(r) != c ||
            !(v->type[piece_type(r)].def->flags & PF_CASTLE_ROOK))
            return kage_error(err, -1, "castling right %c without king and rook on their squares",
                             "KQkq"[bit]);
    }
    return true;
}

/* The readers of a FEN's parts below share one shape: they read from *pp
 * into the scratch position, a column in an error is counted from fen,
 * and false means err says why. */

/* The board, top rank first: pieces, runs of empty squares, '/' between
 * ranks. */
static bool read_board(Position *tmp, const char *fen, const char **pp, KageError *err)
{
    const Variant *v = tmp->v;
    const char *p = *pp;
    char tok[8];
    for (int r = v->ranks - 1; r >= 0; r--) {
        int f = 0;
        while (*p && *p != '/' && *p != ' ' && *p != '[') {
            if (isdigit((unsigned char)*p)) {
                const char *at = p;
                int n = (int)strtol(p, (char **)&p, 10);
                if (n < 1 || f + n > v->files)
                    return kage_error(err, (int)(at - fen), "rank %d has more than %d squares", r + 1, v->files);
                f += n;
                continue;
            }
            const char *at = p;
            Piece pc = read_piece(v, &p, tok);
            if (!pc)
                return kage_error(err, (int)(at - fen), "unknown piece '%s' for %s", tok[0] ? tok : "?", v->def->name);
            if (f >= v->files)
                return kage_error(err, (int)(at - fen), "rank %d has more than %d squares", r + 1, v->files);
            if (tmp->npieces[piece_color(pc)] >= MAX_PIECES_SIDE)
                return kage_error(err, (int)(at - fen), "too many pieces");
            pos_put_piece(tmp, v->sq_of[r * v->files + f], pc);
            f++;
        }
        if (f != v->files)
            return kage_error(err, (int)(p - fen), "rank %d has %d squares, not %d", r + 1, f, v->files);
        if (r > 0) {
            if (*p != '/')
                return kage_error(err, (int)(p - fen), "expected '/' after rank %d (the board has %d ranks)", r + 1,
                                  v->ranks);
            p++;
        }
    }
    if (*p == '/')
        return kage_error(err, (int)(p - fen), "more than %d ranks", v->ranks);
    *pp = p;
    return true;
}

/* The hand, if there is one: "[...]", pieces of both sides, '-' for none,
 * a count before a piece as shogi's SFEN writes it. */
static bool read_hand(Position *tmp, const char *fen, const char **pp, KageError *err)
{
    const Variant *v = tmp->v;
    const char *p = *pp;
    char tok[8];
    if (*p != '[')
        return true;
    const char *open = p++;
    while (*p && *p != ']' && *p != ' ') {
        const char *at = p;
        if (*p == '-') {
            p++;
            continue;
        }
        /* a count before a piece, as shogi's SFEN writes hands: [2P] is [PP] */
        long count = 1;
        if (isdigit((unsigned char)*p)) {
            count = strtol(p, (char **)&p, 10);
            if (count < 1 || count > MAX_HAND || !isalpha((unsigned char)*p))
                return kage_error(err, (int)(at - fen),
                                  "a count in hand is a number from 1 to %d before a piece, as in [2P]", MAX_HAND);
        }
        Piece pc = read_piece(v, &p, tok);
        if (!pc)
            return kage_error(err, (int)(at - fen), "unknown piece '%s' in hand", tok);
        int t = piece_type(pc);
        if (!((v->drop_types >> t) & 1) || v->type[t].demotes != t)
            return kage_error(err, (int)(at - fen), "%s cannot be in hand", v->type[t].def->name);
        if (tmp->hand[piece_color(pc)][t] + count > MAX_HAND)
            return kage_error(err, (int)(at - fen), "too many pieces in hand");
        tmp->hand[piece_color(pc)][t] += (int)count;
    }
    if (*p != ']')
        return kage_error(err, (int)(open - fen), "hand is not closed with ']'");
    p++;
    if (!v->def->captures_to_hand && !v->drop_types)
        return kage_error(err, (int)(open - fen), "%s has no pieces in hand", v->def->name);
    *pp = p;
    return true;
}

/* The side to move ('w' when the FEN ends after the board). */
static bool read_side(Position *tmp, const char *fen, const char **pp, KageError *err)
{
    const char *p = *pp;
    if (*p && *p != ' ')
        return kage_error(err, (int)(p - fen), "unexpected '%c' after the board", *p);
    p = skip_spaces(p);
    if (*p == 'w' || *p == 'b') {
        tmp->side = *p == 'w' ? WHITE : BLACK;
        p++;
    } else if (*p)
        return kage_error(err, (int)(p - fen), "side to move must be 'w' or 'b'");
    else
        tmp->side = WHITE;
    if (*p && *p != ' ')
        return kage_error(err, (int)(p - fen), "side to move must be 'w' or 'b'");
    *pp = skip_spaces(p);
    tmp->fullmove = 1; /* unless the fields that follow say otherwise */
    return true;
}

/* A counter of the FEN's last two fields, if there: a number from 0 to
 * max, alone in its field; *n is left as it was when the FEN has ended,
 * and *pp where the counter starts when it is not one. */
static bool read_counter(const char **pp, long max, long *n)
{
    const char *at = *pp, *p = at;
    if (!*p)
        return true;
    long got = strtol(p, (char **)&p, 10);
    if (p == at || got < 0 || got > max || (*p && *p != ' '))
        return false;
    *n = got;
    *pp = skip_spaces(p);
    return true;
}

/* Fairy-Stockfish's fields after the side to move: castling rights, the
 * en-passant square (kept only where a pawn can take, as Fairy-Stockfish
 * writes it), the halfmove clock and the fullmove number. */
static bool read_fields(Position *tmp, const char *fen, const char **pp, KageError *err)
{
    const Variant *v = tmp->v;
    StateInfo *st = tmp->st;
    const char *p = *pp;
    if (*p == '-')
        p++;
    else
        while (*p && *p != ' ') {
            const char *q = strchr("KQkq", *p);
            if (!q || !v->def->castling)
                return kage_error(err, (int)(p - fen), "bad castling right '%c'", *p);
            st->castling |= (uint8_t)(1 << (q - "KQkq"));
            p++;
        }
    p = skip_spaces(p);
    int epsq = 0;
    const char *epat = p;
    if (*p == '-')
        p++;
    else if (*p) {
        int n = variant_parse_square(v, p, &epsq);
        if (!n)
            return kage_error(err, (int)(p - fen), "bad en-passant square");
        p += n;
    }
    if (*p && *p != ' ')
        return kage_error(err, (int)(p - fen), "bad en-passant square");
    p = skip_spaces(p);
    long halfmove = st->halfmove, fullmove = 1;
    if (!read_counter(&p, UINT16_MAX, &halfmove))
        return kage_error(err, (int)(p - fen), "bad halfmove clock (a number from 0 to %d)", UINT16_MAX);
    st->halfmove = (uint16_t)halfmove;
    if (!read_counter(&p, 100000, &fullmove))
        return kage_error(err, (int)(p - fen), "bad fullmove number");
    tmp->fullmove = fullmove ? (int)fullmove : 1;
    if (*p)
        return kage_error(err, (int)(p - fen), "unexpected text after the FEN");
    if (epsq) {
        Color us = tmp->side, them = !us;
        int pawn_sq = epsq - v->forward[us], origin = epsq + v->forward[us];
        Piece pawn = tmp->board[pawn_sq];
        if (v->file_of[origin] < 0 || tmp->board[epsq] || tmp->board[origin] || !pawn ||
            piece_color(pawn) != them || !((v->pawn_types >> piece_type(pawn)) & 1) ||
            !(v->sqflags[them][origin] & SQF_DOUBLE))
            return kage_error(err, (int)(epat - fen), "en-passant square does not follow a double step");
        if (pos_ep_capturable(tmp, epsq, us))
            st->ep = (uint8_t)epsq;
    }
    *pp = p;
    return true;
}

bool pos_set_fen(Position *pos, const char *fen, KageError *err)
{
    Position *tmp = pos_new_empty(pos->v);
    const char *p = skip_spaces(fen);
    /* HaChu FENs (Cashew): anything after the side to move is ignored */
    bool ok = read_board(tmp, fen, &p, err) && read_hand(tmp, fen, &p, err) && read_side(tmp, fen, &p, err) &&
              (pos->v->def->fen_style != FEN_FSF || read_fields(tmp, fen, &p, err));
    if (ok) {
        tmp->st->key = 0;
        tmp->st->key = pos_compute_key(tmp);
        ok = validate(tmp, err);
    }
    if (ok)
        pos_copy(pos, tmp);
    pos_free(tmp);
    return ok;
}

static int put_token(char *out, const Position *pos, Piece p)
{
    const char *tok = pos->v->type[piece_type(p)].def->fen;
    int n = 0;
    for (; *tok; tok++)
        out[n++] = piece_color(p) == BLACK ? (char)tolower((unsigned char)*tok) : *tok;
    return n;
}

void pos_get_fen(const Position *pos, char *buf, size_t size)
{
    const Variant *v = pos->v;
    char out[1024];
    int n = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            Piece p = pos->board[v->sq_of[r * v->files + f]];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                n += sprintf(out + n, "%d", empty), empty = 0;
            n += put_token(out + n, pos, p);
        }
        if (empty)
            n += sprintf(out + n, "%d", empty);
        if (r)
            out[n++] = '/';
    }
    if (v->def->fen_style == FEN_HACHU) {
        n += sprintf(out + n, " %c", pos->side == WHITE ? 'w' : 'b');
    } else {
        out[n++] = '[';
        for (Color c = WHITE; c <= BLACK; c++)
            for (int i = 0; i < v->nhand_order; i++) {
                int t = v->hand_order[i];
                for (int k = 0; k < pos->hand[c][t]; k++)
                    n += put_token(out + n, pos, make_piece(c, t));
            }
        out[n++] = ']';
        n += sprintf(out + n, " %c ", pos->side == WHITE ? 'w' : 'b');
        if (!pos->st->castling)
            out[n++] = '-';
        for (int bit = 0; bit < 4; bit++)
            if ((pos->st->castling >> bit) & 1)
                out[n++] = "KQkq"[bit];
        out[n++] = ' ';
        if (pos->st->ep)
            n += variant_square_name(v, pos->st->ep, out + n);
        else
            out[n++] = '-';
        Color root = pos->side ^ (pos->ply & 1);
        n += sprintf(out + n, " %d %d", pos->st->halfmove, pos->fullmove + (pos->ply + (root == BLACK)) / 2);
    }
    out[n] = 0;
    snprintf(buf, size, "%s", out);
}
