/* What XBoard is taught about a variant it does not know: the board, the
 * holdings and a picture for every piece (setup), each piece's moves in
 * XBoard's Betza (piece), and where a piece the user picks up can go
 * (highlight, the answer to lift). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "xboard_board.h"
#include "session.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Where each piece goes in XBoard 4.9's piece table: a slot per internal
 * type of XBoard, and the slot chooses the picture drawn (XBoard 4.9.1's
 * draw.c, pngPieceNames; its default theme): 0 Pawn, 1 Knight, 2 Bishop, 3
 * Rook, 4 Queen, 5 Advisor (a mandarin's cap), 6 Elephant, 7 Archbishop
 * (crossed swords), 8 a star, 9 Gold (a turban), 10 Commoner (a helmet), 11
 * Cannon, 12 Nightrider, 13 crowned Bishop, 14 crowned Rook, 15 a small
 * crown, 16 Chancellor (a Knight on a Rook), 17 Hawk, 18 Lance, 19 Cobra, 20
 * Unicorn, 21 Lion, 22 Sword, 23 Zebra, 24 Camel, 25 Tower, 26 Wolf, 27 Hat,
 * 28 Duck, 29 Lance, 30 Dragon, 31 Gnu, 32 Cub (a lion), 33 and 49 shields,
 * 34 Pegasus, 35 Wizard, 36 and 37 helmets, 38 Viking, 39 Flag, 40 Axe, 41
 * Dolphin, 42 Leopard, 43 Claw, 44 and 54 wheels, 45 Butterfly, 46 and 47 a
 * plain Bishop and Rook, 48 a crown, 50 King, 51 Queen, 52 Lion, 53
 * Elephant (50-53 drawn from those pictures: the theme has none of their
 * own), 55-60 turbans, 61-63 swords, 64 a small Queen, 65 King; "^X" the
 * slot of X's promoted form.  A slot may also carry XBoard's own rules,
 * which the piece lines do not replace: 18 moves to the last rank as a
 * promotion, and is a pawn outside Chu; 21 trades like Chu's Lion; 0 is the
 * pawn (promotion, no drop on the last rank); 50 is a second royal piece in
 * Chu; and outside Chu only the first eleven (0-10) may promote with '+'
 * (XBoard refused "d5c7+" for a Horse in slot 34: "already promoted").  So
 * the pieces that promote in the 8x8 games take pictures among 0-10, which
 * have no lance; Cashew's Lance takes 29 and its Lion 52, whose pictures
 * are 18's and 21's, and its Pawn keeps off 0: it promotes only by
 * capture.  XBoard counts the holdings in slot order.  With the holdings'
 * size and the parent variant whose rules XBoard applies: crazyhouse where
 * captures go to hand, bughouse where they do not, chu for Cashew. */
typedef struct XbSlot {
    int slot;
    const char *token;
} XbSlot;

typedef struct XbLayout {
    const char *variant;
    const XbSlot *slots;
    int nslots;
    const XbSlot *black; /* the second player's, where its army differs (NULL: the same) */
    int nblack;
    int holdings;
    const char *parent;
} XbLayout;

/* Shogun: the Duchess a mandarin's cap, the promoted Rook (Mortar, Rook and
 * Knight) a Knight on a Rook, the General (King and Knight) a Unicorn, the
 * Captain a helmet. */
static const XbSlot shogun_slots[] = {
    {0, "P"}, {1, "N"}, {2, "B"}, {3, "R"}, {4, "^F"}, {5, "F"}, {7, "^B"}, {10, "^P"}, {16, "^R"}, {20, "^N"},
};
/* The Clan: the Horse a Knight, the Lance a Rook (it slides as one, only
 * forwards), the Monk a mandarin's cap; promoted, the Horse Pegasus, the
 * Lance a tower, the Monk a Bishop, a Pawn (on both sides) a round helmet.
 * The Ninja crossed swords (XBoard's Archbishop), the Captain a helmet, the
 * Fox and Dragon a crowned Bishop and Rook. */
