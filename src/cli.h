/* Command-line subcommands of the kage program (one table in main.c). */
#ifndef KAGE_CLI_H
#define KAGE_CLI_H

/* `kage perft [--divide] VARIANT FEN|startpos DEPTH` and `kage perft --bench`. */
int cli_perft(int argc, char **argv);

#endif
