/* The terminal game screen: the only part of Kage that talks to curses and
 * libtermkey.  main() calls ui_main when kage runs with no command. */
#ifndef KAGE_UI_H
#define KAGE_UI_H

#include <stdio.h>

/* Parse the game options in argv (argv[0] is the program name) and play
 * until the player quits; returns the exit status (2 for bad options). */
int ui_main(int argc, char **argv);

/* Look through the game options for --help and --version (the options
 * parser itself finds them, so that "--load --help" loads a file of that
 * name): 1 --help, 3 --version, 2 bad options (said on stderr), 0 none. */
int ui_options_check(int argc, char **argv);

/* The option lines for `kage --help`. */
void ui_options_help(FILE *f);

/* Every key of every screen and what it does, one line each under each key
 * map's title, from the binding table (for --help and the man page). */
void ui_keys_help(FILE *f);

#endif
