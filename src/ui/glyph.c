/* Glyph tables.  The Kingdom and both Shogun armies play with chess shapes
 * (as on pychess.org), where a piece has one; the Clan and both Cashew
 * armies, and every piece in the kanji set, with one kanji per piece, chosen from shogi
 * tradition where it has one (歩 香 桂 銀 金 角 飛 王 と) and by meaning
 * elsewhere (忍 ninja, 狐 fox, 獅 lion ...).  Kanji are two cells wide
 * everywhere, which keeps the columns aligned; chess symbols are one cell
 * wide, so they get a space after them. */
#include "glyph.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct GlyphRow {
    const char *fen;
    const char *kanji;
} GlyphRow;

static const GlyphRow shinobi_kanji[] = {
    {"K", "王"}, {"P", "歩"}, {"C", "尉"}, {"J", "忍"}, {"D", "竜"}, {"F", "狐"}, {"L", "香"}, {"H", "桂"},
    {"M", "僧"}, {"Q", "后"}, {"R", "飛"}, {"B", "角"}, {"N", "騎"}, {"+L", "飛"}, {"+H", "騎"}, {"+M", "角"},
    {"+P", "と"}, {NULL, NULL},
};

static const GlyphRow shogun_kanji[] = {
    {"K", "王"}, {"P", "歩"}, {"N", "桂"}, {"B", "角"}, {"R", "飛"}, {"F", "妃"}, {"+P", "尉"}, {"+N", "将"},
    {"+B", "主"}, {"+R", "砲"}, {"+F", "后"}, {"C", "尉"}, {"G", "将"}, {"A", "主"}, {"M", "砲"}, {"Q", "后"},
    {NULL, NULL},
};

static const GlyphRow cashew_kanji[] = {
    {"K", "王"}, {"Q", "奔"}, {"P", "歩"}, {"L", "香"}, {"D'", "炮"}, {"G", "金"}, {"S", "銀"},
    {"F", "豹"}, {"T'", "虎"}, {"V", "熊"}, {"I'", "佐"}, {"J'", "佑"}, {"L'", "左"}, {"R'", "右"},
    {"D!", "広"}, {"T!", "深"}, {"H", "冠"}, {"D", "城"}, {"+O", "麟"}, {"+X", "凰"}, {"+N", "旗"},
    {"G!", "鬼"}, {"H!", "鉤"}, {"H'", "駿"}, {"C'", "蝶"}, {"F'", "竜"}, {"K'", "鳶"}, {"P'", "蛇"},
    {"O", "麒"}, {"X", "鳳"}, {"N", "民"}, {"W'", "賊"}, {"E'", "匈"}, {"L!", "獅"}, {"W!", "狼"},
    {"+L!", "狂"}, {"+W!", "象"}, {"+W'", "狼"}, {"+E'", "獅"}, {NULL, NULL},
};

/* Chess symbols, [0] for the first player (outline), [1] filled. */
static const struct {
    char letter;
    const char *sym[2];
} chess_symbols[] = {
    {'K', {"♔", "♚"}}, {'Q', {"♕", "♛"}}, {'R', {"♖", "♜"}},
    {'B', {"♗", "♝"}}, {'N', {"♘", "♞"}}, {'P', {"♙", "♟"}},
};

static const char *kanji_of(const GlyphRow *t, const char *fen)
{
    for (; t->fen; t++)
        if (!strcmp(t->fen, fen))
            return t->kanji;
    return NULL;
}

/* The chess shape of a piece, or NULL if it has none.  Shogun draws every
 * piece of its game by one rule: the shape of the piece it starts as, with
 * + when promoted (♙+ the Captain, ♘+ the General ...).  The Duchess, which
 * no chess set has, takes the shape of the Queen it promotes to: the
 * Duchess is ♕ and the Queen ♕+, as the Pawn is ♙ and its Captain ♙+.  The
 * unpromoted Captain, General, Archbishop, Mortar and Queen (only from a
 * hand-made FEN) get no shape: the Queen's is the Duchess's. */
static const char *chess_of(const char *fen, Color c, bool shogun)
{
    if (shogun) {
        if (fen[0] == '+')
            fen++;
        else if (strchr("CGAMQ", fen[0]))
            return NULL;
        if (!strcmp(fen, "F"))
            fen = "Q";
    }
    if (fen[1])
        return NULL;
    for (size_t i = 0; i < sizeof chess_symbols / sizeof chess_symbols[0]; i++)
        if (chess_symbols[i].letter == fen[0])
            return chess_symbols[i].sym[c];
    return NULL;
}

/* Letters: the letter moves name the piece with (8x8: a promoted Duchess
 * is the Queen, Q, as in "Qxf7", a promoted Lance the Rook, R) or the
 * two-letter code (Cashew), in lower case for the second player, without
 * the promotion sign (out->left carries it). */
static void glyph_letters(const PieceDef *d, Color c, PieceLook *out)
{
    char san[2] = {d->san, 0};
    const char *s = d->code ? d->code : d->fen[0] == '+' && isalpha((unsigned char)d->san) ? san : d->fen;
    if (*s == '+')
        s++;
    int n = 0;
    for (; *s && n < 2; s++) {
        if (!isalpha((unsigned char)*s))
            continue;
        out->glyph[n++] = (char)(c == WHITE ? toupper((unsigned char)*s) : tolower((unsigned char)*s));
    }
    while (n < 2)
        out->glyph[n++] = ' ';
    out->glyph[n] = 0;
    out->left = out->promoted ? '+' : ' ';
}

void glyph_piece(const Variant *v, GlyphSet gs, Color c, int type, PieceLook *out)
{
    const PieceDef *d = v->type[type].def;
    memset(out, 0, sizeof *out);
    out->left = out->right = ' ';
    out->promoted = d->fen[0] == '+';
    if (gs == GLYPHS_LETTERS) {
        glyph_letters(d, c, out);
        return;
    }
    static const GlyphRow *const kanji_sets[] = {[KANJI_SHINOBI] = shinobi_kanji, [KANJI_SHOGUN] = shogun_kanji,
                                                 [KANJI_CASHEW] = cashew_kanji};
    const GlyphRow *table = kanji_sets[v->def->kanji];
    bool shapes = gs == GLYPHS_UNICODE && v->def->chess_shapes[c];
    const char *sym = shapes ? chess_of(d->fen, c, table == shogun_kanji) : NULL;
    if (sym) {
        snprintf(out->glyph, sizeof out->glyph, "%s%c", sym, out->promoted ? '+' : ' ');
        return;
    }
    if (shapes && table == shogun_kanji) { /* no kanji among Shogun's shapes: the letter moves use */
        glyph_letters(d, c, out);
        return;
    }
    const char *k = kanji_of(table, d->fen);
    if (!k) { /* a piece this table does not know: fall back to letters */
        glyph_letters(d, c, out);
        return;
    }
    snprintf(out->glyph, sizeof out->glyph, "%s", k);
    out->left = c == BLACK ? 'v' : ' ';
    out->right = out->promoted ? '+' : ' ';
}

bool glyph_unicode_usable(const char *codeset, const char *term)
{
    if (!codeset || (strcasecmp(codeset, "UTF-8") && strcasecmp(codeset, "utf8")))
        return false;
    if (term && (!strcmp(term, "linux") || !strncmp(term, "linux-", 6) || !strcmp(term, "dumb")))
        return false;
    return true;
}
