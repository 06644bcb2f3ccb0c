#!/bin/sh
# make check's share 2 of 4 of the end-to-end tests (run.sh has the list)
exec bash "$(dirname "$0")/run.sh" 2/4
