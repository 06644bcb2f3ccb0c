/* Betza parser.  The subset here is what Fairy-Stockfish and HaChu use for
 * ordinary pieces; pieces that need continuation legs (Lion, Wolf, hook
 * movers) have their own generators instead (see movegen_special.c). */
#include "kage/rules/betza.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int iabs(int x) { return x < 0 ? -x : x; }

/* Does the direction (dx,dy) pass the direction modifiers in mods? */
static bool direction_selected(const char *mods, int dx, int dy)
{
    if (!*mods)
        return true;
    bool oblique = dx != 0 && dy != 0 && iabs(dx) != iabs(dy);
    bool diagonal = dx != 0 && iabs(dx) == iabs(dy);
    size_t n = strlen(mods);
    for (size_t i = 0; i < n; i++) {
        char a = mods[i], b = i + 1 < n ? mods[i + 1] : 0;
        bool vert_a = a == 'f' || a == 'b', horz_a = a == 'l' || a == 'r';
        bool vert_b = b == 'f' || b == 'b', horz_b = b == 'l' || b == 'r';
        bool hit;
        if ((diagonal || oblique) && ((vert_a && horz_b) || (horz_a && vert_b))) {
            /* a pair names one diagonal (or the two oblique moves next to it) */
            char v = vert_a ? a : b, h = vert_a ? b : a;
            hit = (v == 'f' ? dy > 0 : dy < 0) && (h == 'r' ? dx > 0 : dx < 0);
            i++;
        } else if (oblique && a == b && (vert_a || horz_a)) {
            /* doubled letter: the narrow pair in that direction (ffN) */
            hit = vert_a ? (a == 'f' ? dy > 0 : dy < 0) && iabs(dy) > iabs(dx)
                         : (a == 'r' ? dx > 0 : dx < 0) && iabs(dx) > iabs(dy);
            i++;
        } else if (oblique && vert_a && (b == 's' || b == 'h')) {
            hit = (a == 'f' ? dy > 0 : dy < 0) && iabs(dx) > iabs(dy);
            i++;
        } else {
            switch (a) {
            case 'f': hit = dy > 0; break;
            case 'b': hit = dy < 0; break;
            case 'l': hit = dx < 0; break;
            case 'r': hit = dx > 0; break;
            case 'v': hit = diagonal ? true : (oblique ? iabs(dy) > iabs(dx) : dx == 0); break;
            case 's': hit = diagonal ? true : (oblique ? iabs(dx) > iabs(dy) : dy == 0); break;
            default: hit = false; break;
            }
        }
        if (hit)
            return true;
    }
    return false;
}

static int add_vec(BetzaVec *out, int n, int max, int dx, int dy, int range, int mode)
{
    for (int i = 0; i < n; i++) {
        if (out[i].dx == dx && out[i].dy == dy && out[i].mode == mode) {
            if (out[i].range != 0 && (range == 0 || range > out[i].range))
                out[i].range = (uint8_t)range;
            return n;
        }
    }
    if (n >= max)
        return -1;
    out[n] = (BetzaVec){(int8_t)dx, (int8_t)dy, (uint8_t)range, (uint8_t)mode};
    return n + 1;
}

int betza_parse(const char *s, BetzaVec *out, int max, KageError *err)
{
    int n = 0;
    const char *p = s;
    while (*p) {
        const char *start = p;
        char dirs[16];
        int nd = 0, mode = 0;
        while (islower((unsigned char)*p)) {
            char c = *p;
            if (c == 'm')
                mode |= MODE_MOVE;
            else if (c == 'c')
                mode |= MODE_CAPTURE;
            else if (c == 'e' || c == 'i')
                ; /* en passant / initial: handled by the pawn rules */
            else if (strchr("fblrvsh", c)) {
                if (nd + 1 >= (int)sizeof dirs)
                    goto too_long;
                dirs[nd++] = c;
            } else {
                kage_error(err, (int)(p - s), "unsupported Betza modifier '%c' in \"%s\"", c, s);
                return -1;
            }
            p++;
        }
        dirs[nd] = 0;
        if (!mode)
            mode = MODE_BOTH;
        char atom = *p;
        if (!atom || !strchr("WFDNAKRBQ", atom)) {
            kage_error(err, (int)(p - s), "expected a Betza atom (W F D N A K R B Q) in \"%s\"", s);
            return -1;
        }
        p++;
        int range = -1;
        if (isdigit((unsigned char)*p)) {
            range = (int)strtol(p, (char **)&p, 10);
            if (range < 1 || range > 15) {
                kage_error(err, (int)(start - s), "Betza range out of 1..15 in \"%s\"", s);
                return -1;
            }
        }
        /* base vectors of the atom, and whether it slides by default */
        int base[3][2], nb = 0;
        bool slides = false;
        switch (atom) {
        case 'W': base[nb][0] = 0, base[nb][1] = 1, nb++; break;
        case 'F': base[nb][0] = 1, base[nb][1] = 1, nb++; break;
        case 'D': base[nb][0] = 0, base[nb][1] = 2, nb++; break;
        case 'A': base[nb][0] = 2, base[nb][1] = 2, nb++; break;
        case 'N': base[nb][0] = 1, base[nb][1] = 2, nb++; break;
        case 'K': base[0][0] = 0, base[0][1] = 1, base[1][0] = 1, base[1][1] = 1, nb = 2; break;
        case 'R': base[nb][0] = 0, base[nb][1] = 1, nb++, slides = true; break;
        case 'B': base[nb][0] = 1, base[nb][1] = 1, nb++, slides = true; break;
        case 'Q': base[0][0] = 0, base[0][1] = 1, base[1][0] = 1, base[1][1] = 1, nb = 2, slides = true; break;
        }
        int r = slides ? (range < 0 ? 0 : range) : (range < 0 ? 1 : range);
        if (r != 1 && (atom == 'D' || atom == 'A' || atom == 'N')) {
            kage_error(err, (int)(start - s), "ranged %c riders are not supported in \"%s\"", atom, s);
            return -1;
        }
        for (int b = 0; b < nb; b++) {
            int x = base[b][0], y = base[b][1];
            /* all symmetric images: (x,y), (y,x) and sign changes */
            int imgs[8][2] = {{x, y}, {-x, y}, {x, -y}, {-x, -y}, {y, x}, {-y, x}, {y, -x}, {-y, -x}};
            for (int k = 0; k < 8; k++) {
                int dx = imgs[k][0], dy = imgs[k][1];
                if (!direction_selected(dirs, dx, dy))
                    continue;
                n = add_vec(out, n, max, dx, dy, r, mode);
                if (n < 0)
                    goto too_long;
            }
        }
    }
    return n;
too_long:
    kage_error(err, 0, "Betza string too long: \"%s\"", s);
    return -1;
}
