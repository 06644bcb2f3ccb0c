/* Command-line subcommands of the kage program (one table in main.c):
 * clients of the layers, above all of them. */
#ifndef KAGE_CLI_H
#define KAGE_CLI_H

#include <stdio.h>

/* `kage perft [--divide] VARIANT FEN|startpos DEPTH` and `kage perft --bench`. */
int cli_perft(int argc, char **argv);

/* `kage bench [DEPTH] [HASH_MB] [THREADS]`: search fixed positions of every variant to a
 * fixed depth; print total nodes (a signature of the search) and speed. */
int cli_bench(int argc, char **argv);

/* `kage adjudicate VARIANT FEN|startpos [MOVES...]`: play the moves and print
 * the game result ("1-0 checkmate", "* -" ...) and a line "legal M..." with
 * the moves that may follow; or "illegal MOVE" (exit status 1).  With
 * --stdin, one request a line (VARIANT<TAB>FEN<TAB>MOVES), for match tools. */
int cli_adjudicate(int argc, char **argv);

/* `kage datagen VARIANT GAMES NODES OUTFILE [OPENINGS [SEED [RANDOM_PLIES]]]`:
 * self-play games; quiet positions with the search's score and the result. */
int cli_datagen(int argc, char **argv);

/* `kage evaltrace VARIANT`: feature counts of positions read on stdin. */
int cli_evaltrace(int argc, char **argv);
int cli_nndata(int argc, char **argv);

/* `kage pgn [--to=san|uci] FILE...`: check every game of each file (each
 * move legal, the [Result] consistent with the final position) and print
 * its tags, final FEN and result, or the first error with its line (exit
 * status 1); --to writes the games again in SAN or UCI. */
int cli_pgn(int argc, char **argv);

/* `kage server [OPTION]...`: the lobby server (src/server/); --check
 * replays every stored game.  cli_server_help prints its options. */
int cli_server(int argc, char **argv);
void cli_server_help(FILE *f);

/* `kage online [--server=PATH] [--player=NAME] who|history|pgn GAME|raw`:
 * the lobby from the command line. */
int cli_online(int argc, char **argv);

#endif
