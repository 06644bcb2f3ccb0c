/* Written by tools/nn.py: do not edit.  No variant has a network yet. */
#include "nn.h"

#include <stddef.h>

const NnNet *const nn_nets[] = {NULL};
