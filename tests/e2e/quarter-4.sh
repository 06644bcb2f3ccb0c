#!/bin/sh
# make check's share 4 of 4 of the end-to-end tests (run.sh has the list)
exec bash "$(dirname "$0")/run.sh" 4/4
