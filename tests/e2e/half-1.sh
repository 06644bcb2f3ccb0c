#!/bin/sh
# make check's share 1 of 2 of the end-to-end tests (run.sh has the list)
exec bash "$(dirname "$0")/run.sh" 1/2
