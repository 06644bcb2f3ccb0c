#!/bin/sh
echo "cmocka was not found when configure ran: install libcmocka-dev, then run ./configure again" >&2
exit 1
