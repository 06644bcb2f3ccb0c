/* How a piece looks in one board cell: a glyph two cells wide (a kanji, a
 * chess symbol plus a space, or letters) and two one-cell marks beside it,
 * so that side and promotion stay clear without colour. */
#ifndef KAGE_UI_GLYPH_H
#define KAGE_UI_GLYPH_H

#include "kage/rules/variant.h"

/* GLYPHS_UNICODE draws each army as its players know it (pychess.org):
 * chess shapes for Shogun and the Kingdom, kanji for the Clan and Cashew;
 * GLYPHS_KANJI draws every piece as a kanji; GLYPHS_LETTERS as letters. */
typedef enum GlyphSet { GLYPHS_UNICODE, GLYPHS_LETTERS, GLYPHS_KANJI } GlyphSet;

typedef struct PieceLook {
    char left;      /* 'v' before a second-player kanji; '+' before promoted letters */
    /* right: '+' after a promoted kanji or chess shape */
    char glyph[16]; /* UTF-8, two cells wide */
    char right;     /* '+' after a promoted kanji */
    bool promoted;  /* for the theme's promoted colour */
} PieceLook;

/* The look of a piece of type `type` and colour c in variant v. */
void glyph_piece(const Variant *v, GlyphSet gs, Color c, int type, PieceLook *out);

/* Can Unicode glyphs work here? Needs a UTF-8 codeset and a terminal other
 * than the Linux console, whose font has no kanji. */
bool glyph_unicode_usable(const char *codeset, const char *term);

#endif