static const XbSlot clan_slots[] = {
    {0, "P"}, {1, "H"}, {2, "^M"}, {3, "L"}, {5, "M"}, {7, "J"}, {10, "C"}, {13, "F"}, {14, "D"},
    {25, "^L"}, {34, "^H"}, {37, "^P"},
};
static const XbSlot kingdom_slots[] = {{0, "P"}, {1, "N"}, {2, "B"}, {3, "R"}, {4, "Q"}, {37, "^P"}};
/* Cashew: each piece's picture where the theme has one (Lance, Leopard,
 * Bear a claw, the Chariots wheels, the Guards shields, the Generals, Gold
 * and Silver turbans as XBoard draws Shogi's, Viper a cobra, Kirin a gnu,
 * Phoenix a duck, Golden Bird a hawk, Goblin a wizard's hat, Dragon,
 * Butterfly, Lion, Wolf, Viking, Flag, Unicorn, Berserker an axe), and a
 * promoted piece that moves as another kind the picture of that kind where
 * the theme has a second one (the Flying Horse a Queen, the Hun a lion cub,
 * the Viper a plain Rook for the Hook Mover, the Butterfly and the Dragon a
 * plain crowned Bishop and Rook).  The Tiger (a camel), Kite (a dolphin),
 * Hun (a sword), promoted Kite (a top hat) and promoted Viking (a zebra)
 * have no picture like them.  The Pawn is a helmet: in slot 0 XBoard
 * relayed "m12m13q" for a plain Pawn step.  The Lion is off 21, where
 * XBoard refused a Lion taking a guarded Lion from two squares away
 * ("Forfeit due to invalid move: i8g6+", a CI game between two Kages). */
static const XbSlot cashew_slots[] = {
    {36, "P"},   {3, "H!"},   {4, "Q"},    {60, "S"},   {6, "^W!"},  {28, "X"},   {31, "O"},   {9, "G"},
    {10, "N"},   {11, "D'"},  {13, "H"},   {14, "D"},   {33, "T!"},  {17, "^X"},  {29, "L"},   {41, "K'"},
    {20, "^O"},  {52, "L!"},  {22, "E'"},  {23, "^W'"}, {24, "T'"},  {26, "W!"},  {43, "V"},   {32, "^E'"},
    {19, "P'"},  {34, "H'"},  {38, "W'"},  {39, "^N"},  {40, "^L!"}, {42, "F"},   {44, "L'"},  {45, "C'"},
    {35, "G!"},  {49, "D!"},  {56, "I'"},  {59, "J'"},  {51, "^H'"}, {54, "R'"},  {57, "^C'"}, {58, "^F'"},
    {30, "F'"},  {27, "^K'"}, {47, "^P'"},
};

static const XbLayout xb_layouts[] = {
    {"shogun", shogun_slots, N_ELEMS(shogun_slots), NULL, 0, 5, "crazyhouse"},
    {"shinobiplus", clan_slots, N_ELEMS(clan_slots), kingdom_slots, N_ELEMS(kingdom_slots), 8, "bughouse"},
    {"shinobi", clan_slots, N_ELEMS(clan_slots), kingdom_slots, N_ELEMS(kingdom_slots), 8, "bughouse"},
    {"shinobivchess", clan_slots, N_ELEMS(clan_slots), kingdom_slots, N_ELEMS(kingdom_slots), 8, "bughouse"},
    {"cashew", cashew_slots, N_ELEMS(cashew_slots), NULL, 0, 0, "chu"},
};

static const XbLayout *layout_of(const VariantDef *d)
{
    for (int i = 0; i < N_ELEMS(xb_layouts); i++)
        if (!strcmp(xb_layouts[i].variant, d->id))
            return &xb_layouts[i];
    return NULL;
}

/* The slots of side h (0 the first player, 1 the second). */
static const XbSlot *side_slots(const XbLayout *lay, int h, int *n)
{
    bool own = h && lay->black;
    *n = own ? lay->nblack : lay->nslots;
    return own ? lay->black : lay->slots;
}

/* Append one half of the table: each slot up to the last used one ('.'
 * where unused), then the King; the second player's in lower case. */
static void table_half(const XbLayout *lay, int h, char *out, size_t size)
{
    int n, last = 0;
    const XbSlot *sl;
    for (int k = 0; k < 2; k++) { /* both halves as long: XBoard splits the table in the middle */
        sl = side_slots(lay, k, &n);
        for (int i = 0; i < n; i++)
            last = sl[i].slot > last ? sl[i].slot : last;
    }
    sl = side_slots(lay, h, &n);
    for (int slot = 0; slot <= last; slot++) {
        const char *tok = ".";
        for (int i = 0; i < n; i++)
            if (sl[i].slot == slot)
                tok = sl[i].token;
        for (const char *c = tok; *c && strlen(out) + 2 < size; c++) {
            size_t len = strlen(out);
            out[len] = (char)(h ? tolower((unsigned char)*c) : *c);
            out[len + 1] = 0;
        }
    }
    strncat(out, h ? "k" : "K", size - strlen(out) - 1);
}

/* Has side h a slot for the piece `token` ("X", or "+X": its "^X" slot)? */
static bool has_slot(const XbLayout *lay, int h, const char *token)
{
    int n;
    const XbSlot *sl = side_slots(lay, h, &n);
    bool promoted = token[0] == '+';
    for (int i = 0; i < n; i++) {
        const char *t = sl[i].token;
        if ((t[0] == '^') == promoted && !strcmp(promoted ? t + 1 : t, promoted ? token + 1 : token))
            return true;
    }
    return false;
}

