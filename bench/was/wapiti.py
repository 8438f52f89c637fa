# Runs Debian's wapiti (3.0.4) for the bench with two things mended. Its wildcard_translate appends "(?ms)" at the end
# of the pattern, which Python 3.11 refuses, so any --exclude (-x) crashes the scan; the bench needs -x to keep wapiti
# away from the logout and database-reset links, as Bulwark's destructive rule keeps Bulwark away from them. And it
# builds every module, selected or not, and the wapp and nikto modules download their databases from the web when they
# have none: the bench sends nothing off loopback, so their update() does nothing (neither module is selected).
# Usage: /usr/bin/python3 bench/was/wapiti.py <wapiti arguments>
import re
import sys

import wapitiCore.net.crawler as crawler


def wildcard_translate(pattern):
    return re.compile("(?ms)" + "".join(".*" if c == "*" else re.escape(c) for c in pattern) + r"\Z")


crawler.wildcard_translate = wildcard_translate

import wapitiCore.attack.mod_nikto as mod_nikto  # noqa: E402
import wapitiCore.attack.mod_wapp as mod_wapp  # noqa: E402

mod_wapp.mod_wapp.update = lambda self: None
mod_nikto.mod_nikto.update = lambda self: None

from wapitiCore.main.wapiti import wapiti_main  # noqa: E402  (after the mend, so the scan uses it)

sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
