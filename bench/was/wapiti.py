# Runs Debian's wapiti (3.0.4) with one packaging bug mended: its wildcard_translate appends "(?ms)" at the end of the
# pattern, which Python 3.11 refuses, so any --exclude (-x) crashes the scan. The bench needs -x to keep wapiti away
# from the logout and database-reset links, as Bulwark's destructive rule keeps Bulwark away from them.
# Usage: /usr/bin/python3 bench/was/wapiti.py <wapiti arguments>
import re
import sys

import wapitiCore.net.crawler as crawler


def wildcard_translate(pattern):
    return re.compile("(?ms)" + "".join(".*" if c == "*" else re.escape(c) for c in pattern) + r"\Z")


crawler.wildcard_translate = wildcard_translate

from wapitiCore.main.wapiti import wapiti_main  # noqa: E402  (after the mend, so the scan uses it)

sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