/* The piece a promoted slot stands for: the type `base` promotes to. */
static const PieceDef *promoted_def(const VariantDef *d, const PieceDef *base)
{
    for (int i = 0; base->promotes && i < d->npieces; i++)
        if (!strcmp(d->pieces[i].fen, base->promotes))
            return &d->pieces[i];
    return NULL;
}

/* After `variant` (and `new`): the board, the pieces in hand and every
 * piece's moves, from the variant's own definitions.  A piece that
 * promotes to another kind (Cashew's Flying Horse to a Queen) has a
 * promoted slot of its own in XBoard, "+H'", moving as that kind. */
void xboard_send_setup(const VariantDef *d)
{
    const XbLayout *lay = layout_of(d);
    if (!lay)
        return;
    char table[512] = "";
    table_half(lay, 0, table, sizeof table);
    table_half(lay, 1, table, sizeof table);
    session_printf("setup (%s) %dx%d+%d_%s %s\n", table, d->files, d->ranks, lay->holdings, lay->parent,
                   d->start_fen);
    for (int i = 0; i < d->npieces; i++) {
        const PieceDef *pd = &d->pieces[i];
        char token[8], betza[64];
        snprintf(token, sizeof token, "%s", pd->fen);
        const PieceDef *moves = pd;
        if (pd->fen[0] != '+' && pd->promotes && pd->promotes[0] != '+') { /* promotes to another kind */
            snprintf(token, sizeof token, "+%s", pd->fen);
            moves = promoted_def(d, pd);
            if (!moves)
                continue;
        }
        for (int pass = 0; pass < 2; pass++) { /* the piece, then a promoted slot of its own */
            bool w = has_slot(lay, 0, token), b = has_slot(lay, 1, token);
            bool apart = moves->flags & PF_PAWN && d->double_step_region[0]; /* the sides move differently */
            for (int h = 0; h < 2; h++) {
                if (!(h ? b : w) || (h && w && !apart))
                    continue; /* one line for both sides where they move alike */
                char name[8];
                snprintf(name, sizeof name, "%s", token);
                if (h)
                    for (char *c = name; *c; c++)
                        *c = (char)tolower((unsigned char)*c);
                variant_xboard_betza(d, moves, h, betza, sizeof betza);
                session_printf("piece %s%s %s\n", name, w && b && !apart ? "&" : "", betza);
            }
            if (pass == 0 && moves != pd) { /* and the unpromoted piece itself */
                snprintf(token, sizeof token, "%s", pd->fen);
                moves = pd;
                continue;
            }
            break;
        }
    }
}

/* --- highlights: where a lifted piece can go ------------------------------------ */

/* A move as XBoard enters it, read from its protocol text: the squares
 * clicked (the start, each turning point of a multi-leg move, the end), or
 * for a drop the piece's letters and its square; and whether it promotes
 * (the '+' that XBoard must send, Cashew's promotion by capture too). */
typedef struct XbPath {
    int sq[XB_MAX_PATH];
    int n;
    char drop[4]; /* "" for a move */
    bool promotes;
} XbPath;

static bool xb_path(Position *pos, Move m, XbPath *p)
{
    char text[MOVE_TEXT_MAX];
    const char *t = text;
    memset(p, 0, sizeof *p);
    move_to_text(pos, m, MOVE_FOR_PROTOCOL, text);
    const char *at = strchr(text, '@');
    if (at) { /* J@c3; @@@@ (a pass) is not entered on the board */
        if (at == text || at - text >= (int)sizeof p->drop || !variant_parse_square(pos->v, at + 1, &p->sq[0]))
            return false;
        memcpy(p->drop, text, (size_t)(at - text));
        p->n = 1;
        return true;
    }
    while (*t && p->n < XB_MAX_PATH) {
        int sq, len = variant_parse_square(pos->v, t, &sq);
        if (!len)
            break;
        if (!p->n || p->sq[p->n - 1] != sq) /* e5f6,f6g7: f6 is one click */
            p->sq[p->n++] = sq;
        t += len;
        if (*t == ',')
            t++;
    }
    p->promotes = *t == '+';
    return p->n >= 2;
}

/* Print the marks as XBoard's colour board: a FEN of marks, digits for
 * runs of unmarked squares. */
static void send_marks(const Variant *v, const char *mark)
{
    char fen[BOARD_ARRAY + 16];
    int len = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            char c = mark[v->sq_of[r * v->files + f]];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                len += snprintf(fen + len, sizeof fen - (size_t)len, "%d", empty);
            empty = 0;
            fen[len++] = c;
        }
        if (empty)
            len += snprintf(fen + len, sizeof fen - (size_t)len, "%d", empty);
        if (r)
            fen[len++] = '/';
    }
    fen[len] = 0;
    session_printf("highlight %s\n", fen);
}

