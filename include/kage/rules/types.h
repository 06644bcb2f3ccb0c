/* Basic types shared by every layer from the rules up: colours, squares,
 * pieces on the padded mailbox board, and the 32-bit move encoding. */
#ifndef KAGE_TYPES_H
#define KAGE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { WHITE = 0, BLACK = 1 }; /* WHITE always moves first */
typedef int Color;

#define MAX_FILES 13
#define MAX_RANKS 13
#define MAX_PIECE_TYPES 48
#define MAX_PIECES_SIDE 96 /* pieces of one side on the board */
#define MAX_MOVES 2048     /* moves in one position */
#define MAX_HAND 63        /* pieces of one kind in one hand */

/* The board is a mailbox: each rank is followed by two padding columns and
 * there are two padding ranks above and below, so that any step of up to two
 * squares from a real square lands inside the array.  A square index always
 * fits in a byte (13x13 uses indices up to 224); 0 is never a real square. */
#define BOARD_PAD 2
#define BOARD_ARRAY 272

typedef uint8_t Piece;
#define PIECE_EMPTY 0x00
#define PIECE_OFF 0x80 /* padding square */
#define PIECE_COLOR_BIT 0x40
#define PIECE_TYPE_MASK 0x3f
#define NO_SQUARE 0

static inline Piece make_piece(Color c, int type) { return (Piece)(type | (c << 6)); }
static inline int piece_type(Piece p) { return p & PIECE_TYPE_MASK; }
static inline Color piece_color(Piece p) { return (p >> 6) & 1; }

/* Moves.  bits 0-7 from, 8-15 to, 16-18 kind, 19-25 argument:
 * the dropped piece type for MOVE_DROP; for MOVE_LOCUST the direction index
 * (0-7) of the line from `from` along which extra captures lie and a 2-bit
 * mask of which of the first two squares on it are captured. */
typedef uint32_t Move;
#define MOVE_NONE 0u

enum MoveKind {
    MOVE_NORMAL = 0,
    MOVE_PROMO = 1,  /* the moving piece promotes */
    MOVE_DROP = 2,   /* from is NO_SQUARE */
    MOVE_EP = 3,     /* en-passant capture */
    MOVE_CASTLE = 4, /* king move of two squares; the rook jumps over */
    MOVE_PASS = 5,   /* Lion/Wolf pass: from == to, nothing changes */
    MOVE_LOCUST = 6  /* captures on squares other than `to` (Lion, Wolf) */
};

static inline Move move_make(int from, int to, int kind, int arg)
{
    return (Move)from | ((Move)to << 8) | ((Move)kind << 16) | ((Move)arg << 19);
}
static inline int move_from(Move m) { return m & 0xff; }
static inline int move_to(Move m) { return (m >> 8) & 0xff; }
static inline int move_kind(Move m) { return (m >> 16) & 7; }
static inline int move_arg(Move m) { return (int)(m >> 19) & 0x7f; }
static inline int move_drop_type(Move m) { return move_arg(m); }
/* Locust moves: direction index and capture mask. */
static inline int move_locust_dir(Move m) { return move_arg(m) & 7; }
static inline int move_locust_mask(Move m) { return (move_arg(m) >> 3) & 3; }

typedef struct MoveList {
    int count;
    Move moves[MAX_MOVES];
} MoveList;

/* Error report for outside input: a message and the 0-based column where
 * the problem was found (-1 when it is not tied to a position). */
typedef struct KageError {
    char msg[1280]; /* room for a path of PATH_MAX-like length and what is wrong with it */
    int column;
} KageError;

#endif