/* The piece in side h's holdings slot k (XBoard's number): XBoard counts
 * the unpromoted pieces of its table in order, skipping unused slots. */
static const char *holdings_token(const XbLayout *lay, int h, int k)
{
    int n, last = 0;
    const XbSlot *sl = side_slots(lay, h, &n);
    for (int i = 0; i < n; i++)
        last = sl[i].slot > last ? sl[i].slot : last;
    for (int slot = 0, seen = 0; slot <= last; slot++)
        for (int i = 0; i < n; i++)
            if (sl[i].slot == slot && sl[i].token[0] != '^' && seen++ == k)
                return sl[i].token;
    return NULL;
}

/* lift on a holdings square, which XBoard names by its column: "lift j8"
 * (right of an 8-file board) is the first player's slot 7 (rank - 1),
 * "lift _8" (left of it) the second player's slot 0 (ranks - rank).  The
 * marks are the squares where that piece may be dropped.  False if square
 * is no holdings square. */
static bool lift_holdings(const XbLayout *lay, Position *pos, const char *square)
{
    const Variant *v = pos->v;
    long rank;
    int h = square[0] == 'a' + v->files + 1 ? 0 : square[0] == 'a' - 2 ? 1 : -1;
    if (h < 0 || !lay->holdings || !session_number(square + 1, 1, v->ranks, &rank))
        return false;
    const char *token = holdings_token(lay, h, h ? v->ranks - (int)rank : (int)rank - 1);
    char mark[BOARD_ARRAY] = {0};
    MoveList list;
    XbPath p;
    movegen_legal(pos, &list);
    for (int i = 0; token && h == (int)pos->side && i < list.count; i++)
        if (move_kind(list.moves[i]) == MOVE_DROP && xb_path(pos, list.moves[i], &p) && !strcmp(p.drop, token))
            mark[p.sq[0]] = 'Y';
    send_marks(v, mark);
    return true;
}

/* lift SQUARE (XBoard's highlight feature): where the piece there can go,
 * as a board of marks: Y a move, R a capture, M a promotion, C a square
 * where a multi-leg move goes on.  XBoard offers the promoted piece first
 * on a magenta square and sends its '+'.  A promotion that must be made is
 * M too: XBoard's blue mark for it waits for a choice command that XBoard
 * 4.9 ignores while it tests legality, and the move never completes.  When
 * the user stops on a cyan square (a Lion's first victim), XBoard sends put
 * and lift for it: the marks then say where the next leg goes, that square
 * itself ending the move there.  A lift on a holdings square marks the
 * drops (see lift_holdings).  Only where XBoard has the variant's board
 * (see xboard_send_setup). */
void xboard_lift(XbEntry *e, const VariantDef *d, Position *pos, const char *square)
{
    const Variant *v = pos->v;
    int sq;
    const XbLayout *lay = layout_of(d);
    if (!lay)
        return;
    if (lift_holdings(lay, pos, square)) {
        e->n = 0;
        return;
    }
    if (variant_parse_square(v, square, &sq) != (int)strlen(square))
        return;
    Piece p = pos->board[sq];
    if (p != PIECE_EMPTY && piece_color(p) == pos->side) { /* a piece picked up */
        e->path[0] = sq;
        e->n = 1;
    } else if (e->n && sq == e->put && e->n < XB_MAX_PATH) { /* a leg ended on a cyan square */
        e->path[e->n++] = sq;
    } else {
        e->n = 0;
        return;
    }
    char mark[BOARD_ARRAY] = {0};
    bool cyan[BOARD_ARRAY] = {false}, promo[BOARD_ARRAY] = {false}, take[BOARD_ARRAY] = {false};
    MoveList list;
    XbPath path;
    int k = e->n;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!xb_path(pos, m, &path) || path.drop[0] || path.n < k || memcmp(path.sq, e->path, (size_t)k * sizeof *e->path))
            continue;
        if (path.n > k + 1) { /* goes on after the next square */
            cyan[path.sq[k]] = true;
            continue;
        }
        int end = path.sq[path.n - 1]; /* the next square, or the one just entered: the move ends there */
        mark[end] = 1;
        promo[end] |= path.promotes;
        take[end] |= end != path.sq[0] && (pos->board[end] != PIECE_EMPTY || (path.n == 2 && movegen_is_capture(pos, m)));
    }
    for (int s = 0; s < BOARD_ARRAY; s++)
        mark[s] = cyan[s] ? 'C' : !mark[s] ? 0 : promo[s] ? 'M' : take[s] ? 'R' : 'Y';
    send_marks(v, mark);
}

void xboard_put(XbEntry *e, const Variant *v, const char *square)
{
    int sq;
    e->put = variant_parse_square(v, square, &sq) == (int)strlen(square) ? sq : -1;
}
